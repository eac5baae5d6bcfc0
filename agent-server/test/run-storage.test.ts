import { afterAll, beforeAll, expect, it } from "vitest";
import { startAgentEnv, sdk, registerUser, collect, type AgentEnv } from "./harness";

// A turn's writes are batched (one checkpoint writer per thread, events carried with checkpoints,
// the end in one statement): this checks that nothing is still in flight when `end` arrives.
let env: AgentEnv;
beforeAll(async () => {
  env = await startAgentEnv();
});
afterAll(async () => env?.close());

type Msg = { id: string; content: string };

it("stores a streamed run's checkpoints, events and message times before its end event reaches the client", async () => {
  const user = await registerUser(env.api);
  const client = sdk(env, user);
  const thread = await client.threads.create({ graphId: "copilot" });
  for (const text of ["first question", "second question"]) {
    let runId = "";
    const events = await collect(
      client.runs.stream(thread.thread_id, "copilot", {
        input: { messages: [{ type: "human", content: text }] },
        streamMode: ["values", "updates", "messages-tuple"],
        onRunCreated: (meta) => (runId = meta.run_id),
      }),
    );
    expect(events.at(-1)!.event).toBe("end");
    // Read straight away, as a client reloading the page would.
    const pool = env.db.pool;
    const stored = await pool.query<{ seq: number; event: string }>("SELECT seq, event FROM agent_run_events WHERE run_id = $1 ORDER BY seq", [runId]);
    expect(stored.rows.map((r) => r.event)).toEqual(events.map((e) => e.event));
    expect(stored.rows.map((r) => r.seq)).toEqual(events.map((_, i) => i + 1));
    const run = await pool.query("SELECT status FROM agent_runs WHERE run_id = $1", [runId]);
    expect(run.rows[0].status).toBe("success");
    const written = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM checkpoints WHERE thread_id = $1 AND metadata ->> 'run_id' = $2", [thread.thread_id, runId]);
    const history = await client.threads.getHistory(thread.thread_id, { limit: 100 });
    expect(written.rows[0]!.n).toBeGreaterThan(0);
    expect(history.filter((h) => h.metadata?.run_id === runId)).toHaveLength(written.rows[0]!.n);
    const last = (events.filter((e) => e.event === "values").at(-1)!.data as { messages: Msg[] }).messages;
    const stamped = await pool.query<{ message_id: string }>("SELECT message_id FROM agent_thread_messages WHERE thread_id = $1", [thread.thread_id]);
    expect(stamped.rows.map((r) => r.message_id).sort()).toEqual(last.map((m) => m.id).sort());
    expect((await client.threads.get(thread.thread_id)).status).toBe("idle");
  }
  const state = await client.threads.getState<{ messages: Msg[] }>(thread.thread_id);
  expect(state.values.messages.map((m) => m.content)).toEqual(["first question", "Echo: first question", "second question", "Echo: second question"]);
});
