import crypto from "node:crypto";
import type pg from "pg";
import type { z } from "zod";
import type { Logger } from "pino";
import type { Job, JobEventName } from "@atelier/contracts";
import { afterCommit, withTransaction, type Queryable } from "../db/pool";
import {
  claimJob,
  completeJob,
  databaseNow,
  deleteSchedule,
  failAbandonedJobs,
  failJobAttempt,
  hasDueSchedule,
  insertJob,
  lockDueSchedules,
  markJobCancelled,
  releaseJob,
  renewJobLeases,
  requestJobCancel,
  setJobProgress,
  setScheduleNextRun,
  upsertSchedule,
  type JobRow,
  type ScheduleRow,
} from "../queries/jobs";
import { PermanentJobError, type JobContext, type JobDefinition } from "./define-job";
import { noJobEvents, type JobEvents } from "./events";
import { nextRunAfter, type Recurrence } from "./recurrence";
import { toJob } from "./to-job";

export type JobQueueOptions = {
  pool: pg.Pool;
  log: Logger;
  /** Where progress and outcomes are published (default: nowhere). */
  events?: JobEvents;
  /** Jobs this process runs at once; 0 only enqueues (default 2). */
  concurrency?: number;
  /** How often an idle worker looks for due jobs and schedules (default 1 s). */
  pollMs?: number;
  /** Jobs this queue enqueues are run by it alone, and it runs no other queue's (migration 0230; tests). */
  affinity?: string | null;
};

export type EnqueueOptions = {
  /** The store the job works for: only that store reads it. Null or absent: the platform's own. */
  storeId?: string | null;
  userId?: string | null;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** While a job of this type, store and key is queued or running, enqueueing returns it instead of a new one. */
  singletonKey?: string;
  /** The caller's transaction: the job exists only if it commits. */
  db?: Queryable;
};

const DEFAULTS = { maxAttempts: 5, backoffMs: 1000, leaseMs: 30_000 };
const ABANDONED = "The job stopped because the process running it ended unexpectedly during its last attempt.";

type StopReason = "cancel" | "lost" | "shutdown";
type Active = { row: JobRow; abort: AbortController; reason: StopReason | null; done: Promise<void> };
type Schedule = { definition: JobDefinition; payload: unknown; rule: Recurrence };

/**
 * The background job queue: job types registered with a payload schema and a handler, enqueued
 * (optionally in the caller's transaction), claimed from Postgres under renewed leases by any
 * process's worker, retried with exponential backoff, scheduled and recurring, cancellable.
 */
