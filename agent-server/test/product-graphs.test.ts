import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@langchain/langgraph-sdk";
import { HumanMessage } from "@langchain/core/messages";
import { createApiClient } from "@atelier/contracts";
import { buildGraph, createScriptedModelFactory, type ScriptStep } from "@atelier/graphs";
import { runContextOf } from "@atelier/tools";
import { openDatabase, type Database } from "../../api/src/db/pool";
import { migrate } from "../../api/src/db/migrate";
import { startApi } from "../../api/src/server";
import { registerUser, setPlan, testConfig, type TestApi, type TestUser } from "../../api/test/harness";
import { AtelierCheckpointer } from "../src/checkpointer";
import { productGraphs } from "../src/product-graphs";
import { startAgentServer, type AgentServer } from "../src/server";

// The product's graphs served by the agent server with the scripted model: the exact tool calls a
// run makes through the server, and what they write. Its own embedded database, because every agent
// server on a database claims runs from the same queue, and other test files serve a test graph
// under the same assistant ids (see sdk-product.test.ts).

let db: Database;
let api: TestApi;
let agent: AgentServer;

// Every model call the server's graphs make in this file, in test order (the graphs are built once).
const model = createScriptedModelFactory([
  { toolCalls: [{ name: "get_plan", args: {} }] },
  { toolCalls: [{ name: "invite_team_member", args: { email: "Ana@Example.com", role: "CX" } }] },
  "Ana is invited as support; the invite is pending.",
]);

beforeAll(async () => {
  db = await openDatabase({ dataDir: null, poolSize: 10 });
  await migrate(db.pool);
  const started = await startApi({ config: testConfig(), database: db, migrate: false });
  api = { ...started, client: createApiClient({ baseUrl: started.url }) } as unknown as TestApi;
  agent = await startAgentServer({ config: testConfig(), pool: db.pool, graphs: productGraphs(api.url, model), apiBaseUrl: api.url, port: 0, pollMs: 50, tokens: api.deps.tokens });
});

afterAll(async () => {
  await agent?.close();
  await api?.close();
  await db?.close();
});

const sdkFor = (user: TestUser) => new Client({ apiUrl: agent.url, defaultHeaders: { authorization: `Bearer ${user.token}` }, callerOptions: { maxRetries: 0 } });
type Msg = { type: string; id?: string; content: unknown; tool_calls?: { id?: string; name: string; args: Record<string, unknown> }[]; name?: string; tool_call_id?: string };
const messagesOf = (values: unknown) => ((values as { messages?: Msg[] }).messages ?? []) as Msg[];
const toolNames = (messages: Msg[]) => messages.flatMap((m) => (m.type === "ai" ? (m.tool_calls ?? []).map((c) => c.name) : []));

