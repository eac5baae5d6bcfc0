import crypto from "node:crypto";
import type pg from "pg";
import type { Logger } from "pino";
import { Command } from "@langchain/langgraph";
import { isBaseMessage, isBaseMessageChunk, type BaseMessage, type BaseMessageChunk } from "@langchain/core/messages";
import type { TokenService } from "@atelier/api/platform";
import type { TeamRole } from "@atelier/contracts";
import { RunEventLog } from "./event-log";
import type { GraphRegistry } from "./graphs";
import type { RunContext } from "@atelier/contracts/agent-context";
import { buildRuntimeContext } from "./run-context";
import { toJsonValue } from "./serialize";
import { claimRun, deleteRunCheckpoints, runHasCheckpoint, finishRun, getRunById, lastEventSeq, renewLeases, type RunFinish, type RunRow, type RunStatus } from "./queries";
import type { PendingRunRows } from "./queries/run-rows";
import type { RealtimePublisher } from "./realtime-publisher";

export type RunnerOptions = {
  pool: pg.Pool;
  graphs: GraphRegistry;
  tokens: TokenService;
  log: Logger;
  apiBaseUrl: string;
  /** How long a claimed run stays ours without a heartbeat; after that another process may take it. */
  leaseMs: number;
  /** How often idle workers look for runs. */
  pollMs: number;
  /** Runs executed at once by this process. */
  concurrency: number;
  /** Resolves when the checkpointer has stored everything a thread's runs queued (rejects if any failed). */
  drainCheckpoints: (threadId: string) => Promise<void>;
  /** Records a run's end with its last queued checkpoint batch; null when none is queued (see AtelierCheckpointer). */
  finishWithLastBatch?: (run: RunFinish) => Promise<boolean> | null;
  /** Tells the run's user's other tabs that a run started and ended (see announceRun). */
  publish?: RealtimePublisher;
};

type Active = { row: RunRow; abort: AbortController; cancel: "interrupt" | "rollback" | null; log: RunEventLog };

const GRAPH_MODES = new Set(["values", "updates", "custom", "messages"]);

/**
 * The worker loop: claims runs from Postgres (several processes may share the queue), executes
 * them on the graph, writes their stream events, renews their leases, and honours cancels.
 */
