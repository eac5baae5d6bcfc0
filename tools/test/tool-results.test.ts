import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, startTestApi, type TestApi } from "../../api/test/harness";
import { readToolResult, runContextOf, specByName, toolFromContract, toolResponse, type ToolName } from "../src/index";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

describe("readToolResult", () => {
  it("reads a real tool's answer as its contract's response", async () => {
    const user = await registerUser(api);
    const content = await toolFromContract(specByName("get_plan"), { apiBaseUrl: api.url }).invoke({}, { context: runContextOf({ apiToken: user.token, apiBaseUrl: api.url }) });
    const result = readToolResult("get_plan", content);
    if (!result.ok) throw new Error(`expected a plan, got ${JSON.stringify(result)}`);
    // Typed by the contract: planType is the plan's enum, no cast.
    expect(result.value.planType).toBe("TIER_1");
    expect(toolResponse("get_plan", JSON.parse(String(content)))?.planType).toBe("TIER_1");
  });

  it("passes an API error on typed, and a refusal as declined", async () => {
    const content = await toolFromContract(specByName("get_plan"), { apiBaseUrl: api.url }).invoke({}, { context: runContextOf({ apiBaseUrl: api.url }) });
    const failed = readToolResult("get_plan", content);
    expect(failed).toMatchObject({ ok: false, declined: false, error: { status: 401 } });
    expect(readToolResult("pay_sourcing_invoice", JSON.stringify({ declined: true, message: "The user declined: pay. Nothing was done." }))).toEqual({ ok: false, declined: true, message: "The user declined: pay. Nothing was done." });
  });

  it("says so when an answer is not the contract's response, instead of guessing its fields", () => {
    const wrong = readToolResult("search_catalog_items", JSON.stringify({ items: [] }));
    expect(wrong).toMatchObject({ ok: false, declined: false, error: { code: "UNREADABLE_RESULT" } });
    if (!wrong.ok && !wrong.declined) expect(wrong.error.message).toContain("list");
    expect(readToolResult("get_cart", "Error: bad arguments")).toMatchObject({ ok: false, error: { code: "UNREADABLE_RESULT" } });
    expect(toolResponse("get_cart", "{}")).toBeUndefined();
  });

  it("throws on a tool name that does not exist", () => {
    expect(() => readToolResult("get_plans" as ToolName, "{}")).toThrow(/Unknown tool get_plans/);
  });
});
