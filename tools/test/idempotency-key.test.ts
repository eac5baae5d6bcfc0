import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolMessage } from "@langchain/core/messages";
import { registerUser, startTestApi, type TestApi } from "../../api/test/harness";
import { runContextOf, specByName, toolFromContract } from "../src/index";

// Agents retry: a tool calling an idempotent contract sends its tool call's id as the
// Idempotency-Key, so the same tool call run twice (a resumed run replaying its tool node, a
// retry after a timeout) acts once, and another tool call acts again.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe("tools of idempotent contracts", () => {
  it("send the tool call's id as the Idempotency-Key: the same call creates one tech pack", async () => {
    const user = await registerUser(api);
    const tool = toolFromContract(specByName("create_tech_pack"), { apiBaseUrl: api.url });
    const config = { context: runContextOf({ apiToken: user.token, apiBaseUrl: api.url }) };
    const run = async (id: string) => {
      const message = (await tool.invoke({ id, name: "create_tech_pack", args: { productName: "Retry hoodie" }, type: "tool_call" }, config)) as ToolMessage;
      return JSON.parse(String(message.content)) as { id: string };
    };
    const first = await run("call-retry-1");
    const again = await run("call-retry-1");
    const other = await run("call-retry-2");
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    const { rows } = await api.deps.pool.query("SELECT count(*)::int AS n FROM tech_packs WHERE store_id = $1", [user.store.id]);
    expect(rows[0].n).toBe(2);
  });
});