export function createRunner(options: RunnerOptions) {
  const workerId = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  const active = new Map<string, Active>();
  // The caller's own token for runs this process accepted; a reclaimed run gets a fresh one.
  const callerTokens = new Map<string, string>();
  const logWaiters = new Map<string, (() => void)[]>();
  const finishWaiters = new Set<() => void>();
  let stopped = false;
  let pollTimer: NodeJS.Timeout | null = null;
  let claiming = false;
  let kickAgain = false;
  // Runs this process is inserting as already claimed (see reserve): they count against concurrency.
  let reserved = 0;

  const heartbeat = setInterval(() => void renew(), Math.max(50, Math.floor(options.leaseMs / 3)));
  heartbeat.unref();

  async function renew() {
    if (!active.size) return;
    try {
      const rows = await renewLeases(options.pool, workerId, [...active.keys()], options.leaseMs);
      for (const r of rows) if (r.cancel_action) cancelLocal(r.run_id, r.cancel_action);
    } catch (err) {
      options.log.error({ err }, "renewing run leases failed");
    }
  }

  function schedule(delay = options.pollMs) {
    if (stopped) return;
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = setTimeout(() => void claimLoop(null), delay);
    pollTimer.unref();
  }

  async function claimLoop(onlyRunId: string | null) {
    if (stopped) return;
    if (claiming) {
      kickAgain = true;
      return;
    }
    claiming = true;
    try {
      while (!stopped && active.size + reserved < options.concurrency) {
        const row = await claimRun(options.pool, workerId, options.leaseMs, onlyRunId);
        if (!row) break;
        onlyRunId = null;
        void execute(row);
      }
    } catch (err) {
      options.log.error({ err }, "claiming runs failed");
    } finally {
      claiming = false;
    }
    if (kickAgain) {
      kickAgain = false;
      void claimLoop(null);
      return;
    }
    schedule();
  }

  function cancelLocal(runId: string, action: "interrupt" | "rollback") {
    const run = active.get(runId);
    if (!run || run.cancel) return;
    run.cancel = action;
    run.abort.abort(new Error("Run cancelled"));
  }

  async function runToken(row: RunRow): Promise<string | null> {
    const own = callerTokens.get(row.run_id);
    if (own) return own;
    if (!row.user_id || !row.store_id) return null;
    const { token } = await options.tokens.sign(
      { userId: row.user_id, storeId: row.store_id, role: (row.user_role ?? "OWNER") as TeamRole, isPreview: row.is_preview },
      "v1",
    );
    return token;
  }

  async function execute(row: RunRow) {
    // A first attempt has no stored events, so its log exists before the first await and a
    // stream opened right after the run was created reads it from memory.
    const log = row.attempt > 1 ? await reattachLog(row) : new RunEventLog(row.run_id, row.thread_id, options.pool, 0);
    const run: Active = { row, abort: new AbortController(), cancel: null, log };
    active.set(row.run_id, run);
    for (const wake of logWaiters.get(row.run_id)?.splice(0) ?? []) wake();
    logWaiters.delete(row.run_id);
    let status: RunStatus = "success";
    let error: { error: string; message: string } | null = null;
    const started = Date.now();
    options.log.debug({ runId: row.run_id, threadId: row.thread_id, assistantId: row.assistant_id, attempt: row.attempt }, "run started");
    // Whether runs wait in the queue, once the end is stored with the run's last checkpoints.
    let ended: boolean | null = null;
    try {
      log.push("metadata", { run_id: row.run_id, attempt: row.attempt });
      announceRun(options, row, null);
      status = await stream(row, run);
      // The run is done only when its checkpoints are stored; its end usually goes with the last of them.
      ended = await endWithLastCheckpoints(row, log, status);
      if (ended === null) await options.drainCheckpoints(row.thread_id);
    } catch (err) {
      if (run.cancel) status = "cancelled";
      else {
        status = "error";
        error = { error: (err as Error)?.name ?? "Error", message: (err as Error)?.message ?? String(err) };
        options.log.error({ err, runId: row.run_id }, "run failed");
        log.push("error", error);
      }
    }
    let waiting = ended ?? true;
    try {
      if (ended === null) waiting = await endAlone(row, run, status, error);
      options.log.debug({ runId: row.run_id, threadId: row.thread_id, status, ms: Date.now() - started }, "run finished");
    } catch (err) {
      options.log.error({ err, runId: row.run_id }, "recording the end of a run failed");
    } finally {
      active.delete(row.run_id);
      log.close();
      announceRun(options, row, status);
      callerTokens.delete(row.run_id);
      for (const wake of [...finishWaiters]) wake();
      // Runs queued behind this one (or beyond this process's concurrency) start now, not at the next poll.
      if (waiting) void claimLoop(null);
    }
  }

  /**
   * Records the end of a run that returned (success or interrupt) in the statement of its last
   * checkpoint batch, when that batch is still queued; returns whether runs wait in the queue, or
   * null when there is no such batch (the caller drains and records the end alone). If that
   * statement fails, the rows go back to the log and the error is thrown: the run then ends in error.
   */
  async function endWithLastCheckpoints(row: RunRow, log: RunEventLog, status: RunStatus): Promise<boolean | null> {
    if (!options.finishWithLastBatch) return null;
    await log.settle();
    const end = log.reserveEnd();
    const taken = log.take();
    const rows = { runId: row.run_id, threadId: row.thread_id, events: [...(taken?.events ?? []), end], stamps: taken?.stamps ?? [] };
    const stored = options.finishWithLastBatch({ runId: row.run_id, threadId: row.thread_id, status, error: null, threadStatus: threadStatusOf(status), rows });
    if (!stored) {
      if (taken) log.restore(taken);
      return null;
    }
    try {
      const waiting = await stored;
      log.publishStored(end);
      return waiting;
    } catch (err) {
      if (taken) log.restore(taken);
      throw err;
    }
  }

  /** Records the end of a run in a statement of its own, after what it wrote is stored (or rolled back). */
  async function endAlone(row: RunRow, run: Active, status: RunStatus, error: { error: string; message: string } | null): Promise<boolean> {
    if (status !== "success" && status !== "interrupted") {
      // What the graph wrote before it stopped is stored (or rolled back) before the end.
      await options.drainCheckpoints(row.thread_id).catch((err: unknown) => options.log.error({ err, runId: row.run_id }, "storing a stopped run's checkpoints failed"));
    }
    if (status === "cancelled" && run.cancel === "rollback") await deleteRunCheckpoints(options.pool, row.thread_id, row.run_id);
    await run.log.settle();
    const end = run.log.reserveEnd();
    const rows = run.log.take() ?? { runId: row.run_id, threadId: row.thread_id, events: [], stamps: [] };
    rows.events.push(end);
    const waiting = await finishRun(options.pool, { runId: row.run_id, threadId: row.thread_id, status, error, threadStatus: threadStatusOf(status), rows });
    run.log.publishStored(end);
    return waiting;
  }

  async function reattachLog(row: RunRow) {
    return new RunEventLog(row.run_id, row.thread_id, options.pool, await lastEventSeq(options.pool, row.run_id));
  }

  /** Runs the graph and turns its chunks into the events the client asked for. */
  async function stream(row: RunRow, run: Active): Promise<RunStatus> {
    const graph = options.graphs.get(row.assistant_id);
    const kw = row.kwargs;
    const requested = new Set(kw.streamMode);
    const modes = new Set(["updates", "values"]);
    for (const m of requested) modes.add(m === "messages-tuple" ? "messages" : m);
    const runContext: RunContext = {
      apiToken: await runToken(row),
      apiBaseUrl: options.apiBaseUrl,
      storeId: row.store_id,
      userId: row.user_id,
      anonymousId: row.anonymous_id,
      screen: kw.screen,
    };
    // A reclaimed run whose first attempt already checkpointed continues from there, not from its input.
    const resumed = row.attempt > 1 && (await hasRunCheckpoint(row));
    let input: unknown = kw.input ?? null;
    if (kw.command) input = new Command(kw.command as ConstructorParameters<typeof Command>[0]);
    if (resumed) input = null;
    const configurable: Record<string, unknown> = { thread_id: row.thread_id };
    if (kw.checkpointId && !resumed) configurable.checkpoint_id = kw.checkpointId;
    const iterable = await graph.stream(input, {
      configurable,
      metadata: { ...row.metadata, run_id: row.run_id, assistant_id: row.assistant_id, graph_id: row.assistant_id, thread_id: row.thread_id },
      context: buildRuntimeContext(kw.context ?? undefined, runContext),
      streamMode: [...modes].filter((m) => GRAPH_MODES.has(m)),
      signal: run.abort.signal,
      ...(kw.recursionLimit ? { recursionLimit: kw.recursionLimit } : {}),
      ...(kw.interruptBefore ? { interruptBefore: kw.interruptBefore } : {}),
      ...(kw.interruptAfter ? { interruptAfter: kw.interruptAfter } : {}),
    });
    const partial = new Map<string, BaseMessageChunk | BaseMessage>();
    const completed = new Set<string>();
    let interrupted = false;
    const stamped = new Set<string>();
    for await (const item of iterable) {
      const [mode, chunk] = item as [string, unknown];
      if (mode === "updates") {
        const update = chunk as Record<string, unknown>;
        if (Array.isArray(update.__interrupt__) && update.__interrupt__.length) interrupted = true;
        const messages = messagesIn(update);
        if (requested.has("messages")) {
          for (const m of messages) {
            if (!m.id || !partial.has(m.id) || completed.has(m.id)) continue;
            completed.add(m.id);
            run.log.push("messages/complete", [toJsonValue(m)]);
          }
        }
        if (requested.has("updates")) run.log.push("updates", toJsonValue(update));
      } else if (mode === "values") {
        const fresh = messageIds(chunk).filter((id) => !stamped.has(id));
        if (fresh.length) {
          for (const id of fresh) stamped.add(id);
          run.log.stamp(fresh);
        }
        if (requested.has("values")) run.log.push("values", toJsonValue(chunk));
      } else if (mode === "custom") {
        if (requested.has("custom")) run.log.push("custom", toJsonValue(chunk));
      } else if (mode === "messages") {
        const [message, metadata] = chunk as [BaseMessage, Record<string, unknown>];
        if (requested.has("messages-tuple")) run.log.push("messages", [toJsonValue(message), toJsonValue(metadata)]);
        if (requested.has("messages") && message.id && !completed.has(message.id)) {
          const seen = partial.get(message.id);
          if (!seen) run.log.push("messages/metadata", { [message.id]: { metadata: toJsonValue(metadata) } });
          if (!isBaseMessageChunk(message)) {
            partial.set(message.id, message);
            completed.add(message.id);
            run.log.push("messages/complete", [toJsonValue(message)]);
          } else {
            const merged = seen && isBaseMessageChunk(seen) ? seen.concat(message) : message;
            partial.set(message.id, merged);
            run.log.push("messages/partial", [toJsonValue(merged)]);
          }
        }
      }
    }
    return interrupted ? "interrupted" : "success";
  }

  async function hasRunCheckpoint(row: RunRow): Promise<boolean> {
    return runHasCheckpoint(options.pool, row.thread_id, row.run_id);
  }

  return {
    workerId,
    /** Starts polling the queue. */
    start() {
      schedule(0);
    },
    /** Claims runs now (a run was just created here); the caller's token serves that run. */
    kick(runId?: string, callerToken?: string | null) {
      if (runId && callerToken) callerTokens.set(runId, callerToken);
      void claimLoop(null);
    },
    /**
     * Takes one of this process's run slots for a run about to be inserted as already claimed;
     * null when all are busy (the run then goes through the queue). Give it back with `unreserve`
     * if the insert fails, or hand it to `startClaimed`.
     */
    reserve(): { workerId: string; leaseMs: number } | null {
      if (stopped || active.size + reserved >= options.concurrency) return null;
      reserved++;
      return { workerId, leaseMs: options.leaseMs };
    },
    unreserve() {
      reserved--;
    },
    /** Executes a run inserted as claimed by this worker; its event log exists when this returns. */
    startClaimed(row: RunRow, callerToken: string | null) {
      reserved--;
      if (callerToken) callerTokens.set(row.run_id, callerToken);
      void execute(row);
    },
    /** A run's events and stamps not stored yet, for the checkpointer to carry. */
    pendingRows: {
      take: (runId: string): PendingRunRows | null => active.get(runId)?.log.take() ?? null,
      restore(rows: PendingRunRows) {
        active.get(rows.runId)?.log.restore(rows);
      },
    },
    cancelLocal,
    /** The in-memory event log of a run executing here, if any. */
    localLog: (runId: string) => active.get(runId)?.log ?? null,
    /** Resolves when a run starts here or after ms, whichever is first. */
    waitForLog(runId: string, ms: number): Promise<void> {
      // The run may have started here while the caller was reading Postgres: its wake-up has
      // already fired, so waiting would sleep the whole interval.
      if (active.has(runId)) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        const list = logWaiters.get(runId) ?? [];
        list.push(done);
        logWaiters.set(runId, list);
      });
    },
    /** Resolves when any local run finishes or after ms. */
    waitForAnyFinish(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          finishWaiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        finishWaiters.add(done);
      });
    },
    isActive: (runId: string) => active.has(runId),
    getRun: (runId: string) => getRunById(options.pool, runId),
    /** Stops claiming, cancels nothing: runs in flight finish (or are reclaimed after a crash). */
    async stop(graceMs = 5000) {
      stopped = true;
      if (pollTimer) clearTimeout(pollTimer);
      clearInterval(heartbeat);
      const deadline = Date.now() + graceMs;
      while (active.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

export type Runner = ReturnType<typeof createRunner>;

/**
 * Publishes `run.started` (status null) or `run.ended` and `thread.updated` to the run's user, so
 * their other tabs with the thread open follow the run and reload it at its end. Anonymous runs
 * (the storefront chatbot) have no user to tell.
 */
function announceRun(options: RunnerOptions, row: RunRow, status: RunStatus | null): void {
  if (!options.publish || !row.user_id) return;
  const to = { userId: row.user_id };
  const ids = { threadId: row.thread_id, runId: row.run_id, assistantId: row.assistant_id };
  try {
    if (!status) return options.publish({ name: "run.started", to, payload: ids });
    if (status === "pending" || status === "running") return;
    options.publish({ name: "run.ended", to, payload: { ...ids, status } });
    options.publish({ name: "thread.updated", to, payload: { threadId: row.thread_id, status: threadStatusOf(status) } });
  } catch (err) {
    // Best effort: the run itself is stored; a tab that misses the event shows it on its next load.
    options.log.error({ err, runId: row.run_id }, "publishing a run's realtime event failed");
  }
}

function threadStatusOf(status: RunStatus): "idle" | "interrupted" | "error" {
  return status === "interrupted" ? "interrupted" : status === "error" ? "error" : "idle";
}

function messageIds(values: unknown): string[] {
  const list = (values as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(list)) return [];
  return list.filter((m): m is BaseMessage => isBaseMessage(m) && typeof m.id === "string").map((m) => m.id!);
}

function messagesIn(update: Record<string, unknown>): BaseMessage[] {
  const out: BaseMessage[] = [];
  for (const nodeUpdate of Object.values(update)) {
    const list = (nodeUpdate as { messages?: unknown } | null)?.messages;
    const items = Array.isArray(list) ? list : list ? [list] : [];
    for (const m of items) if (isBaseMessage(m)) out.push(m);
  }
  return out;
}
