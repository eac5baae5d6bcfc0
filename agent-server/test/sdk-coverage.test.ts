// Every method of the official LangGraph SDK client (the version pinned in agent-server) that a
// LangGraph user calls on assistants, threads and runs, against our agent server: the test graph
// echoes, so each answer is known.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAgentEnv, sdk, registerUser, collect, type AgentEnv } from "./harness";

let env: AgentEnv;
let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  // Its own database: background and stateless runs are claimed from the queue by any server on it.
  env = await startAgentEnv({ ownDatabase: true });
  [alice, bob] = await Promise.all([registerUser(env.api), registerUser(env.api)]);
});
afterAll(async () => {
  await env?.close();
});

/** LangGraph's API keeps a stateless run's thread with on_completion "keep"; the SDK's type has other words for it. */
const KEEP = "keep" as never;
const human = (content: string) => ({ messages: [{ type: "human", content }] });
type Msg = { type: string; content: string };
const texts = (values: unknown) => ((values as { messages?: Msg[] }).messages ?? []).map((m) => `${m.type}:${m.content}`);

describe("assistants over the SDK", () => {
  it("searches, counts and reads assistants, their graph, schemas, subgraphs and versions", async () => {
    const client = sdk(env, alice);
    expect((await client.assistants.search({ graphId: "copilot" })).map((a) => a.assistant_id)).toEqual(["copilot"]);
    expect(await client.assistants.count()).toBe(5);
    expect(await client.assistants.count({ graphId: "storefront-chat" })).toBe(1);
    expect((await client.assistants.get("copilot")).graph_id).toBe("copilot");
    const graph = (await client.assistants.getGraph("copilot")) as { nodes: { id: string }[]; edges: unknown[] };
    expect(graph.nodes.map((n) => n.id)).toEqual(expect.arrayContaining(["__start__", "agent", "tools"]));
    expect(graph.edges.length).toBeGreaterThan(0);
    const schemas = await client.assistants.getSchemas("copilot");
    expect(schemas.graph_id).toBe("copilot");
    expect(Object.keys((schemas.state_schema as { properties: object }).properties)).toContain("messages");
    expect(await client.assistants.getSubgraphs("copilot")).toEqual({});
    expect((await client.assistants.getVersions("copilot")).map((v) => v.version)).toEqual([1]);
  });

  it("refuses assistants that do not exist, with a 404", async () => {
    await expect(sdk(env, alice).assistants.getGraph("nope")).rejects.toThrow(/404/);
    await expect(sdk(env, alice).assistants.getSchemas("nope")).rejects.toThrow(/404/);
  });
});

describe("threads over the SDK", () => {
  it("creates, updates metadata, counts, searches, reads, changes state and history, and deletes", async () => {
    const client = sdk(env, alice);
    const thread = await client.threads.create({ graphId: "copilot", metadata: { project: "mugs" } });
    const updated = await client.threads.update(thread.thread_id, { metadata: { stage: "quotes" } });
    expect(updated.metadata).toMatchObject({ project: "mugs", stage: "quotes", graph_id: "copilot" });
    expect(await client.threads.count({ metadata: { stage: "quotes" } })).toBe(1);
    expect(await sdk(env, bob).threads.count({ metadata: { stage: "quotes" } })).toBe(0);
    expect((await client.threads.search({ metadata: { project: "mugs" } })).map((t) => t.thread_id)).toEqual([thread.thread_id]);

    await client.runs.wait(thread.thread_id, "copilot", { input: human("hello") });
    const state = await client.threads.getState(thread.thread_id);
    expect(texts(state.values)).toEqual(["human:hello", "ai:Echo: hello"]);
    await client.threads.updateState(thread.thread_id, { values: { messages: [{ type: "ai", content: "edited" }] }, asNode: "agent" });
    expect(texts((await client.threads.getState(thread.thread_id)).values).at(-1)).toBe("ai:edited");
    expect((await client.threads.getHistory(thread.thread_id, { limit: 2 })).length).toBe(2);

    await client.threads.delete(thread.thread_id);
    await expect(client.threads.get(thread.thread_id)).rejects.toThrow(/404/);
  });

  it("will not move a thread to another assistant through its metadata, nor update another user's thread", async () => {
    const thread = await sdk(env, alice).threads.create({ graphId: "copilot" });
    await expect(sdk(env, alice).threads.update(thread.thread_id, { metadata: { graph_id: "storefront-chat" } })).rejects.toThrow(/400/);
    await expect(sdk(env, bob).threads.update(thread.thread_id, { metadata: { x: 1 } })).rejects.toThrow(/404/);
  });
});

