import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, type TestApi } from "../../api/test/harness";
import { startAgentServer, type AgentServer } from "../../agent-server/src/server";
import { testGraphs } from "../../agent-server/test/test-graph";
import { testConfig } from "../../api/test/harness";
import { startIsolatedApi, type IsolatedApi } from "../isolated-api";
import type { AgentLimits } from "../../agent-server/src/limits";
import { newClient, send } from "./clients";

// Issue 14, item 8: what an anonymous visitor (and a store) can make the agent server store, with
// small limits. Each visitor is a real client address of its own (./clients.ts).

const LIMITS: AgentLimits = {
  visitorThreadsPerDay: 3,
  visitorAddressThreadsPerDay: 5,
  visitorRunsPerThread: 2,
  storeThreads: 3,
  visitorMessageChars: 100,
  visitorInputBytes: 1024,
  userInputBytes: 4096,
  visitorMetadataBytes: 200,
  userMetadataBytes: 1000,
};

let api: IsolatedApi;
let agent: AgentServer;
beforeAll(async () => {
  api = await startIsolatedApi({}, { poolSize: 10 });
  agent = await startAgentServer({ config: testConfig(), pool: api.database.pool, graphs: testGraphs, apiBaseUrl: api.url, port: 0, pollMs: 50, anonymousRunsPerMinute: 1000, limits: LIMITS });
}, 120_000);
afterAll(async () => {
  await agent?.close();
  await api?.close();
});

const visitor = () => ({ "x-anonymous-id": `visitor-${crypto.randomUUID()}` });
const newThread = (headers: Record<string, string>, from: string, body: unknown = {}) => send(`${agent.url}/threads`, body, headers, from);
const human = (content: unknown) => ({ messages: [{ type: "human", content }] });
const run = (threadId: string, headers: Record<string, string>, from: string, extra: Record<string, unknown> = {}) =>
  send(`${agent.url}/threads/${threadId}/runs`, { assistant_id: "storefront-chat", input: human("hello"), multitask_strategy: "enqueue", ...extra }, headers, from);

describe("threads per visitor and per store", () => {
  it("a visitor id makes 3 threads a day; the 4th is 429 with a sentence", async () => {
    const from = newClient();
    const me = visitor();
    for (let i = 0; i < 3; i++) expect((await newThread(me, from)).status).toBe(200);
    const refused = await newThread(me, from);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Too many new conversations today. Please continue an earlier one, or try again tomorrow.");
    // A run that would create a thread meets the same cap.
    const viaRun = await run(crypto.randomUUID(), me, from, { if_not_exists: "create" });
    expect(viaRun.status).toBe(429);
  });

  it("new ids from one address stop at the address's 5 threads a day; another address is not affected", async () => {
    const from = newClient();
    for (let i = 0; i < 5; i++) expect((await newThread(visitor(), from)).status, `thread ${i + 1}`).toBe(200);
    expect((await newThread(visitor(), from)).status).toBe(429);
    expect((await newThread(visitor(), newClient())).status).toBe(200);
  });

  it("parallel creations are counted one by one", async () => {
    const from = newClient();
    const me = visitor();
    const answers = await Promise.all(Array.from({ length: 8 }, () => newThread(me, from)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
  });

  it("a store keeps 3 threads; the 4th is 429 until one is deleted", async () => {
    const owner = await registerUser(api as unknown as TestApi);
    const auth = { authorization: `Bearer ${owner.token}` };
    const from = newClient();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await newThread(auth, from)).body.thread_id);
    const refused = await newThread(auth, from);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("This store keeps 3 conversations, the most it can. Delete old conversations to start new ones.");
    expect((await send(`${agent.url}/threads/${ids[0]}`, undefined, auth, from, "DELETE")).status).toBe(204);
    expect((await newThread(auth, from)).status).toBe(200);
  });

  it("a visitor thread holds 2 runs; the 3rd is 429", async () => {
    const from = newClient();
    const me = visitor();
    const thread = (await newThread(me, from)).body.thread_id;
    expect((await run(thread, me, from)).status).toBe(200);
    expect((await run(thread, me, from)).status).toBe(200);
    const refused = await run(thread, me, from);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("This conversation has reached 2 messages, the most it can hold. Please start a new one.");
  });
});

