import crypto from "node:crypto";
import express from "express";
import type pg from "pg";
import type { Logger } from "pino";
import { AppError, conflict, forbidden, notFound, invalid } from "../../api/src/errors";
import { withTransaction } from "../../api/src/db/pool";
import type { TokenService } from "../../api/src/auth/tokens";
import type { TrustProxy } from "../../api/src/config";
import { authenticate, clientAddress, ANONYMOUS_ASSISTANTS, type Principal } from "./auth";
import type { GraphRegistry } from "./graphs";
import { errorHandler, handle, parse } from "./http-util";
import * as q from "./queries";
import type { Runner } from "./runner";
import * as s from "./schemas";
import { emptyState, threadState } from "./state";
import { toJsonValue } from "./serialize";
import { followRun } from "./sse";
import { deltaChain } from "./checkpoint-queries";

export type AppDeps = {
  pool: pg.Pool;
  tokens: TokenService;
  graphs: GraphRegistry;
  runner: Runner;
  log: Logger;
  /** Runs an anonymous visitor (and one address) may start per minute. */
  anonymousRunsPerMinute: number;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  pollMs: number;
  startedAt: string;
};

/** The LangGraph-compatible HTTP API plus the spec's history-messages path. */
export function createAgentApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", deps.trustProxy ?? false);
  app.use(express.json({ limit: "2mb" }));

  app.get("/ok", (_req, res) => {
    res.json({ ok: true });
  });

  const principal = (req: express.Request) => authenticate(req, deps.tokens);

  const assistantJson = (id: string) => {
    const d = deps.graphs.describe(id);
    return { assistant_id: id, graph_id: id, name: d.name, description: d.description, config: {}, context: {}, metadata: {}, version: 1, created_at: deps.startedAt, updated_at: deps.startedAt };
  };

  app.post(
    "/assistants/search",
    handle(async (req) => {
      await principal(req);
      const body = parse(s.searchAssistantsBody, req.body, "body");
      return deps.graphs.ids
        .filter((id) => (!body.graph_id || id === body.graph_id) && (!body.name || deps.graphs.describe(id).name === body.name))
        .slice(body.offset, body.offset + body.limit)
        .map(assistantJson);
    }),
  );

  app.get(
    "/assistants/:assistantId",
    handle(async (req) => {
      await principal(req);
      const id = String(req.params.assistantId);
      if (!deps.graphs.has(id)) throw notFound("Assistant");
      return assistantJson(id);
    }),
  );

  async function ownedThread(p: Principal, rawId: string) {
    const threadId = parse(s.uuidParam, rawId, "thread_id");
    const thread = await q.getOwnedThread(deps.pool, threadId, p.owner);
    if (!thread) throw notFound("Thread");
    return thread;
  }

  async function stateOf(thread: q.ThreadRow, checkpointId?: string) {
    if (!thread.assistant_id || !deps.graphs.has(thread.assistant_id)) return emptyState(thread.thread_id);
    const graph = deps.graphs.get(thread.assistant_id);
    const configurable: Record<string, unknown> = { thread_id: thread.thread_id };
    if (checkpointId) {
      if (!(await q.checkpointExists(deps.pool, thread.thread_id, checkpointId))) throw notFound("Checkpoint");
      configurable.checkpoint_id = checkpointId;
    }
    const snapshot = await graph.getState({ configurable });
    return threadState(thread.thread_id, snapshot);
  }

  async function threadJson(thread: q.ThreadRow, withValues: boolean) {
    const state = withValues ? await stateOf(thread) : null;
    const interrupts: Record<string, unknown[]> = {};
    for (const t of state?.tasks ?? []) if (t.interrupts.length) interrupts[t.id] = t.interrupts;
    return {
      thread_id: thread.thread_id,
      created_at: thread.created_at.toISOString(),
      updated_at: thread.updated_at.toISOString(),
      state_updated_at: thread.updated_at.toISOString(),
      metadata: { ...thread.metadata, ...(thread.assistant_id ? { graph_id: thread.assistant_id, assistant_id: thread.assistant_id } : {}) },
      status: thread.status,
      values: state?.values ?? {},
      interrupts,
      config: {},
    };
  }

  app.post(
    "/threads",
    handle(async (req) => {
      const p = await principal(req);
      const body = parse(s.createThreadBody, req.body, "body");
      const { assistant, problem, metadata } = assistantOf(body.metadata, deps.graphs);
      if (problem) throw invalid(problem.field, problem.reason);
      if (p.kind === "anonymous" && assistant && !ANONYMOUS_ASSISTANTS.has(assistant)) throw forbidden("Log in to use this assistant.");
      const assistantId = assistant ?? (p.kind === "anonymous" ? "storefront-chat" : null);
      const threadId = body.thread_id ?? crypto.randomUUID();
      const row = await q.insertThread(deps.pool, { threadId, owner: p.owner, assistantId, metadata });
      if (row) return threadJson(row, false);
      const existing = await q.getOwnedThread(deps.pool, threadId, p.owner);
      if (existing && body.if_exists === "do_nothing") return threadJson(existing, true);
      throw conflict("A thread with this id already exists.");
    }),
  );

  app.post(
    "/threads/search",
    handle(async (req) => {
      const p = await principal(req);
      const body = parse(s.searchThreadsBody, req.body, "body");
      const { assistant, problem, metadata } = assistantOf(body.metadata, deps.graphs);
      // A name that is no assistant, or two names that disagree, match no thread.
      if (problem) return [];
      const rows = await q.searchThreads(deps.pool, p.owner, { assistantId: assistant ?? undefined, metadata, ids: body.ids, status: body.status, limit: body.limit, offset: body.offset, sortBy: body.sort_by, sortOrder: body.sort_order });
      return Promise.all(rows.map((r) => threadJson(r, false)));
    }),
  );

  app.get(
    "/threads/:threadId",
    handle(async (req) => threadJson(await ownedThread(await principal(req), String(req.params.threadId)), true)),
  );

  app.delete(
    "/threads/:threadId",
    handle(async (req) => {
      const thread = await ownedThread(await principal(req), String(req.params.threadId));
      for (const run of await q.activeRuns(deps.pool, thread.thread_id)) {
        await q.requestCancel(deps.pool, run.run_id, "interrupt");
        deps.runner.cancelLocal(run.run_id, "interrupt");
      }
      await withTransaction(deps.pool, (db) => q.deleteThreadRows(db, thread.thread_id));
      return undefined;
    }),
  );

  app.get(
    "/threads/:threadId/state",
    handle(async (req) => stateOf(await ownedThread(await principal(req), String(req.params.threadId)))),
  );

  app.get(
    "/threads/:threadId/state/:checkpointId",
    handle(async (req) => stateOf(await ownedThread(await principal(req), String(req.params.threadId)), String(req.params.checkpointId))),
  );

  app.post(
    "/threads/:threadId/state/checkpoint",
    handle(async (req) => {
      const thread = await ownedThread(await principal(req), String(req.params.threadId));
      const body = parse(s.historyBody.pick({ checkpoint: true }), req.body, "body");
      return stateOf(thread, body.checkpoint?.checkpoint_id);
    }),
  );

  app.post(
    "/threads/:threadId/history",
    handle(async (req) => {
      const thread = await ownedThread(await principal(req), String(req.params.threadId));
      const body = parse(s.historyBody, req.body, "body");
      if (!thread.assistant_id || !deps.graphs.has(thread.assistant_id)) return [];
      const graph = deps.graphs.get(thread.assistant_id);
      const configurable: Record<string, unknown> = { thread_id: thread.thread_id };
      if (body.checkpoint?.checkpoint_id) configurable.checkpoint_id = body.checkpoint.checkpoint_id;
      const beforeId =
        typeof body.before === "string"
          ? body.before
          : ((body.before as { configurable?: { checkpoint_id?: string } } | undefined)?.configurable?.checkpoint_id ?? (body.before as { checkpoint_id?: string } | undefined)?.checkpoint_id);
      const states = [];
      for await (const snapshot of graph.getStateHistory(
        { configurable },
        { limit: body.limit, filter: body.metadata, before: beforeId ? { configurable: { checkpoint_id: beforeId } } : undefined },
      )) {
        states.push(threadState(thread.thread_id, snapshot));
      }
      return states;
    }),
  );

  app.post(
    "/threads/:threadId/state",
    handle(async (req) => {
      const thread = await ownedThread(await principal(req), String(req.params.threadId));
      const body = parse(s.updateStateBody, req.body, "body");
      if (!thread.assistant_id || !deps.graphs.has(thread.assistant_id)) throw conflict("This thread has no assistant yet: start a run first.");
      if ((await q.activeRuns(deps.pool, thread.thread_id)).length) throw conflict("The thread is busy with a run; update its state when the run ends.");
      const graph = deps.graphs.get(thread.assistant_id);
      const configurable: Record<string, unknown> = { thread_id: thread.thread_id };
      const checkpointId = body.checkpoint_id ?? body.checkpoint?.checkpoint_id;
      if (checkpointId) {
        if (!(await q.checkpointExists(deps.pool, thread.thread_id, checkpointId))) throw notFound("Checkpoint");
        configurable.checkpoint_id = checkpointId;
      }
      let next: Awaited<ReturnType<typeof graph.updateState>>;
      try {
        next = await graph.updateState({ configurable }, body.values ?? null, body.as_node);
      } catch (err) {
        // LangGraph rejects unknown nodes and ambiguous updates with plain errors: the caller's input.
        if (err instanceof Error && /node|ambiguous|channel|update/i.test(err.message)) throw invalid("as_node", err.message);
        throw err;
      }
      await q.updateThread(deps.pool, thread.thread_id, {});
      const ref = { thread_id: thread.thread_id, checkpoint_ns: "", checkpoint_id: (next.configurable?.checkpoint_id as string | undefined) ?? null };
      // The SDK types this response as a config; the server has also always sent `checkpoint`.
      return { checkpoint: { ...ref, checkpoint_map: null }, configurable: ref };
    }),
  );

  const runJson = (r: q.RunRow) => ({
    run_id: r.run_id,
    thread_id: r.thread_id,
    assistant_id: r.assistant_id,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    status: r.status,
    metadata: r.metadata,
    multitask_strategy: r.multitask_strategy,
    kwargs: { input: r.kwargs.input, command: r.kwargs.command, stream_mode: r.kwargs.streamMode, checkpoint_id: r.kwargs.checkpointId },
    ...(r.error ? { error: r.error } : {}),
  });

  /** Creates a run; `streaming` runs start in this process at once when they can (see below). */
  async function createRun(req: express.Request, streaming: boolean) {
    const p = await principal(req);
    const threadId = parse(s.uuidParam, String(req.params.threadId), "thread_id");
    const body = parse(s.runBody, req.body, "body");
    if (!deps.graphs.has(body.assistant_id)) throw notFound("Assistant");
    if (p.kind === "anonymous" && !ANONYMOUS_ASSISTANTS.has(body.assistant_id)) throw forbidden("Log in to use this assistant.");
    if (body.input != null && body.command) throw invalid("command", "cannot be sent together with input");
    const clientIp = clientAddress(req, deps.tokens);
    const screen = body.context?.screen;
    const kwargs: q.RunKwargs = {
      input: body.input ?? null,
      command: body.command ?? null,
      streamMode: body.stream_mode === undefined ? ["values"] : Array.isArray(body.stream_mode) ? body.stream_mode : [body.stream_mode],
      checkpointId: body.checkpoint_id ?? body.checkpoint?.checkpoint_id ?? null,
      interruptBefore: body.interrupt_before ?? null,
      interruptAfter: body.interrupt_after ?? null,
      context: body.context ? Object.fromEntries(Object.entries(body.context).filter(([k]) => k !== "atelier" && k !== "screen")) : null,
      screen: screen && typeof screen === "object" && !Array.isArray(screen) ? (screen as Record<string, unknown>) : null,
      recursionLimit: body.config?.recursion_limit ?? null,
    };
    const strategy = body.multitask_strategy ?? "reject";
    // A caller waiting on the stream gets the run started by this process when the thread is free
    // and it has a slot: the run is inserted already claimed, without a trip through the queue.
    // A background run goes through the queue, and is created `pending` as LangGraph's are.
    const claim = streaming ? deps.runner.reserve() : null;
    let run: { row: q.RunRow; cancelled: string[] };
    try {
      const newRun = (active: boolean): q.NewRun => ({
        runId: crypto.randomUUID(),
        threadId,
        assistantId: body.assistant_id,
        strategy,
        kwargs,
        metadata: body.metadata ?? {},
        owner: p.owner,
        role: p.kind === "user" ? p.claims.role : null,
        isPreview: p.kind === "user" ? p.claims.isPreview : false,
        clientIp,
        claim: active ? null : claim,
      });
      // A signed-in user's run on a free thread is one statement; everything else (a busy thread,
      // a fork, a new or missing thread, a visitor's rate limit) takes the thread's lock below.
      const quick = p.kind === "user" && !kwargs.checkpointId ? await q.insertRunIfThreadFree(deps.pool, newRun(false)) : null;
      run = quick
        ? { row: quick, cancelled: [] }
        : await withTransaction(deps.pool, async (db) => {
            let thread = await q.lockThreadForRun(db, threadId, p.owner);
            if (!thread && body.if_not_exists === "create") {
              const created = await q.insertThread(db, { threadId, owner: p.owner, assistantId: body.assistant_id, metadata: {} });
              thread = created ? { ...created, active_run_ids: [] } : null;
            }
            if (!thread) throw notFound("Thread");
            if (kwargs.checkpointId && !(await q.checkpointExists(db, threadId, kwargs.checkpointId))) throw notFound("Checkpoint");
            if (p.kind === "anonymous") {
              const recent = await q.recentAnonymousRuns(db, p.owner.anonymousId, clientIp);
              if (recent.by_id >= deps.anonymousRunsPerMinute || recent.by_ip >= deps.anonymousRunsPerMinute * 5) {
                throw new AppError("RATE_LIMITED", "Too many messages in a short time - please wait a minute and try again.");
              }
            }
            const active = thread.active_run_ids;
            if (active.length && strategy === "reject") throw conflict("The thread is busy with another run. Wait for it, or send with multitask_strategy enqueue, interrupt or rollback.");
            if (strategy === "interrupt" || strategy === "rollback") {
              for (const id of active) await q.requestCancel(db, id, strategy);
            }
            const row = await q.insertRun(db, newRun(active.length > 0));
            return { row, cancelled: strategy === "interrupt" || strategy === "rollback" ? active : [] };
          });
    } catch (err) {
      if (claim) deps.runner.unreserve();
      throw err;
    }
    for (const id of run.cancelled) deps.runner.cancelLocal(id, strategy as "interrupt" | "rollback");
    const callerToken = p.kind === "user" ? p.token : null;
    if (claim && run.row.status === "running") deps.runner.startClaimed(run.row, callerToken);
    else {
      if (claim) deps.runner.unreserve();
      deps.runner.kick(run.row.run_id, callerToken);
    }
    const location = `/threads/${threadId}/runs/${run.row.run_id}`;
    return { row: run.row, location, onDisconnect: body.on_disconnect ?? "continue" };
  }

  app.post(
    "/threads/:threadId/runs/stream",
    handle(async (req, res) => {
      const { row, location, onDisconnect } = await createRun(req, true);
      res.setHeader("Content-Location", location);
      res.setHeader("Location", `${location}/stream`);
      await followRun(deps, req, res, row.run_id, 0, onDisconnect === "cancel");
    }),
  );

  app.post(
    "/threads/:threadId/runs",
    handle(async (req, res) => {
      const { row, location } = await createRun(req, false);
      res.setHeader("Content-Location", location);
      return runJson(row);
    }),
  );

  async function ownedRun(req: express.Request) {
    const thread = await ownedThread(await principal(req), String(req.params.threadId));
    const runId = parse(s.uuidParam, String(req.params.runId), "run_id");
    const run = await q.getRun(deps.pool, thread.thread_id, runId);
    if (!run) throw notFound("Run");
    return { thread, run };
  }

  app.get(
    "/threads/:threadId/runs",
    handle(async (req) => {
      const thread = await ownedThread(await principal(req), String(req.params.threadId));
      const { rows } = await deps.pool.query<q.RunRow>("SELECT * FROM agent_runs WHERE thread_id = $1 ORDER BY created_at DESC LIMIT 100", [thread.thread_id]);
      return rows.map(runJson);
    }),
  );

  app.get(
    "/threads/:threadId/runs/:runId",
    handle(async (req) => runJson((await ownedRun(req)).run)),
  );

  const TERMINAL = new Set(["success", "error", "interrupted", "cancelled"]);

  async function waitForEnd(runId: string) {
    for (;;) {
      const run = await q.getRunById(deps.pool, runId);
      if (!run || TERMINAL.has(run.status)) return run;
      await deps.runner.waitForAnyFinish(deps.pollMs);
    }
  }

  app.get(
    "/threads/:threadId/runs/:runId/join",
    handle(async (req) => {
      const { thread, run } = await ownedRun(req);
      const ended = await waitForEnd(run.run_id);
      if (ended?.status === "error" && ended.error) return { __error__: ended.error };
      const fresh = (await q.getThreadById(deps.pool, thread.thread_id)) ?? thread;
      return (await stateOf(fresh)).values;
    }),
  );

  app.get(
    "/threads/:threadId/runs/:runId/stream",
    handle(async (req, res) => {
      const { run } = await ownedRun(req);
      const header = req.headers["last-event-id"];
      const after = header === undefined ? 0 : Number(header);
      if (!Number.isInteger(after) || after < 0) throw invalid("Last-Event-ID", "must be the id of an event of this run");
      await followRun(deps, req, res, run.run_id, after, req.query.cancel_on_disconnect === "1");
    }),
  );

  app.post(
    "/threads/:threadId/runs/:runId/cancel",
    handle(async (req, res) => {
      const { run } = await ownedRun(req);
      const query = parse(s.cancelQuery, req.query, "query");
      if (TERMINAL.has(run.status)) throw conflict(`The run already ended (${run.status}).`);
      await q.requestCancel(deps.pool, run.run_id, query.action);
      deps.runner.cancelLocal(run.run_id, query.action);
      if (query.wait === "1" || query.wait === "true") await waitForEnd(run.run_id);
      res.status(202).end();
      return undefined;
    }),
  );

  // Deserialising a snapshot of a long thread (hundreds of messages) costs more than every query of
  // the read together; snapshots are immutable, so the last few stay in memory (the reducer copies,
  // never mutates, the value it starts from).
  const snapshots = new LruCache<unknown>(64);
  // What a checkpoint holds never changes either: a client reloading a thread reads its messages again.
  const reads = new LruCache<MessagesRead>(64);

  type MessagesRead = { checkpointId: string | null; createdAt: string | null; messages: Record<string, unknown>[] };

  async function messagesFromState(thread: q.ThreadRow, checkpointId?: string): Promise<MessagesRead> {
    const state = await stateOf(thread, checkpointId);
    const values = state.values as { messages?: unknown[] };
    const messages = (Array.isArray(values.messages) ? values.messages : []) as Record<string, unknown>[];
    return { checkpointId: state.checkpoint.checkpoint_id, createdAt: state.created_at, messages };
  }

  /**
   * The messages at a checkpoint read straight from the delta channel's storage (one walk to the
   * nearest snapshot, replayed through the graph's own channel), without rebuilding the rest of
   * the state or the next tasks. Null when the graph keeps messages some other way: the caller
   * then rebuilds the full state.
   */
  async function messagesFromStorage(thread: q.ThreadRow, checkpointId: string | null): Promise<MessagesRead | null> {
    if (!thread.assistant_id || !deps.graphs.has(thread.assistant_id)) return null;
    const parts = deltaParts(deps.graphs.get(thread.assistant_id));
    if (!parts) return null;
    const head = await q.checkpointHead(deps.pool, thread.thread_id, checkpointId);
    if (!head) {
      if (checkpointId) throw notFound("Checkpoint");
      return { checkpointId: null, createdAt: null, messages: [] };
    }
    const cacheKey = `${thread.thread_id}/${thread.created_at.getTime()}/${head.checkpoint_id}`;
    const cached = reads.get(cacheKey);
    if (cached) return cached;
    const chain = await deltaChain(deps.pool, { threadId: thread.thread_id, ns: "", checkpointId: head.checkpoint_id, channel: "messages", withSeed: false });
    let seed: unknown;
    if (chain.snapshotVersion) {
      // A version's blob never changes (stored once per thread); the thread's creation time tells a
      // deleted thread from a new one given the same id.
      const key = `${thread.thread_id}/${thread.created_at.getTime()}/v${chain.snapshotVersion}`;
      seed = snapshots.get(key);
      if (seed === undefined) {
        const blob = await q.channelBlob(deps.pool, thread.thread_id, "messages", chain.snapshotVersion);
        if (blob?.blob) seed = await parts.serde.loadsTyped(blob.type, blob.blob);
        if (seed !== undefined) snapshots.set(key, seed);
      }
    }
    const writes: [string, string, unknown][] = [];
    for (const w of chain.writes) writes.push([w.taskId, "messages", await parts.serde.loadsTyped(w.type, w.blob)]);
    const channel = parts.channel.fromCheckpoint(seed);
    channel.replayWrites(writes);
    const messages = channel.isAvailable() ? channel.get() : [];
    const read = { checkpointId: head.checkpoint_id, createdAt: head.ts, messages: toJsonValue(Array.isArray(messages) ? messages : []) as Record<string, unknown>[] };
    reads.set(cacheKey, read);
    return read;
  }

  app.get(
    "/agent/history-messages/:threadId",
    handle(async (req) => {
      const thread = await ownedThread(await principal(req), String(req.params.threadId));
      const query = parse(s.historyMessagesQuery, req.query, "query");
      const read = (await messagesFromStorage(thread, query.checkpointId ?? null)) ?? (await messagesFromState(thread, query.checkpointId));
      const times = await q.messageTimes(deps.pool, thread.thread_id);
      const fallback = read.createdAt ?? thread.created_at.toISOString();
      return {
        threadId: thread.thread_id,
        checkpointId: read.checkpointId,
        messages: read.messages.map((m) => historyMessage(m, times, fallback)),
      };
    }),
  );

  app.use((_req, _res, next) => next(notFound("Route")));
  app.use(errorHandler(deps.log));
  return app;
}

