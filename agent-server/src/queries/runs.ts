import type { ScreenContext } from "@atelier/contracts/agent-context";
import type { Queryable } from "@atelier/api/platform";
import { ownerClause, type Owner } from "./owner";

// agent_runs: inserting a run onto its thread, reading and cancelling runs. The worker's side
// (claim, lease, finish) is run-queue.ts.

export type RunStatus = "pending" | "running" | "success" | "error" | "interrupted" | "cancelled";

export type MultitaskStrategy = "reject" | "enqueue" | "interrupt" | "rollback";

/** What a run does; stored with the run so any worker can (re)start it. Holds no credential. */
export type RunKwargs = {
  input: unknown;
  command: { resume?: unknown; update?: unknown; goto?: unknown } | null;
  streamMode: string[];
  checkpointId: string | null;
  interruptBefore: string[] | "*" | null;
  interruptAfter: string[] | "*" | null;
  context: Record<string, unknown> | null;
  screen: ScreenContext | null;
  recursionLimit: number | null;
};

export type RunRow = {
  run_id: string;
  thread_id: string;
  assistant_id: string;
  status: RunStatus;
  multitask_strategy: MultitaskStrategy;
  kwargs: RunKwargs;
  metadata: Record<string, unknown>;
  store_id: string | null;
  user_id: string | null;
  user_role: string | null;
  is_preview: boolean;
  anonymous_id: string | null;
  worker_id: string | null;
  lease_expires_at: Date | null;
  attempt: number;
  cancel_action: "interrupt" | "rollback" | null;
  error: { error: string; message: string } | null;
  created_at: Date;
  updated_at: Date;
};

export type NewRun = {
  runId: string;
  threadId: string;
  assistantId: string;
  strategy: MultitaskStrategy;
  kwargs: RunKwargs;
  metadata: Record<string, unknown>;
  owner: Owner;
  role: string | null;
  isPreview: boolean;
  clientIp: string | null;
  /** The run starts out claimed by this worker (see insertRun). */
  claim: { workerId: string; leaseMs: number } | null;
};

async function insertRunWhere(db: Queryable, r: NewRun, onlyIfFree: boolean) {
  const params: unknown[] = [
    r.runId,
    r.threadId,
    r.assistantId,
    r.strategy,
    JSON.stringify(r.kwargs),
    JSON.stringify(r.metadata),
    r.owner.kind === "user" ? r.owner.storeId : null,
    r.owner.kind === "user" ? r.owner.userId : null,
    r.role,
    r.isPreview,
    r.owner.kind === "anonymous" ? r.owner.anonymousId : null,
    r.clientIp,
    r.claim?.workerId ?? null,
    r.claim?.leaseMs ?? 0,
  ];
  let free = "";
  if (onlyIfFree) {
    const [clause, args] = ownerClause(r.owner, params.length + 1, "t");
    params.push(...args);
    free = ` AND ${clause} AND t.status <> 'busy'
      AND NOT EXISTS (SELECT 1 FROM agent_runs o WHERE o.thread_id = t.thread_id AND o.status IN ('pending', 'running'))`;
  }
  const { rows } = await db.query<RunRow>(
    `WITH thread AS (UPDATE agent_threads t SET status = 'busy', assistant_id = COALESCE(t.assistant_id, $3), updated_at = now()
       WHERE t.thread_id = $2${free} RETURNING t.thread_id)
     INSERT INTO agent_runs (run_id, thread_id, assistant_id, multitask_strategy, kwargs, metadata, store_id, user_id, user_role, is_preview, anonymous_id, client_ip,
       status, worker_id, attempt, lease_expires_at)
     SELECT $1, thread.thread_id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
       CASE WHEN $13::text IS NULL THEN 'pending' ELSE 'running' END, $13, CASE WHEN $13::text IS NULL THEN 0 ELSE 1 END,
       CASE WHEN $13::text IS NULL THEN NULL ELSE now() + make_interval(secs => $14::double precision / 1000) END
     FROM thread
     RETURNING *`,
    params,
  );
  return rows[0] ?? null;
}

/**
 * Inserts a run and marks its thread busy, in one statement; the caller holds the thread's lock
 * (lockThreadForRun). With `claim`, the run starts out claimed by that worker (the caller checked
 * that nothing else holds the thread), so the process that accepted it runs it at once.
 */
export async function insertRun(db: Queryable, r: NewRun) {
  const row = await insertRunWhere(db, r, false);
  if (!row) throw new Error(`thread ${r.threadId} vanished while locked`);
  return row;
}

/**
 * The common case in one statement, without a transaction: inserts the run only if the thread is
 * the owner's, not busy and holds no waiting or executing run; null otherwise (the caller then
 * takes the thread's lock and decides). Safe against a concurrent run on the same thread: that
 * one marks the thread busy, and this update, blocked on the row or re-checking it, sees that.
 */
export async function insertRunIfThreadFree(db: Queryable, r: NewRun) {
  return insertRunWhere(db, r, true);
}

export async function getRun(db: Queryable, threadId: string, runId: string) {
  const { rows } = await db.query<RunRow>("SELECT * FROM agent_runs WHERE thread_id = $1 AND run_id = $2", [threadId, runId]);
  return rows[0] ?? null;
}

/** A thread's latest runs, newest first (at most 100). */
export async function listRuns(db: Queryable, threadId: string) {
  const { rows } = await db.query<RunRow>("SELECT * FROM agent_runs WHERE thread_id = $1 ORDER BY created_at DESC LIMIT 100", [threadId]);
  return rows;
}

export async function getRunById(db: Queryable, runId: string) {
  const { rows } = await db.query<RunRow>("SELECT * FROM agent_runs WHERE run_id = $1", [runId]);
  return rows[0] ?? null;
}

/** Runs of a thread that still hold it: waiting or executing. */
export async function activeRuns(db: Queryable, threadId: string) {
  const { rows } = await db.query<RunRow>("SELECT * FROM agent_runs WHERE thread_id = $1 AND status IN ('pending', 'running') ORDER BY created_at", [threadId]);
  return rows;
}

/** Asks a run to stop; a pending run stops at once, a running one when its worker sees the flag. */
export async function requestCancel(db: Queryable, runId: string, action: "interrupt" | "rollback") {
  await db.query(
    `UPDATE agent_runs SET cancel_action = $2,
       status = CASE WHEN status = 'pending' THEN 'cancelled' ELSE status END, updated_at = now()
     WHERE run_id = $1 AND status IN ('pending', 'running')`,
    [runId, action],
  );
}

export async function deleteRun(db: Queryable, runId: string) {
  await db.query("DELETE FROM agent_runs WHERE run_id = $1", [runId]);
}

/** Anonymous runs started in the last minute by this visitor id and by this address. */
export async function recentAnonymousRuns(db: Queryable, anonymousId: string, clientIp: string | null) {
  const { rows } = await db.query<{ by_id: number; by_ip: number }>(
    `SELECT count(*) FILTER (WHERE anonymous_id = $1) AS by_id, count(*) FILTER (WHERE client_ip = $2) AS by_ip
     FROM agent_runs WHERE anonymous_id IS NOT NULL AND created_at > now() - interval '1 minute' AND (anonymous_id = $1 OR client_ip = $2)`,
    [anonymousId, clientIp],
  );
  return rows[0] ?? { by_id: 0, by_ip: 0 };
}
