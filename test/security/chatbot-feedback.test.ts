import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { helpCenter } from "@atelier/contracts";
import { startAgentEnv, sdk, type AgentEnv } from "../../agent-server/test/harness";
import { registerUser } from "../../api/test/harness";
import { teamMember } from "../factories/accounts";

// Issue 14, item 11: a storefront chatbot message's feedback belongs to the thread's owner only.

let env: AgentEnv;
beforeAll(async () => {
  env = await startAgentEnv();
});
afterAll(() => env.close());

const feedback = (body: Record<string, unknown>, token?: string) => env.api.raw("POST", "/commons/chatbot-feedback", { body, token });

async function ratingOf(threadId: string) {
  const { rows } = await env.api.deps.pool.query("SELECT message_id, rating, comment FROM chatbot_feedback WHERE thread_id = $1 ORDER BY message_id", [threadId]);
  return rows;
}

describe("chatbot feedback ownership", () => {
  it("only the visitor whose thread it is can rate its messages; every other writer gets 404 and changes nothing", async () => {
    const visitor = `visitor-${crypto.randomUUID()}`;
    const thread = await sdk(env, null, { "x-anonymous-id": visitor }).threads.create({ metadata: { graph_id: "storefront-chat" } });
    const threadId = thread.thread_id;
    const mine = await feedback({ threadId, messageId: "m1", rating: "up", anonymousId: visitor });
    expect(mine.status).toBe(200);

    const someone = await registerUser(env.api);
    const attempts = [
      feedback({ threadId, messageId: "m1", rating: "down", comment: "overwritten", anonymousId: `visitor-${crypto.randomUUID()}` }),
      feedback({ threadId, messageId: "m1", rating: "down", comment: "overwritten" }),
      feedback({ threadId, messageId: "m1", rating: "down", comment: "overwritten" }, someone.token),
      feedback({ threadId, messageId: "m2", rating: "down", comment: "a new one", anonymousId: visitor.toUpperCase() }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Conversation was not found");
    }
    expect(await ratingOf(threadId)).toEqual([{ message_id: "m1", rating: "up", comment: null }]);
  });

  it("a signed-in user's thread takes feedback from that user only, not from a teammate or its own store's other sessions", async () => {
    const owner = await registerUser(env.api);
    const thread = await sdk(env, owner).threads.create({ metadata: { graph_id: "storefront-chat" } });
    const threadId = thread.thread_id;
    const teammate = await teamMember(env.api, owner, "ADMIN");

    expect((await feedback({ threadId, messageId: "m1", rating: "up" }, owner.token)).status).toBe(200);
    expect((await feedback({ threadId, messageId: "m1", rating: "down" }, teammate.token)).status).toBe(404);
    expect((await feedback({ threadId, messageId: "m1", rating: "down" })).status).toBe(404);
    // A visitor who knows nothing but the thread id cannot claim it with a made-up anonymous id.
    expect((await feedback({ threadId, messageId: "m1", rating: "down", anonymousId: "anything-at-all" })).status).toBe(404);
    expect(await ratingOf(threadId)).toEqual([{ message_id: "m1", rating: "up", comment: null }]);
  });

  it("an unknown or malformed thread id is not found", async () => {
    const res = await env.api.client.call(helpCenter.submitChatbotFeedback, { body: { threadId: crypto.randomUUID(), messageId: "m1", rating: "up", anonymousId: "visitor-12345678" } }).catch((e: unknown) => e);
    expect(res).toMatchObject({ status: 404 });
    expect((await feedback({ threadId: "not-a-uuid", messageId: "m1", rating: "up", anonymousId: "visitor-12345678" })).status).toBe(404);
  });
});