const ROLES: Record<string, string> = { human: "user", ai: "assistant", tool: "tool", system: "system" };

/** One message of history-messages: role, text or parts, tool calls, and when it was first seen. */
/**
 * The assistant a thread's metadata names, by `graph_id` or `assistant_id` (LangGraph stamps both on
 * a thread; here an assistant's id is its graph's id, so the two are one name), and the rest of the
 * metadata. `problem` says why the name is unusable: not an assistant, or two names that disagree.
 */
function assistantOf(input: Record<string, unknown> | undefined, graphs: Pick<GraphRegistry, "has" | "ids">) {
  const { graph_id: graphId, assistant_id: assistantId, ...metadata } = input ?? {};
  const [field, name] = graphId !== undefined ? ["metadata.graph_id", graphId] : ["metadata.assistant_id", assistantId];
  let problem: { field: string; reason: string } | null = null;
  if (graphId !== undefined && assistantId !== undefined && graphId !== assistantId) problem = { field: "metadata.assistant_id", reason: "must name the same assistant as metadata.graph_id" };
  else if (name !== undefined && name !== null && (typeof name !== "string" || !graphs.has(name))) problem = { field, reason: `is not an assistant (one of ${graphs.ids.join(", ")})` };
  return { assistant: typeof name === "string" ? name : null, problem, metadata };
}