describe("message and metadata sizes", () => {
  it("a visitor's message is at most 100 characters, as text or text parts; a user's is not held to it", async () => {
    const from = newClient();
    const me = visitor();
    const thread = (await newThread(me, from)).body.thread_id;
    const long = await run(thread, me, from, { input: human("x".repeat(101)) });
    expect(long.status).toBe(400);
    expect(long.body.details[0]).toEqual({ field: "input.messages.0.content", reason: "is too long: a message can be at most 100 characters. Shorten it or split it into two messages" });
    const parts = await run(thread, me, from, { input: human([{ type: "text", text: "y".repeat(60) }, { type: "text", text: "z".repeat(60) }]) });
    expect(parts.status).toBe(400);
    expect((await run(thread, me, from, { input: human("x".repeat(100)) })).status).toBe(200);

    const owner = await registerUser(api as unknown as TestApi);
    const auth = { authorization: `Bearer ${owner.token}` };
    const userThread = (await newThread(auth, from, { metadata: { graph_id: "copilot" } })).body.thread_id;
    expect((await send(`${agent.url}/threads/${userThread}/runs`, { assistant_id: "copilot", input: human("x".repeat(2000)) }, auth, from)).status).toBe(200);
  });

  it("a visitor's whole payload is at most 1 KB (input, command, context); a user's 4 KB", async () => {
    const from = newClient();
    const me = visitor();
    const thread = (await newThread(me, from)).body.thread_id;
    const stuffed = await run(thread, me, from, { input: { ...human("hi"), extra: "e".repeat(1100) } });
    expect(stuffed.status).toBe(400);
    expect(stuffed.body.message).toBe("input is too large: a message can carry at most 1 KB");
    const context = await run(thread, me, from, { context: { note: "c".repeat(1100) } });
    expect(context.status).toBe(400);

    const owner = await registerUser(api as unknown as TestApi);
    const auth = { authorization: `Bearer ${owner.token}` };
    const userThread = (await newThread(auth, from, { metadata: { graph_id: "copilot" } })).body.thread_id;
    const big = await send(`${agent.url}/threads/${userThread}/runs`, { assistant_id: "copilot", input: human("x".repeat(5000)) }, auth, from);
    expect(big.status).toBe(400);
    expect(big.body.message).toBe("input is too large: a message can carry at most 4 KB");
  });

  it("a visitor's thread and run metadata is at most 200 bytes; a user's 1,000", async () => {
    const from = newClient();
    const me = visitor();
    const refused = await newThread(me, from, { metadata: { note: "m".repeat(250) } });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0]).toEqual({ field: "metadata", reason: "is too large: at most 200 bytes of metadata can be kept" });
    const thread = (await newThread(me, from, { metadata: { note: "m".repeat(100) } })).body.thread_id;
    expect((await run(thread, me, from, { metadata: { note: "m".repeat(250) } })).status).toBe(400);

    const owner = await registerUser(api as unknown as TestApi);
    const auth = { authorization: `Bearer ${owner.token}` };
    expect((await newThread(auth, from, { metadata: { note: "m".repeat(250) } })).status).toBe(200);
    expect((await newThread(auth, from, { metadata: { note: "m".repeat(1100) } })).status).toBe(400);
  });

  it("a visitor's state update is held to the payload limit too", async () => {
    const from = newClient();
    const me = visitor();
    const thread = (await newThread(me, from)).body.thread_id;
    const refused = await send(`${agent.url}/threads/${thread}/state`, { values: { messages: [{ type: "human", content: "v".repeat(1100) }] } }, me, from);
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].field).toBe("values");
  });
});