export function createJobQueue(options: JobQueueOptions) {
  const { pool, log } = options;
  const events = options.events ?? noJobEvents;
  const concurrency = options.concurrency ?? 2;
  const pollMs = options.pollMs ?? 1000;
  const workerId = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  const definitions = new Map<string, JobDefinition>();
  const schedules = new Map<string, Schedule>();
  const active = new Map<string, Active>();
  let started = false;
  let stopped = false;
  let pollTimer: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let claiming = false;
  let kickAgain = false;
  // What stop() waits for besides running jobs: a poll or claim that has a statement in flight.
  const inFlight = new Set<Promise<unknown>>();

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    // The caller awaits work and handles its failure; this copy of it only keeps the set tidy.
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  function publish(event: JobEventName, row: JobRow) {
    try {
      events.publish(event, { job: toJob(row) }, { storeId: row.store_id, userId: row.user_id });
    } catch (err) {
      // Best effort: the row is stored, and screens resync from GET /web/jobs/{id}.
      log.error({ err, jobId: row.id, event }, "publishing a job event failed");
    }
  }

  function policy(definition: JobDefinition) {
    return {
      maxAttempts: definition.maxAttempts ?? DEFAULTS.maxAttempts,
      backoffMs: definition.backoffMs ?? DEFAULTS.backoffMs,
      leaseMs: definition.leaseMs ?? DEFAULTS.leaseMs,
    };
  }

  async function enqueue<S extends z.ZodType>(definition: JobDefinition<S>, payload: z.input<S>, opts: EnqueueOptions = {}): Promise<{ job: Job; created: boolean }> {
    const parsed = definition.payload.parse(payload) as unknown;
    const { row, created } = await insertJob(opts.db ?? pool, {
      type: definition.type,
      payload: parsed,
      storeId: opts.storeId ?? null,
      userId: opts.userId ?? null,
      runAt: opts.runAt ?? null,
      singletonKey: opts.singletonKey ?? null,
      scheduleName: null,
      affinity: options.affinity ?? null,
      ...policy(definition),
    });
    // Inside a caller's transaction the job is visible once it commits: the worker looks then
    // (withTransaction's commit hooks), not at its next poll up to pollMs later.
    if (created && definitions.has(definition.type)) {
      if (opts.db) afterCommit(opts.db, kick);
      else kick();
    }
    return { job: toJob(row), created };
  }

  /** Runs a job type every N ms or on a cron expression; calling it again with the same name updates the rule. */
  async function schedule<S extends z.ZodType>(name: string, definition: JobDefinition<S>, payload: z.input<S>, rule: Recurrence): Promise<void> {
    const parsed = definition.payload.parse(payload) as unknown;
    const next = nextRunAfter(rule, await databaseNow(pool));
    await upsertSchedule(pool, { name, type: definition.type, payload: parsed, every_ms: "everyMs" in rule ? rule.everyMs : null, cron: "cron" in rule ? rule.cron : null }, next);
    schedules.set(name, { definition, payload: parsed, rule });
  }

  async function unschedule(name: string): Promise<void> {
    schedules.delete(name);
    await deleteSchedule(pool, name);
  }

  /** Cancels a job of a store (null: the platform's own); null when the store has no such job. */
  async function cancel(storeId: string | null, jobId: string): Promise<Job | null> {
    const row = await requestJobCancel(pool, storeId, jobId);
    if (!row) return null;
    if (row.previous_status === "queued") publish("job.cancelled", row);
    if (row.status === "running") stopLocal(row.id, "cancel");
    return toJob(row);
  }

  function stopLocal(jobId: string, reason: StopReason) {
    const run = active.get(jobId);
    if (!run || run.reason) return;
    run.reason = reason;
    run.abort.abort(new Error(reason === "cancel" ? "The job was cancelled." : reason === "lost" ? "The job's lease was lost." : "The worker is shutting down."));
  }

  async function renew() {
    if (!active.size) return;
    try {
      const ids = [...active.keys()];
      const rows = await renewJobLeases(pool, workerId, ids);
      const held = new Map(rows.map((r) => [r.id, r.cancel_requested]));
      for (const id of ids) {
        if (!held.has(id)) stopLocal(id, "lost");
        else if (held.get(id)) stopLocal(id, "cancel");
      }
    } catch (err) {
      log.error({ err }, "renewing job leases failed");
    }
  }

  /** Renews leases every third of the shortest registered lease. */
  function startHeartbeat() {
    if (heartbeat) clearInterval(heartbeat);
    const leases = [...definitions.values()].map((d) => policy(d).leaseMs);
    heartbeat = setInterval(() => void renew(), Math.max(50, Math.floor(Math.min(...leases) / 3)));
    heartbeat.unref();
  }

  function types() {
    return [...definitions.keys()];
  }

  async function enqueueDueSchedules() {
    if (!schedules.size || !(await hasDueSchedule(pool, types()))) return;
    await withTransaction(pool, async (client) => {
      const due = await lockDueSchedules(client, types());
      if (!due.length) return;
      const now = await databaseNow(client);
      for (const s of due) await fireSchedule(client, s, now);
    });
  }

  async function fireSchedule(client: pg.PoolClient, s: ScheduleRow, now: Date) {
    const known = schedules.get(s.name);
    const definition = known?.definition ?? definitions.get(s.type)!;
    const { row, created } = await insertJob(client, {
      type: s.type,
      payload: s.payload,
      storeId: null,
      userId: null,
      runAt: null,
      singletonKey: `schedule:${s.name}`,
      scheduleName: s.name,
      affinity: options.affinity ?? null,
      ...policy(definition),
    });
    if (!created) log.debug({ schedule: s.name, jobId: row.id }, "the previous run of a recurring job has not finished; skipped");
    const rule: Recurrence = s.every_ms ? { everyMs: s.every_ms } : { cron: s.cron! };
    // From now, not from the missed time: a worker that was down does not replay every missed run.
    await setScheduleNextRun(client, s.name, nextRunAfter(rule, now));
  }

  async function poll() {
    if (stopped) return;
    try {
      for (const row of await failAbandonedJobs(pool, types(), ABANDONED)) publish("job.failed", row);
      await enqueueDueSchedules();
    } catch (err) {
      log.error({ err }, "job queue upkeep failed");
    }
    await claimLoop();
    schedulePoll();
  }

  function schedulePoll() {
    if (stopped) return;
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = setTimeout(() => void track(poll()), pollMs);
    pollTimer.unref();
  }

  async function claimLoop() {
    if (stopped || !started) return;
    if (claiming) {
      kickAgain = true;
      return;
    }
    claiming = true;
    try {
      while (!stopped && active.size < concurrency) {
        const row = await claimJob(pool, workerId, types(), options.affinity ?? null);
        if (!row) break;
        if (stopped) {
          // Claimed while stop() began: back to the queue for another worker.
          await releaseJob(pool, workerId, row.id);
          break;
        }
        startJob(row);
      }
    } catch (err) {
      log.error({ err }, "claiming jobs failed");
    } finally {
      claiming = false;
    }
    if (kickAgain) {
      kickAgain = false;
      await claimLoop();
    }
  }

  function kick() {
    if (started && !stopped) void track(claimLoop());
  }

  function startJob(row: JobRow) {
    const run: Active = { row, abort: new AbortController(), reason: null, done: Promise.resolve() };
    active.set(row.id, run);
    run.done = execute(run)
      .catch((err: unknown) => log.error({ err, jobId: row.id }, "recording a job's end failed"))
      .finally(() => {
        active.delete(row.id);
        kick();
      });
  }

  async function execute(run: Active) {
    const { row } = run;
    const definition = definitions.get(row.type)!;
    if (row.cancel_requested) return end(run, "cancelled");
    const parsed = definition.payload.safeParse(row.payload);
    if (!parsed.success) {
      const reasons = parsed.error.issues.map((i) => `${i.path.join(".") || "payload"} ${i.message}`).join("; ");
      return end(run, "failed", { error: `The job's input is not valid (${reasons}).`, retry: false });
    }
    const ctx: JobContext = {
      jobId: row.id,
      storeId: row.store_id,
      userId: row.user_id,
      attempt: row.attempt,
      signal: run.abort.signal,
      log: log.child({ jobId: row.id, jobType: row.type }),
      progress: (percent, message) => progress(run, percent, message ?? null),
    };
    let result: unknown;
    try {
      result = await definition.handler(parsed.data, ctx);
    } catch (err) {
      if (run.reason === "cancel") return end(run, "cancelled");
      if (run.reason) return end(run, run.reason);
      const message = err instanceof Error ? err.message : String(err);
      ctx.log.warn({ err, attempt: row.attempt }, "a job attempt failed");
      return end(run, "failed", { error: message, retry: !(err instanceof PermanentJobError) });
    }
    // A handler that finished its work despite a cancel has done it: the job is completed.
    if (run.reason === "lost") return;
    return end(run, "completed", { result });
  }

  async function end(run: Active, outcome: "completed" | "failed" | "cancelled" | "lost" | "shutdown", detail: { result?: unknown; error?: string; retry?: boolean } = {}) {
    const id = run.row.id;
    if (outcome === "lost") return log.warn({ jobId: id }, "a job's lease was lost; another worker has it");
    if (outcome === "shutdown") return releaseJob(pool, workerId, id);
    if (outcome === "cancelled") {
      const row = await markJobCancelled(pool, workerId, id);
      if (row) publish("job.cancelled", row);
      return;
    }
    if (outcome === "completed") {
      const row = await completeJob(pool, workerId, id, detail.result);
      if (row) publish("job.completed", row);
      return;
    }
    const row = await failJobAttempt(pool, workerId, id, detail.error ?? "The job failed.", detail.retry ?? true);
    if (row) publish(row.status === "failed" ? "job.failed" : "job.progressed", row);
  }

  async function progress(run: Active, percent: number, message: string | null) {
    if (run.reason) return;
    const clamped = Math.max(0, Math.min(100, Math.round(Number.isFinite(percent) ? percent : 0)));
    const row = await setJobProgress(pool, workerId, run.row.id, clamped, message);
    if (!row) return stopLocal(run.row.id, "lost");
    publish("job.progressed", row);
  }

  return {
    workerId,
    /** Lets this process's worker run a job type (register before start). */
    register<S extends z.ZodType, R>(definition: JobDefinition<S, R>) {
      if (definitions.has(definition.type)) throw new Error(`The job type ${definition.type} is registered twice.`);
      definitions.set(definition.type, definition as unknown as JobDefinition);
      // A type registered after start may have a shorter lease: renew often enough for it too.
      if (started && !stopped) startHeartbeat();
    },
    enqueue,
    schedule,
    unschedule,
    cancel,
    /** Looks for due jobs now (a job was just enqueued elsewhere in this process, e.g. after a commit). */
    kick,
    /** Starts the worker: it claims due jobs of the registered types, up to the concurrency. */
    start() {
      if (started || concurrency <= 0 || !definitions.size) return;
      started = true;
      startHeartbeat();
      void track(poll());
    },
    /**
     * Stops claiming and waits up to graceMs for running jobs; then aborts them and gives them
     * back to the queue (the interrupted attempt does not count), so another worker takes them at once.
     */
    async stop(graceMs = 10_000) {
      stopped = true;
      if (pollTimer) clearTimeout(pollTimer);
      if (heartbeat) clearInterval(heartbeat);
      await Promise.allSettled([...inFlight]);
      const running = () => Promise.all([...active.values()].map((r) => r.done));
      if (await settlesWithin(running(), graceMs)) return;
      for (const id of active.keys()) stopLocal(id, "shutdown");
      if (await settlesWithin(running(), graceMs)) return;
      // Handlers that ignore their signal: their jobs go back to the queue; their late end is ignored.
      await Promise.all([...active.keys()].map((id) => releaseJob(pool, workerId, id)));
    },
    /** Jobs running in this process now. */
    activeCount: () => active.size,
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void work.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