async function historyMessages(user: TestUser, threadId: string, checkpointId?: string) {
  const res = await fetch(`${agent.url}/agent/history-messages/${threadId}${checkpointId ? `?checkpointId=${checkpointId}` : ""}`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { checkpointId: string | null; messages: { id: string | null; role: string; content: unknown; toolCalls: { name: string }[] }[] };
}

describe("product graphs through the agent server (scripted model)", () => {
  it("plays the copilot's exact tool calls, pauses the invite for approval, and writes it once approved", async () => {
    const user = await registerUser(api);
    await setPlan(api, user.store.id, "TIER_3");
    const sdk = sdkFor(user);
    const thread = await sdk.threads.create({ graphId: "copilot" });
    const first = [];
    for await (const e of sdk.runs.stream(thread.thread_id, "copilot", { input: { messages: [{ type: "human", content: "invite ana@example.com" }] }, streamMode: ["values", "updates"] })) first.push(e);
    const interrupt = first.filter((e) => e.event === "updates").map((e) => (e.data as { __interrupt__?: { value: unknown }[] }).__interrupt__).find(Boolean);
    expect(interrupt?.[0]?.value).toMatchObject({ type: "approval", tool: "invite_team_member", args: { email: "ana@example.com", role: "CX" } });
    const invites = () => db.pool.query("SELECT email, role, status FROM store_team_member_invites WHERE store_id = $1", [user.store.id]);
    expect((await invites()).rows).toEqual([]);

    const run = await sdk.runs.create(thread.thread_id, "copilot", { command: { resume: { approved: true } } });
    const messages = messagesOf(await sdk.runs.join(thread.thread_id, run.run_id));
    expect(toolNames(messages)).toEqual(["get_plan", "invite_team_member"]);
    expect(messages.map((m) => m.type)).toEqual(["human", "ai", "tool", "ai", "tool", "ai"]);
    expect(JSON.parse(String(messages[2]!.content))).toMatchObject({ planType: "TIER_3" });
    expect(JSON.parse(String(messages[4]!.content))).toMatchObject({ email: "ana@example.com", role: "CX", status: "PENDING" });
    expect(messages.at(-1)?.content).toBe("Ana is invited as support; the invite is pending.");
    expect(model.remaining()).toBe(0);
    // The model saw each tool result before its next turn.
    expect(model.seen).toHaveLength(3);
    expect(model.seen[2]!.at(-1)!.getType()).toBe("tool");

    const rows = (await invites()).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "ana@example.com", role: "CX", status: "PENDING" });
    const runs = await db.pool.query("SELECT status FROM agent_runs WHERE thread_id = $1 ORDER BY created_at", [thread.thread_id]);
    expect(runs.rows.map((r) => r.status)).toEqual(["interrupted", "success"]);
    const history = await historyMessages(user, thread.thread_id);
    expect(history.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool", "assistant"]);
    expect(history.messages[3]!.toolCalls.map((c) => c.name)).toEqual(["invite_team_member"]);
  });

  it("history-messages reads the same messages as the full state at every checkpoint, past a snapshot and on a fork", async () => {
    const user = await registerUser(api);
    const sdk = sdkFor(user);
    const thread = await sdk.threads.create({ graphId: "copilot" });
    // A long thread written by the same graph on the same checkpointer, in-process (fast); the
    // server reads it like any other. 60 turns with a tool call each: 240 messages, past the
    // channel's snapshot every 100 updates.
    const turns = 60;
    const steps: ScriptStep[] = [];
    for (let i = 0; i < turns; i++) steps.push({ toolCalls: [{ name: "get_business_settings", args: {} }] }, `answer ${i}`);
    steps.push("forked answer");
    const local = createScriptedModelFactory(steps);
    const graph = buildGraph("copilot", { modelFactory: local, checkpointer: new AtelierCheckpointer(db.pool), apiBaseUrl: api.url });
    const context = runContextOf({ apiToken: user.token, apiBaseUrl: api.url });
    for (let i = 0; i < turns; i++) {
      await graph.invoke({ messages: [new HumanMessage(`question ${i}`)] }, { configurable: { thread_id: thread.thread_id }, context });
    }

    const latest = await historyMessages(user, thread.thread_id);
    expect(latest.messages).toHaveLength(turns * 4);
    expect(latest.messages.at(-1)!.content).toBe(`answer ${turns - 1}`);
    const snapshots = await db.pool.query("SELECT count(*)::int AS n FROM checkpoint_blobs WHERE thread_id = $1 AND channel = 'messages' AND type <> 'empty'", [thread.thread_id]);
    expect(snapshots.rows[0].n).toBeGreaterThan(0);

    // Fork from the middle: the new branch and the old one both read right.
    const all = await sdk.threads.getHistory(thread.thread_id, { limit: 1000 });
    const mid = all.find((h) => messagesOf(h.values).length === 100 && h.next.length === 0)!;
    await graph.invoke({ messages: [new HumanMessage("fork here")] }, { configurable: { thread_id: thread.thread_id, checkpoint_id: mid.checkpoint.checkpoint_id }, context });
    const forked = await historyMessages(user, thread.thread_id);
    expect(forked.messages.map((m) => m.content).slice(-2)).toEqual(["fork here", "forked answer"]);
    expect(forked.messages).toHaveLength(102);

    const history = await sdk.threads.getHistory(thread.thread_id, { limit: 1000 });
    const sample = history.filter((_, i) => i % 9 === 0 || i < 4);
    expect(sample.length).toBeGreaterThan(20);
    for (const h of [...sample, ...all.filter((_, i) => i % 23 === 0)]) {
      const id = h.checkpoint.checkpoint_id!;
      const fast = await historyMessages(user, thread.thread_id, id);
      const state = await sdk.threads.getState(thread.thread_id, id);
      expect(fast.checkpointId).toBe(id);
      expect(fast.messages.map((m) => [m.id, m.content])).toEqual(messagesOf(state.values).map((m) => [m.id, m.content]));
    }
  }, 120_000);
});
