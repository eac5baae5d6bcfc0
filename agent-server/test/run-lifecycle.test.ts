import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@langchain/langgraph-sdk";
import { startAgentEnv, sdk, registerUser, collect, raw, type AgentEnv } from "./harness";
import { armGate, gate, MODEL_FAILURE, testGraphs } from "./test-graph";
import { startAgentServer, type AgentServer } from "../src/server";
import { testConfig } from "../../api/test/harness";

// How runs end other than well, and how a client follows one across disconnects and processes.
// Its own database (see AgentEnvOptions.ownDatabase): it holds runs on the gate and starts a
// second server, which would otherwise claim other files' queued runs.

let env: AgentEnv;
let peer: AgentServer;
let user: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  env = await startAgentEnv({ ownDatabase: true });
  peer = await env.startPeer();
  user = await registerUser(env.api);
});
afterAll(async () => {
  gate.release();
  await env?.close();
});

type Msg = { type: string; content: string };
type Event = { id?: string; event: string; data: unknown };
const human = (content: string) => ({ messages: [{ type: "human", content }] });
const texts = (values: unknown) => ((values as { messages?: Msg[] }).messages ?? []).map((m) => `${m.type}:${m.content}`);

async function waitFor(check: () => Promise<boolean> | boolean, what: string) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${what}: not reached`);
}

/**
 * Reads a stream until `stop` says so, then disconnects (aborts the request, as a closed tab
 * does); returns the events read.
 */
async function readUntil(open: (signal: AbortSignal) => AsyncIterable<Event>, stop: (events: Event[]) => boolean): Promise<Event[]> {
  const abort = new AbortController();
  const events: Event[] = [];
  try {
    for await (const e of open(abort.signal)) {
      events.push(e);
      if (stop(events)) break;
    }
  } finally {
    abort.abort();
  }
  return events;
}

const ids = (events: Event[]) => events.map((e) => Number(e.id));
const customs = (events: Event[]) => events.filter((e) => e.event === "custom").length;

describe("a graph that throws mid-run", () => {
  it("ends the run in error with an error event; the thread is free and the next run works", async () => {
    const client = sdk(env, user);
    const thread = await client.threads.create({ graphId: "copilot" });
    let runId = "";
    const events = (await collect(
      client.runs.stream(thread.thread_id, "copilot", { input: human("use the tool then fail"), streamMode: ["values", "updates"], onRunCreated: (m) => (runId = m.run_id) }),
    )) as Event[];
    const names = events.map((e) => e.event);
    // It failed after the tool ran: the tool's update was streamed before the error.
    expect(names).toContain("updates");
    expect(events.some((e) => e.event === "updates" && (e.data as Record<string, unknown>).tools)).toBe(true);
    const error = events.find((e) => e.event === "error");
    expect(error?.data).toEqual({ error: "Error", message: MODEL_FAILURE });
    expect(names.at(-1)).toBe("end");
    expect(names.indexOf("error")).toBe(names.length - 2);

    const run = await client.runs.get(thread.thread_id, runId);
    expect(run.status).toBe("error");
    const { rows } = await env.db.pool.query("SELECT status, error, lease_expires_at FROM agent_runs WHERE run_id = $1", [runId]);
    expect(rows[0]).toEqual({ status: "error", error: { error: "Error", message: MODEL_FAILURE }, lease_expires_at: null });
    // LangGraph's thread status after a failed run: `error`, which (unlike `busy`) takes new runs.
    expect((await client.threads.get(thread.thread_id)).status).toBe("error");
    expect((await client.threads.search({ status: "busy", limit: 100 })).map((t) => t.thread_id)).not.toContain(thread.thread_id);
    // The stored stream is the same as the live one.
    const replay = (await collect(client.runs.joinStream(thread.thread_id, runId))) as Event[];
    expect(replay.map((e) => [e.id, e.event])).toEqual(events.map((e) => [e.id, e.event]));

    const next = await collect(client.runs.stream(thread.thread_id, "copilot", { input: human("hello again"), streamMode: ["values"] }));
    expect(next.map((e) => e.event)).not.toContain("error");
    // The new input starts a new step from the failed run's last checkpoint (the failed turn is not retried).
    const values = texts(next.filter((e) => e.event === "values").at(-1)!.data);
    expect(values.map((v) => v.slice(0, v.indexOf(":")))).toEqual(["human", "ai", "tool", "human", "ai"]);
    expect(values.slice(-2)).toEqual(["human:hello again", "ai:Echo: hello again"]);
    expect((await client.threads.get(thread.thread_id)).status).toBe("idle");
    expect((await client.runs.list(thread.thread_id)).map((r) => r.status)).toEqual(["success", "error"]);
  });

  it("answers join with the error, for a background run", async () => {
    const client = sdk(env, user);
    const thread = await client.threads.create({ graphId: "copilot" });
    const run = await client.runs.create(thread.thread_id, "copilot", { input: human("tool and fail") });
    expect(await client.runs.join(thread.thread_id, run.run_id)).toEqual({ __error__: { error: "Error", message: MODEL_FAILURE } });
    expect((await client.runs.get(thread.thread_id, run.run_id)).status).toBe("error");
  });
});

describe("a run whose last checkpoints cannot be stored", () => {
  it("ends in error (its end rode with them and is stored on its own), and the thread goes on", async () => {
    // A server whose database refuses, once, the statement carrying a run's last checkpoints and its end.
    let refuse = true;
    const pool = new Proxy(env.db.pool, {
      get(target, key) {
        if (key === "query") {
          return (...args: Parameters<typeof target.query>) => {
            if (refuse && typeof args[0] === "string" && args[0].includes("checkpoints_in AS")) {
              refuse = false;
              return Promise.reject(new Error("connection reset (injected)"));
            }
            return (target.query as (...a: unknown[]) => unknown)(...args);
          };
        }
        const value = Reflect.get(target, key) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const faulty = await startAgentServer({ config: testConfig(), pool, graphs: testGraphs, apiBaseUrl: env.api.url, port: 0, pollMs: 50, leaseMs: 3000 });
    try {
      const client = sdk(env, user, {}, faulty);
      const thread = await client.threads.create({ graphId: "copilot" });
      let runId = "";
      const events = (await collect(client.runs.stream(thread.thread_id, "copilot", { input: human("hello"), streamMode: ["values", "updates"], onRunCreated: (m) => (runId = m.run_id) }))) as Event[];
      expect(refuse).toBe(false);
      expect(events.map((e) => e.event).slice(-2)).toEqual(["error", "end"]);
      expect(events.at(-2)!.data).toEqual({ error: "Error", message: "connection reset (injected)" });
      expect(ids(events)).toEqual(events.map((_, i) => i + 1));
      expect((await client.runs.get(thread.thread_id, runId)).status).toBe("error");
      expect((await client.threads.get(thread.thread_id)).status).toBe("error");
      // Every event is stored once, the ones that rode with the refused statement included.
      const stored = (await collect(client.runs.joinStream(thread.thread_id, runId))) as Event[];
      expect(stored).toEqual(events);

      const next = await collect(client.runs.stream(thread.thread_id, "copilot", { input: human("again") }));
      expect(texts(next.filter((e) => e.event === "values").at(-1)!.data).slice(-2)).toEqual(["human:again", "ai:Echo: again"]);
      expect((await client.threads.get(thread.thread_id)).status).toBe("idle");
    } finally {
      await faulty.close();
    }
  });
});

describe("following a live run's stream across disconnects", () => {
  /** Starts a run held on the gate at each model turn; returns its id and the events read until the first hold. */
  async function startHeldRun(client: Client, threadId: string) {
    armGate();
    const entered = gate.entered;
    let runId = "";
    const first = await readUntil(
      (signal) =>
        client.runs.stream(threadId, "copilot", {
          input: human("pause and use the tool"),
          streamMode: ["values", "updates", "custom", "messages-tuple"],
          signal,
          onRunCreated: (m) => (runId = m.run_id),
        }) as AsyncIterable<Event>,
      (events) => customs(events) === 1,
    );
    expect(gate.entered).toBe(entered + 1);
    return { runId, first };
  }

  /** Lets the held model turn go on, and holds the next one. */
  function nextTurn() {
    const release = gate.release;
    armGate();
    release();
  }

  async function expectRunning(client: Client, threadId: string, runId: string) {
    expect((await client.runs.get(threadId, runId)).status).toBe("running");
  }

  /**
   * Rejoins a held run after `lastEventId` through `via`, lets it reach its next model turn once
   * the request is on its way, and reads until that turn's custom event.
   */
  async function rejoinForNextTurn(via: Client, threadId: string, runId: string, lastEventId: string): Promise<Event[]> {
    const nextTurnNo = gate.entered + 1;
    const events = await readUntil(
      (signal) => {
        const stream = via.runs.joinStream(threadId, runId, { lastEventId, signal }) as AsyncIterable<Event>;
        // Let the request reach the server before the run goes on (the replay is right either way).
        setTimeout(nextTurn, 50);
        return stream;
      },
      (events) => customs(events) === 1,
    );
    expect(gate.entered).toBe(nextTurnNo);
    return events;
  }

  /**
   * Lets the run finish, reads the rest through `client` after the last event read, and checks
   * that all of it is every event once, in order, to `end`, as stored (replayed through `storedVia`).
   */
  async function finishAndCheck(client: Client, storedVia: Client, threadId: string, runId: string, read: Event[]): Promise<Event[]> {
    gate.release();
    const rest = (await collect(client.runs.joinStream(threadId, runId, { lastEventId: String(read.at(-1)!.id) }))) as Event[];
    const seen = [...read, ...rest];
    expect(ids(seen)).toEqual(seen.map((_, i) => i + 1));
    expect(seen.at(-1)!.event).toBe("end");
    const stored = (await collect(storedVia.runs.joinStream(threadId, runId))) as Event[];
    expect(seen).toEqual(stored);
    return seen;
  }

  it("reconnects with Last-Event-ID to the same server while the run goes on: nothing lost, nothing twice", async () => {
    const client = sdk(env, user);
    const thread = await client.threads.create({ graphId: "copilot" });
    const { runId, first } = await startHeldRun(client, thread.thread_id);
    expect(ids(first)).toEqual([1, 2, 3]);
    await expectRunning(client, thread.thread_id, runId);

    // Rejoin while the run is held, then let it reach its second model turn.
    const second = await rejoinForNextTurn(client, thread.thread_id, runId, String(first.at(-1)!.id));
    await expectRunning(client, thread.thread_id, runId);
    expect(second[0]!.id).toBe("4");

    const seen = await finishAndCheck(client, client, thread.thread_id, runId, [...first, ...second]);
    expect(texts(seen.filter((e) => e.event === "values").at(-1)!.data).at(-1)).toMatch(/^ai:Tool said /);
  });

  it("reconnects through another server on the same database (events from Postgres) and back", async () => {
    const client = sdk(env, user);
    const viaPeer = sdk(env, user, {}, peer);
    const thread = await client.threads.create({ graphId: "copilot" });
    const { runId, first } = await startHeldRun(client, thread.thread_id);
    expect(env.agent.runner.isActive(runId)).toBe(true);
    expect(peer.runner.isActive(runId)).toBe(false);

    const second = await rejoinForNextTurn(viaPeer, thread.thread_id, runId, String(first.at(-1)!.id));
    await expectRunning(viaPeer, thread.thread_id, runId);
    // The peer read them from Postgres: it never ran this run.
    expect(peer.runner.isActive(runId)).toBe(false);
    expect(second.length).toBeGreaterThan(2);

    // Back to the first server for the rest, with the id the peer gave last.
    await finishAndCheck(client, viaPeer, thread.thread_id, runId, [...first, ...second]);
  });

  it("gives a refused stream request's run slot back (404, 409): the server still runs the next stream itself", async () => {
    const client = sdk(env, user);
    const thread = await client.threads.create({ graphId: "copilot" });
    const { runId } = await startHeldRun(client, thread.thread_id);
    const body = '{"assistant_id":"copilot"}';
    for (let i = 0; i < 3; i++) {
      const busy = await raw(env, "POST", `/threads/${thread.thread_id}/runs/stream`, { token: user.token, body });
      expect(busy.status).toBe(409);
    }
    gate.release();
    expect((await collect(client.runs.joinStream(thread.thread_id, runId))).at(-1)).toMatchObject({ event: "end" });
    // With nothing running, more refusals than the 8 runs a server executes at once: slots kept by
    // them would send the next stream through the queue, where the peer takes it.
    for (let i = 0; i < 8; i++) {
      const missing = await raw(env, "POST", `/threads/${crypto.randomUUID()}/runs/stream`, { token: user.token, body });
      expect(missing.status).toBe(404);
    }

    const next = await client.threads.create({ graphId: "copilot" });
    const held = await startHeldRun(client, next.thread_id);
    expect(env.agent.runner.isActive(held.runId)).toBe(true);
    expect(peer.runner.isActive(held.runId)).toBe(false);
    gate.release();
    expect((await collect(client.runs.joinStream(next.thread_id, held.runId))).at(-1)).toMatchObject({ event: "end" });
  });

  it("follows a run from its start on a server that does not run it", async () => {
    const client = sdk(env, user);
    const viaPeer = sdk(env, user, {}, peer);
    const thread = await client.threads.create({ graphId: "copilot" });
    const { runId, first } = await startHeldRun(client, thread.thread_id);
    const watching = collect(viaPeer.runs.joinStream(thread.thread_id, runId)) as Promise<Event[]>;
    await new Promise((r) => setTimeout(r, 150));
    const secondTurn = gate.entered + 1;
    nextTurn();
    await waitFor(() => gate.entered === secondTurn, "the second model turn");
    gate.release();
    const all = await watching;
    expect(all.slice(0, first.length)).toEqual(first);
    expect(ids(all)).toEqual(all.map((_, i) => i + 1));
    expect(all.at(-1)!.event).toBe("end");
  });
});

describe("cancelling with rollback", () => {
  it("removes the run's checkpoints and leaves the thread as it was before the run", async () => {
    const client = sdk(env, user);
    const thread = await client.threads.create({ graphId: "copilot" });
    await collect(client.runs.stream(thread.thread_id, "copilot", { input: human("before") }));
    const before = await client.threads.getState(thread.thread_id);
    const historyBefore = await client.threads.getHistory(thread.thread_id, { limit: 100 });
    const writesOf = async () =>
      (await env.db.pool.query("SELECT checkpoint_id, task_id, idx FROM checkpoint_writes WHERE thread_id = $1 ORDER BY 1, 2, 3", [thread.thread_id])).rows;
    const writesBefore = await writesOf();
    const messagesBefore = await (await fetch(`${env.agent.url}/agent/history-messages/${thread.thread_id}`, { headers: { authorization: `Bearer ${user.token}` } })).json();

    armGate();
    const entered = gate.entered;
    let runId = "";
    const stream = collect(client.runs.stream(thread.thread_id, "copilot", { input: human("please wait, then roll back"), onRunCreated: (m) => (runId = m.run_id) }));
    await waitFor(() => gate.entered > entered, "the run holds");
    const written = () => env.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM checkpoints WHERE thread_id = $1 AND metadata ->> 'run_id' = $2", [thread.thread_id, runId]);
    // The run has checkpointed its input: there is something to roll back.
    await waitFor(async () => (await written()).rows[0]!.n > 0, "the run's first checkpoints");
    expect(texts((await client.threads.getState(thread.thread_id)).values).at(-1)).toBe("human:please wait, then roll back");

    await client.runs.cancel(thread.thread_id, runId, true, "rollback");
    const events = await stream;
    expect(events.at(-1)!.event).toBe("end");
    expect((await client.runs.get(thread.thread_id, runId)).status).toBe("cancelled");
    expect((await written()).rows[0]!.n).toBe(0);
    expect(await writesOf()).toEqual(writesBefore);

    const after = await client.threads.getState(thread.thread_id);
    expect(after.checkpoint.checkpoint_id).toBe(before.checkpoint.checkpoint_id);
    expect(after.values).toEqual(before.values);
    expect(after.next).toEqual([]);
    const historyAfter = await client.threads.getHistory(thread.thread_id, { limit: 100 });
    expect(historyAfter.map((h) => h.checkpoint.checkpoint_id)).toEqual(historyBefore.map((h) => h.checkpoint.checkpoint_id));
    const messagesAfter = await (await fetch(`${env.agent.url}/agent/history-messages/${thread.thread_id}`, { headers: { authorization: `Bearer ${user.token}` } })).json();
    expect(messagesAfter).toEqual(messagesBefore);
    expect((await client.threads.get(thread.thread_id)).status).toBe("idle");

    // The thread goes on from where it was.
    const next = await collect(client.runs.stream(thread.thread_id, "copilot", { input: human("after") }));
    expect(texts(next.filter((e) => e.event === "values").at(-1)!.data)).toEqual(["human:before", "ai:Echo: before", "human:after", "ai:Echo: after"]);
    gate.release();
  });
});