describe("runs over the SDK", () => {
  it("runs.wait on a thread returns the thread's values when the run ends", async () => {
    const client = sdk(env, alice);
    const thread = await client.threads.create({ graphId: "copilot" });
    const values = await client.runs.wait(thread.thread_id, "copilot", { input: human("ping") });
    expect(texts(values)).toEqual(["human:ping", "ai:Echo: ping"]);
    const second = await client.runs.wait(thread.thread_id, "copilot", { input: human("use the tool") });
    expect(texts(second).slice(-1)).toEqual([expect.stringMatching(/^ai:Tool said/)]);
  });

  it("runs.wait without a thread (stateless) answers and leaves no thread behind", async () => {
    const client = sdk(env, alice);
    const values = await client.runs.wait(null, "copilot", { input: human("stateless") });
    expect(texts(values)).toEqual(["human:stateless", "ai:Echo: stateless"]);
    const before = await client.threads.count();
    await client.runs.wait(null, "copilot", { input: human("again") });
    expect(await client.threads.count()).toBe(before);
    // on_completion "keep" (LangGraph's wire value; the SDK's type names other words) keeps it.
    await client.runs.wait(null, "copilot", { input: human("keep me"), onCompletion: KEEP } as never);
    expect(await client.threads.count()).toBe(before + 1);
  });

  it("runs.stream without a thread streams the run and deletes its thread", async () => {
    const client = sdk(env, alice);
    const before = await client.threads.count();
    const events = await collect(client.runs.stream(null, "copilot", { input: human("stream me"), streamMode: "values" }));
    const last = events.filter((e) => e.event === "values").at(-1);
    expect(texts(last?.data)).toEqual(["human:stream me", "ai:Echo: stream me"]);
    // The thread is deleted once the run ends, which may be just after the stream's last event reaches the client.
    await expect.poll(() => client.threads.count()).toBe(before);
  });

  it("runs.create without a thread runs in the background", async () => {
    const client = sdk(env, alice);
    const run = await client.runs.create(null, "copilot", { input: human("background"), onCompletion: KEEP });
    expect(run.thread_id).toBeTruthy();
    const values = await client.runs.join(run.thread_id, run.run_id);
    expect(texts(values)).toEqual(["human:background", "ai:Echo: background"]);
  });

  it("creates, lists, gets, joins, follows and deletes a thread's runs", async () => {
    const client = sdk(env, alice);
    const thread = await client.threads.create({ graphId: "copilot" });
    const run = await client.runs.create(thread.thread_id, "copilot", { input: human("one") });
    expect(texts(await client.runs.join(thread.thread_id, run.run_id))).toEqual(["human:one", "ai:Echo: one"]);
    const chunks = await collect(client.runs.joinStream(thread.thread_id, run.run_id));
    expect(chunks.length).toBeGreaterThan(0);
    expect((await client.runs.list(thread.thread_id)).map((r) => r.run_id)).toEqual([run.run_id]);
    expect((await client.runs.get(thread.thread_id, run.run_id)).status).toBe("success");
    await client.runs.delete(thread.thread_id, run.run_id);
    expect(await client.runs.list(thread.thread_id)).toEqual([]);
    await expect(sdk(env, bob).runs.wait(thread.thread_id, "copilot", { input: human("not mine") })).rejects.toThrow(/404/);
  });
});