function historyMessage(m: Record<string, unknown>, times: Map<string, Date>, fallback: string) {
  const id = typeof m.id === "string" ? m.id : null;
  const toolCalls = Array.isArray(m.tool_calls) ? (m.tool_calls as { id?: string; name: string; args: unknown }[]) : [];
  return {
    id,
    role: ROLES[String(m.type)] ?? String(m.type),
    content: m.content,
    toolCalls: toolCalls.map((c) => ({ id: c.id ?? null, name: c.name, args: c.args })),
    ...(typeof m.tool_call_id === "string" ? { toolCallId: m.tool_call_id } : {}),
    ...(typeof m.name === "string" ? { name: m.name } : {}),
    createdAt: (id && times.get(id)?.toISOString()) || fallback,
  };
}

type DeltaChannelLike = {
  fromCheckpoint(seed: unknown): DeltaChannelLike;
  replayWrites(writes: [string, string, unknown][]): void;
  isAvailable(): boolean;
  get(): unknown;
};
type SerdeLike = { loadsTyped(type: string, data: Uint8Array | string): Promise<unknown> };

/** The graph's messages channel and its checkpointer's serializer, when messages are a delta channel. */
function deltaParts(graph: unknown): { channel: DeltaChannelLike; serde: SerdeLike } | null {
  // A compiled LangGraph graph carries both; ServableGraph does not type them (any copy of LangGraph).
  const g = graph as { channels?: Record<string, { lc_graph_name?: string }>; checkpointer?: { serde?: SerdeLike } };
  const channel = g.channels?.messages;
  const serde = g.checkpointer?.serde;
  if (!channel || channel.lc_graph_name !== "DeltaChannel" || typeof serde?.loadsTyped !== "function") return null;
  return { channel: channel as unknown as DeltaChannelLike, serde };
}

/** A small least-recently-used map. */
class LruCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value!);
  }
}
