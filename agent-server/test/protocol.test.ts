import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAgentEnv, sdk, registerUser, joinStore, collect, raw, tablesHolding, type AgentEnv } from "./harness";
import { armGate, gate } from "./test-graph";
import { buildScreenContext } from "@atelier/contracts/agent-context";

let env: AgentEnv;
let alice: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  env = await startAgentEnv();
  alice = await registerUser(env.api);
  bob = await registerUser(env.api);
});
afterAll(async () => {
  gate.release();
  await env?.close();
});

const human = (content: string) => ({ messages: [{ type: "human", content }] });
type Msg = { type: string; content: string; id?: string; tool_calls?: { name: string }[] };
const texts = (values: unknown) => ((values as { messages: Msg[] }).messages ?? []).map((m) => `${m.type}:${m.content}`);

async function waitFor(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("condition not reached");
}

describe("agent server over the official SDK", () => {
  it("answers /ok and lists one assistant per graph", async () => {
    expect((await fetch(`${env.agent.url}/ok`)).status).toBe(200);
    const assistants = await sdk(env, alice).assistants.search({ limit: 100 });
    expect(assistants.map((a) => a.assistant_id).sort()).toEqual(["copilot", "packaging-agent", "sourcing-agent", "storefront-chat", "tariff-rate-agent"]);
    expect((await sdk(env, alice).assistants.get("copilot")).graph_id).toBe("copilot");
  });

  it("streams a run with values, updates, messages, messages-tuple and custom events, then serves state and history", async () => {
    const client = sdk(env, alice);
    const thread = await client.threads.create({ graphId: "copilot", metadata: { topic: "hello" } });
    let created: { run_id: string } | undefined;
    const events = await collect(
      client.runs.stream(thread.thread_id, "copilot", {
        input: human("hello there"),
        streamMode: ["values", "updates", "messages", "messages-tuple", "custom"],
        onRunCreated: (meta) => (created = meta),
      }),
    );
    const names = events.map((e) => e.event);
    expect(names[0]).toBe("metadata");
    expect(created?.run_id).toBe((events[0]!.data as { run_id: string }).run_id);
    for (const name of ["values", "updates", "messages/metadata", "messages/partial", "messages/complete", "messages", "custom"]) expect(names).toContain(name);
    expect(names.at(-1)).toBe("end");
    const lastValues = events.filter((e) => e.event === "values").at(-1)!.data;
    expect(texts(lastValues)).toEqual(["human:hello there", "ai:Echo: hello there"]);
    const partials = events.filter((e) => e.event === "messages/partial").map((e) => (e.data as Msg[])[0]!.content);
    expect(partials.length).toBeGreaterThan(1);
    expect(partials.at(-1)).toBe("Echo: hello there");
    expect(events.find((e) => e.event === "custom")!.data).toEqual({ progress: "thinking" });

    const state = await client.threads.getState(thread.thread_id);
    expect(texts(state.values)).toEqual(["human:hello there", "ai:Echo: hello there"]);
    expect(state.next).toEqual([]);
    expect(state.checkpoint.checkpoint_id).toBeTruthy();
    const history = await client.threads.getHistory(thread.thread_id, { limit: 10 });
    expect(history[0]!.checkpoint.checkpoint_id).toBe(state.checkpoint.checkpoint_id);
    expect(history.length).toBeGreaterThanOrEqual(3);
    const first = history.at(-1)!;
    const past = await client.threads.getState(thread.thread_id, first.checkpoint.checkpoint_id!);
    expect(past.checkpoint.checkpoint_id).toBe(first.checkpoint.checkpoint_id);

    const fetched = await client.threads.get(thread.thread_id);
    expect(fetched.status).toBe("idle");
    expect(fetched.metadata).toMatchObject({ topic: "hello", graph_id: "copilot" });
    const mine = await client.threads.search({ limit: 100 });
    expect(mine.map((t) => t.thread_id)).toContain(thread.thread_id);
    expect((await sdk(env, bob).threads.search({ limit: 100 })).map((t) => t.thread_id)).not.toContain(thread.thread_id);
  });

  it("reads graph_id and assistant_id alike as a thread's assistant, and filters a search page by it in full", async () => {
    const carol = await registerUser(env.api);
    const client = sdk(env, carol);
    const byAssistantId = await client.threads.create({ metadata: { assistant_id: "copilot", source: "panel" } });
    expect(byAssistantId.metadata).toEqual({ source: "panel", graph_id: "copilot", assistant_id: "copilot" });
    const byGraphId = await client.threads.create({ graphId: "copilot" });
    // Newer threads of another assistant: a page of two must still hold both copilot threads.
    for (let n = 0; n < 3; n++) await client.threads.create({ graphId: "sourcing-agent" });
    const ids = (metadata: Record<string, unknown>) => client.threads.search({ metadata, limit: 2 }).then((list) => list.map((t) => t.thread_id).sort());
    const copilot = [byAssistantId.thread_id, byGraphId.thread_id].sort();
    expect(await ids({ graph_id: "copilot" })).toEqual(copilot);
    expect(await ids({ assistant_id: "copilot" })).toEqual(copilot);
    expect(await ids({ graph_id: "copilot", assistant_id: "copilot", source: "panel" })).toEqual([byAssistantId.thread_id]);
    expect(await ids({ graph_id: "copilot", assistant_id: "sourcing-agent" })).toEqual([]);
    expect(await ids({ assistant_id: 7 })).toEqual([]);
    expect((await client.threads.search({ metadata: { assistant_id: "sourcing-agent" }, limit: 10 })).length).toBe(3);
  });

  it("passes the caller's token and screen to tools through the run context, and stores the token nowhere", async () => {
    const client = sdk(env, alice);
    const thread = await client.threads.create({ graphId: "copilot" });
    const screen = buildScreenContext({ route: "/supplier-profile/:supplierId", path: "/supplier-profile/s-1", entity: { type: "supplier", id: "s-1" } });
    const events = await collect(
      client.runs.stream(thread.thread_id, "copilot", { input: human("use the tool please"), streamMode: ["values"], context: { screen } }),
    );
    const values = events.filter((e) => e.event === "values").at(-1)!.data as { messages: Msg[] };
    const toolResult = JSON.parse(values.messages.find((m) => m.type === "tool")!.content);
    expect(toolResult).toEqual({ hasToken: true, storeId: alice.store.id, screen });
    expect(values.messages.at(-1)!.content).toContain("Tool said");

    // (token-scan.test.ts does the same through a product graph calling the API, and scans the logs.)
    expect(await tablesHolding(env.db.pool, alice.token)).toEqual([]);
    // The scan itself can fail: it finds the question in the checkpoints' bytes, the run and its events.
    expect(await tablesHolding(env.db.pool, "use the tool please")).toEqual(expect.arrayContaining(["checkpoint_writes", "agent_runs", "agent_run_events"]));
  });

  it("pauses on an interrupt and resumes with command.resume", async () => {
    const client = sdk(env, alice);
    const thread = await client.threads.create({ graphId: "sourcing-agent" });
    const first = await collect(client.runs.stream(thread.thread_id, "sourcing-agent", { input: human("please approve this"), streamMode: ["values", "updates"] }));
    const interruptUpdate = first.find((e) => e.event === "updates" && (e.data as Record<string, unknown>).__interrupt__);
    expect(interruptUpdate).toBeTruthy();
    const paused = await client.threads.getState(thread.thread_id);
    expect(paused.next).toEqual(["approval"]);
    expect(paused.tasks[0]!.interrupts[0]!.value).toEqual({ question: "Send it?" });
    expect((await client.threads.get(thread.thread_id)).status).toBe("interrupted");
    const runs = await client.runs.list(thread.thread_id);
    expect(runs[0]!.status).toBe("interrupted");

    const resumed = await collect(client.runs.stream(thread.thread_id, "sourcing-agent", { command: { resume: { approved: true } }, streamMode: ["values"] }));
    const values = resumed.filter((e) => e.event === "values").at(-1)!.data;
    expect(texts(values).at(-1)).toBe('ai:Decision: {"approved":true}');
    expect((await client.threads.get(thread.thread_id)).status).toBe("idle");
  });

  it("forks from a past checkpoint, with a run and with a state update, leaving the original branch intact", async () => {
    const client = sdk(env, alice);
    const thread = await client.threads.create({ graphId: "copilot" });
    await collect(client.runs.stream(thread.thread_id, "copilot", { input: human("one") }));
    const afterOne = await client.threads.getState(thread.thread_id);
    await collect(client.runs.stream(thread.thread_id, "copilot", { input: human("two") }));
    expect(texts((await client.threads.getState(thread.thread_id)).values)).toHaveLength(4);

    await collect(client.runs.stream(thread.thread_id, "copilot", { input: human("three"), checkpointId: afterOne.checkpoint.checkpoint_id! }));
    const forked = await client.threads.getState(thread.thread_id);
    expect(texts(forked.values)).toEqual(["human:one", "ai:Echo: one", "human:three", "ai:Echo: three"]);
    const history = await client.threads.getHistory(thread.thread_id, { limit: 50 });
    expect(history.some((h) => texts(h.values).includes("human:two"))).toBe(true);

    const update = await client.threads.updateState(thread.thread_id, { values: { messages: [{ type: "ai", content: "edited" }] }, checkpointId: afterOne.checkpoint.checkpoint_id!, asNode: "agent" });
    const edited = await client.threads.getState(thread.thread_id, update.configurable!.checkpoint_id!);
    expect(texts(edited.values)).toEqual(["human:one", "ai:Echo: one", "ai:edited"]);
  });

  it("lets a reloaded client resume a background run's stream after the last event it saw", async () => {
    const client = sdk(env, alice);
    const thread = await client.threads.create({ graphId: "copilot" });
    const run = await client.runs.create(thread.thread_id, "copilot", { input: human("background"), streamMode: ["values", "updates"] });
    expect(run.status).toBe("pending");
    const joined = (await client.runs.join(thread.thread_id, run.run_id)) as { messages: Msg[] };
    expect(joined.messages.map((m) => m.content)).toEqual(["background", "Echo: background"]);
    expect((await client.runs.get(thread.thread_id, run.run_id)).status).toBe("success");

    const all = await collect(client.runs.joinStream(thread.thread_id, run.run_id));
    expect(all.map((e) => Number(e.id))).toEqual(all.map((_, i) => i + 1));
    const rest = await collect(client.runs.joinStream(thread.thread_id, run.run_id, { lastEventId: "2" }));
    expect(rest.map((e) => e.id)).toEqual(all.slice(2).map((e) => e.id));
    expect(rest.at(-1)!.event).toBe("end");
  });

  it("cancels a running run", async () => {
    armGate();
    const client = sdk(env, alice);
    const thread = await client.threads.create({ graphId: "copilot" });
    const run = await client.runs.create(thread.thread_id, "copilot", { input: human("please wait") });
    await waitFor(async () => (await client.runs.get(thread.thread_id, run.run_id)).status === "running");
    await client.runs.cancel(thread.thread_id, run.run_id, true);
    expect((await client.runs.get(thread.thread_id, run.run_id)).status).toBe("cancelled");
    expect((await client.threads.get(thread.thread_id)).status).toBe("idle");
    const again = await raw(env, "POST", `/threads/${thread.thread_id}/runs/${run.run_id}/cancel`, { token: alice.token });
    expect(again.status).toBe(409);
    gate.release();
  });

  it("applies the double-texting strategies: reject, enqueue, interrupt, rollback", async () => {
    armGate();
    const client = sdk(env, alice);
    const thread = await client.threads.create({ graphId: "copilot" });
    const busy = await client.runs.create(thread.thread_id, "copilot", { input: human("please wait") });
    await waitFor(async () => (await client.runs.get(thread.thread_id, busy.run_id)).status === "running");
    await expect(client.runs.create(thread.thread_id, "copilot", { input: human("rejected") })).rejects.toMatchObject({ status: 409 });
    const queued = await client.runs.create(thread.thread_id, "copilot", { input: human("queued"), multitaskStrategy: "enqueue" });
    expect(queued.status).toBe("pending");
    gate.release();
    await client.runs.join(thread.thread_id, queued.run_id);
    expect((await client.runs.get(thread.thread_id, busy.run_id)).status).toBe("success");
    expect(texts((await client.threads.getState(thread.thread_id)).values)).toEqual(["human:please wait", "ai:Echo: please wait", "human:queued", "ai:Echo: queued"]);

    armGate();
    const entered = gate.entered;
    const slow = await client.runs.create(thread.thread_id, "copilot", { input: human("again wait") });
    await waitFor(async () => gate.entered > entered);
    const interrupting = await client.runs.create(thread.thread_id, "copilot", { input: human("interrupting"), multitaskStrategy: "interrupt" });
    await client.runs.join(thread.thread_id, interrupting.run_id);
    expect((await client.runs.get(thread.thread_id, slow.run_id)).status).toBe("cancelled");
    expect(texts((await client.threads.getState(thread.thread_id)).values).slice(-3)).toEqual(["human:again wait", "human:interrupting", "ai:Echo: interrupting"]);

    armGate();
    const entered2 = gate.entered;
    const slow2 = await client.runs.create(thread.thread_id, "copilot", { input: human("rollback wait") });
    await waitFor(async () => gate.entered > entered2);
    const rolling = await client.runs.create(thread.thread_id, "copilot", { input: human("after rollback"), multitaskStrategy: "rollback" });
    await client.runs.join(thread.thread_id, rolling.run_id);
    expect((await client.runs.get(thread.thread_id, slow2.run_id)).status).toBe("cancelled");
    const final = texts((await client.threads.getState(thread.thread_id)).values);
    expect(final).not.toContain("human:rollback wait");
    expect(final.slice(-2)).toEqual(["human:after rollback", "ai:Echo: after rollback"]);
    gate.release();
  });

  it("returns the thread's messages at a checkpoint on the spec's history-messages path", async () => {
    const client = sdk(env, alice);
    const thread = await client.threads.create({ graphId: "copilot" });
    await collect(client.runs.stream(thread.thread_id, "copilot", { input: human("use the tool now") }));
    const latest = await raw(env, "GET", `/agent/history-messages/${thread.thread_id}`, { token: alice.token });
    expect(latest.status).toBe(200);
    expect(latest.body.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(latest.body.messages[1].toolCalls[0].name).toBe("whoami");
    expect(latest.body.messages[2].toolCallId).toBe(latest.body.messages[1].toolCalls[0].id);
    for (const m of latest.body.messages) expect(Date.parse(m.createdAt)).not.toBeNaN();
    const history = await client.threads.getHistory(thread.thread_id, { limit: 50 });
    const early = history.find((h) => texts(h.values).length === 1)!;
    const past = await raw(env, "GET", `/agent/history-messages/${thread.thread_id}?checkpointId=${early.checkpoint.checkpoint_id}`, { token: alice.token });
    expect(past.body.messages).toHaveLength(1);
    expect(past.body.checkpointId).toBe(early.checkpoint.checkpoint_id);
    expect((await raw(env, "GET", `/agent/history-messages/${thread.thread_id}?checkpointId=nope`, { token: alice.token })).status).toBe(404);
    expect((await raw(env, "GET", `/agent/history-messages/${thread.thread_id}?other=1`, { token: alice.token })).status).toBe(400);
    expect((await raw(env, "GET", `/agent/history-messages/${thread.thread_id}`, { token: bob.token })).status).toBe(404);
  });

  /** A thread of this user with one finished run. */
  async function threadWithRun(owner: typeof alice) {
    const thread = await sdk(env, owner).threads.create({ graphId: "copilot" });
    const run = await sdk(env, owner).runs.create(thread.thread_id, "copilot", { input: human("mine") });
    await sdk(env, owner).runs.join(thread.thread_id, run.run_id);
    return { t: thread.thread_id, runId: run.run_id };
  }

  /** Every path of a thread answers 404 to this token, as if it did not exist. */
  async function expectHidden(token: string, { t, runId }: { t: string; runId: string }) {
    const paths: [string, string, string?][] = [
      ["GET", `/threads/${t}`],
      ["DELETE", `/threads/${t}`],
      ["GET", `/threads/${t}/state`],
      ["POST", `/threads/${t}/history`, "{}"],
      ["POST", `/threads/${t}/state`, '{"values":{}}'],
      ["POST", `/threads/${t}/runs/stream`, '{"assistant_id":"copilot"}'],
      ["POST", `/threads/${t}/runs`, '{"assistant_id":"copilot"}'],
      ["GET", `/threads/${t}/runs`],
      ["GET", `/threads/${t}/runs/${runId}`],
      ["GET", `/threads/${t}/runs/${runId}/join`],
      ["GET", `/threads/${t}/runs/${runId}/stream`],
      ["POST", `/threads/${t}/runs/${runId}/cancel`],
      ["GET", `/agent/history-messages/${t}`],
    ];
    for (const [method, path, body] of paths) {
      const res = await raw(env, method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code, `${method} ${path}`).toBe("NOT_FOUND");
    }
    // Nor can its id be taken over by creating a thread with it.
    expect((await raw(env, "POST", "/threads", { token, body: JSON.stringify({ thread_id: t, if_exists: "do_nothing" }) })).status).toBe(409);
  }

  it("hides a thread from everyone but its owner (404 on every path)", async () => {
    const thread = await threadWithRun(alice);
    await expectHidden(bob.token, thread);
    await expect(sdk(env, bob).threads.getState(thread.t)).rejects.toMatchObject({ status: 404 });
    expect((await sdk(env, alice).threads.get(thread.t)).thread_id).toBe(thread.t);
  });

  it("hides a thread from a teammate in the same store: threads belong to a store and a user", async () => {
    const owner = await registerUser(env.api);
    const admin = await joinStore(env.api, owner, "ADMIN");
    expect(admin.store.id).toBe(owner.store.id);
    expect(admin.user.id).not.toBe(owner.user.id);
    const ownerThread = await threadWithRun(owner);
    const adminThread = await threadWithRun(admin);
    await expectHidden(admin.token, ownerThread);
    await expectHidden(owner.token, adminThread);
    expect((await sdk(env, admin).threads.search({ limit: 1000 })).map((t) => t.thread_id)).toEqual([adminThread.t]);
    expect((await sdk(env, owner).threads.search({ limit: 1000 })).map((t) => t.thread_id)).toEqual([ownerThread.t]);
    // Both threads are intact after the other's attempts (the DELETE and the runs did nothing).
    expect((await sdk(env, owner).runs.list(ownerThread.t)).map((r) => r.run_id)).toEqual([ownerThread.runId]);
    expect(texts((await sdk(env, admin).threads.getState(adminThread.t)).values)).toEqual(["human:mine", "ai:Echo: mine"]);
  });

  it("answers bad input with 400 naming the field, no token with 401, never 500", async () => {
    const t = (await sdk(env, alice).threads.create({ graphId: "copilot" })).thread_id;
    const cases: [string, string, string | undefined, string][] = [
      ["POST", `/threads/${t}/runs/stream`, "{not json", "body"],
      ["POST", `/threads/${t}/runs/stream`, "{}", "body.assistant_id"],
      ["POST", `/threads/${t}/runs/stream`, '{"assistant_id":"copilot","stream_mode":"bogus"}', "body.stream_mode"],
      ["POST", `/threads/${t}/runs/stream`, '{"assistant_id":"copilot","input":"text"}', "body.input"],
      ["POST", `/threads/${t}/runs`, '{"assistant_id":"copilot","command":{}}', "body.command"],
      ["POST", `/threads/${t}/runs`, '{"assistant_id":"copilot","input":{"messages":[]},"command":{"resume":1}}', "command"],
      ["POST", `/threads/${t}/runs`, '{"assistant_id":"copilot","multitask_strategy":"bogus"}', "body.multitask_strategy"],
      ["POST", `/threads/${t}/runs`, '{"assistant_id":"copilot","context":{"screen":{"route":"/x","entityId":"1"}}}', "context.screen.path"],
      ["POST", `/threads/${t}/runs/stream`, '{"assistant_id":"copilot","context":{"screen":{"route":"/x","path":"/x","query":{},"entity":{"type":"bogus","id":"1"}}}}', "context.screen.entity.type"],
      ["POST", "/threads", '{"thread_id":"not-a-uuid"}', "body.thread_id"],
      ["POST", "/threads", '{"metadata":{"graph_id":"nope"}}', "metadata.graph_id"],
      ["POST", "/threads", '{"metadata":{"assistant_id":"nope"}}', "metadata.assistant_id"],
      ["POST", "/threads", '{"metadata":{"assistant_id":7}}', "metadata.assistant_id"],
      ["POST", "/threads", '{"metadata":{"graph_id":"copilot","assistant_id":"sourcing-agent"}}', "metadata.assistant_id"],
      ["POST", "/threads/search", '{"limit":0}', "body.limit"],
      ["POST", `/threads/${t}/history`, '{"limit":"x"}', "body.limit"],
      ["GET", "/threads/not-a-uuid", undefined, "thread_id"],
      ["GET", `/threads/${t}/runs/${t}/stream`, undefined, ""],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await raw(env, method, path, { token: alice.token, body, headers: path.endsWith("/stream") && method === "GET" ? { "last-event-id": "x" } : {} });
      if (field === "") {
        expect(res.status, `${method} ${path}`).toBe(404);
        continue;
      }
      expect(res.status, `${method} ${path} ${body}`).toBe(400);
      expect(res.body.details?.[0]?.field ?? res.body.message, `${method} ${path}`).toContain(field);
    }
    // The screen's shape is the contract's (the web builds it from the same schema); the answer says what it holds.
    const oldShape = await raw(env, "POST", `/threads/${t}/runs`, { token: alice.token, body: '{"assistant_id":"copilot","context":{"screen":{"route":"/x","entityId":"1"}}}' });
    expect(oldShape.body.message).toBe("context.screen.path is missing: it holds text of at most 2000 characters");
    expect((await raw(env, "POST", `/threads/${t}/runs`, { token: alice.token, body: '{"assistant_id":"nope"}' })).status).toBe(404);
    expect((await raw(env, "POST", `/threads/${t}/runs`, { token: alice.token, body: '{"assistant_id":"copilot","checkpoint_id":"nope"}' })).status).toBe(404);
    expect((await raw(env, "GET", `/threads/${t}`)).status).toBe(401);
    expect((await raw(env, "GET", `/threads/${t}`, { token: "forged.token.value" })).status).toBe(401);
    const dup = await raw(env, "POST", "/threads", { token: alice.token, body: JSON.stringify({ thread_id: t }) });
    expect(dup.status).toBe(409);
  });

  it("deletes a thread with its checkpoints", async () => {
    const client = sdk(env, alice);
    const thread = await client.threads.create({ graphId: "copilot" });
    await collect(client.runs.stream(thread.thread_id, "copilot", { input: human("bye") }));
    await client.threads.delete(thread.thread_id);
    await expect(client.threads.get(thread.thread_id)).rejects.toMatchObject({ status: 404 });
    const { rows } = await env.db.pool.query("SELECT count(*)::int AS n FROM checkpoints WHERE thread_id = $1", [thread.thread_id]);
    expect(rows[0].n).toBe(0);
  });
});

describe("anonymous storefront visitors", () => {
  it("chat with the storefront assistant only, keyed by their anonymous id, rate-limited", async () => {
    const limited = await startAgentEnv({ anonymousRunsPerMinute: 2 });
    try {
      const visitor = sdk(limited, null, { "x-anonymous-id": `visitor-${crypto.randomUUID()}` });
      const other = sdk(limited, null, { "x-anonymous-id": `visitor-${crypto.randomUUID()}` });
      const thread = await visitor.threads.create({ graphId: "storefront-chat" });
      const events = await collect(visitor.runs.stream(thread.thread_id, "storefront-chat", { input: human("what are your plans?") }));
      expect(texts(events.filter((e) => e.event === "values").at(-1)!.data).at(-1)).toBe("ai:Echo: what are your plans?");
      await expect(other.threads.get(thread.thread_id)).rejects.toMatchObject({ status: 404 });
      await expect(visitor.threads.create({ graphId: "copilot" })).rejects.toMatchObject({ status: 403 });
      await expect(visitor.runs.create(thread.thread_id, "copilot", { input: human("x") })).rejects.toMatchObject({ status: 403 });
      const second = await visitor.runs.create(thread.thread_id, "storefront-chat", { input: human("second"), multitaskStrategy: "enqueue" });
      await visitor.runs.join(thread.thread_id, second.run_id);
      await expect(visitor.runs.create(thread.thread_id, "storefront-chat", { input: human("third") })).rejects.toMatchObject({ status: 429 });
      expect((await raw(limited, "POST", "/threads", { body: "{}", headers: { "x-anonymous-id": "short" } })).status).toBe(400);
    } finally {
      await limited.close();
    }
  });

  it("are limited per address too: many anonymous ids from one address get 429 after five times the per-id limit", async () => {
    // The proxy in front is named (TRUST_PROXY=loopback); test/security covers the default, which believes none.
    const limited = await startAgentEnv({ anonymousRunsPerMinute: 2, trustProxy: ["loopback"] });
    try {
      // Behind the web app's proxy (a loopback peer) the visitor's address is X-Forwarded-For's;
      // addresses from the documentation range keep this test's count apart from other tests'.
      const address = (n: number) => `198.51.100.${n}`;
      const base = 1 + Math.floor(Math.random() * 200);
      const visitorFrom = (ip: string) => {
        const headers = { "x-anonymous-id": `visitor-${crypto.randomUUID()}`, "x-forwarded-for": ip };
        return { headers, client: sdk(limited, null, headers) };
      };
      const runOnce = async (ip: string) => {
        const { headers, client } = visitorFrom(ip);
        const thread = await client.threads.create({ graphId: "storefront-chat" });
        const body = JSON.stringify({ assistant_id: "storefront-chat", input: human("hello") });
        return raw(limited, "POST", `/threads/${thread.thread_id}/runs`, { body, headers });
      };
      // Ten ids, one run each: every id is under its own limit (2), the address reaches its own (10).
      for (let i = 0; i < 10; i++) expect((await runOnce(address(base))).status, `run ${i + 1}`).toBe(200);
      const refused = await runOnce(address(base));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: "RATE_LIMITED", message: "Too many messages in a short time - please wait a minute and try again." });
      // Another address is not held back by this one.
      expect((await runOnce(address(base + 1))).status).toBe(200);
      const { rows } = await limited.db.pool.query("SELECT count(*)::int AS n FROM agent_runs WHERE client_ip = $1", [address(base)]);
      expect(rows[0].n).toBe(10);
    } finally {
      await limited.close();
    }
  });
});
