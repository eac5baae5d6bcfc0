import type pg from "pg";
import type { ScreenContext } from "@atelier/contracts/agent-context";
import type { Queryable } from "@atelier/api/platform";
import { runRowsCtes, type EventRow, type PendingRunRows } from "./run-rows";

export type { EventRow };

/** Who owns a thread: a signed-in user of a store, or an anonymous storefront visitor. */
export type Owner = { kind: "user"; storeId: string; userId: string } | { kind: "anonymous"; anonymousId: string };

export type ThreadRow = {
  thread_id: string;
  store_id: string | null;
  user_id: string | null;
  anonymous_id: string | null;
  assistant_id: string | null;
  metadata: Record<string, unknown>;
  status: "idle" | "busy" | "interrupted" | "error";
  created_at: Date;
  updated_at: Date;
};

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

function ownerClause(owner: Owner, first: number, alias = ""): [string, unknown[]] {
  const col = alias ? `${alias}.` : "";
  return owner.kind === "user"
    ? [`${col}store_id = $${first} AND ${col}user_id = $${first + 1}`, [owner.storeId, owner.userId]]
    : [`${col}anonymous_id = $${first}`, [owner.anonymousId]];
}

/** Inserts a thread; returns null when the id is taken. */
export async function insertThread(db: Queryable, t: { threadId: string; owner: Owner; assistantId: string | null; metadata: Record<string, unknown>; clientIp?: string | null }) {
  const { rows } = await db.query<ThreadRow>(
    `INSERT INTO agent_threads (thread_id, store_id, user_id, anonymous_id, assistant_id, metadata, client_ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (thread_id) DO NOTHING RETURNING *`,
    [
      t.threadId,
      t.owner.kind === "user" ? t.owner.storeId : null,
      t.owner.kind === "user" ? t.owner.userId : null,
      t.owner.kind === "anonymous" ? t.owner.anonymousId : null,
      t.assistantId,
      JSON.stringify(t.metadata),
      t.owner.kind === "anonymous" ? (t.clientIp ?? null) : null,
    ],
  );
  return rows[0] ?? null;
}

/**
 * Takes the thread-count lock of a visitor (id and address) or a store until the transaction ends,
 * so parallel creations are counted one by one.
 */
export async function lockThreadQuota(db: Queryable, keys: string[]) {
  for (const key of [...keys].sort()) await db.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`agent-thread-quota:${key}`]);
}

/** Threads a visitor created in the last day, by its anonymous id and by its address. */
export async function recentVisitorThreads(db: Queryable, anonymousId: string, clientIp: string | null) {
  const { rows } = await db.query<{ by_id: number; by_ip: number }>(
    `SELECT count(*) FILTER (WHERE anonymous_id = $1)::int AS by_id, count(*) FILTER (WHERE client_ip = $2)::int AS by_ip
     FROM agent_threads WHERE anonymous_id IS NOT NULL AND created_at > now() - interval '1 day' AND (anonymous_id = $1 OR client_ip = $2)`,
    [anonymousId, clientIp],
  );
  return rows[0] ?? { by_id: 0, by_ip: 0 };
}

/** The threads a store keeps (all its users'). */
export async function countStoreThreads(db: Queryable, storeId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM agent_threads WHERE store_id = $1", [storeId]);
  return rows[0]?.n ?? 0;
}

/** Runs a thread has had (each adds a message or more to its state). */
export async function countThreadRuns(db: Queryable, threadId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM agent_runs WHERE thread_id = $1", [threadId]);
  return rows[0]?.n ?? 0;
}

/** A thread of this owner; anyone else's thread is "not found". */
export async function getOwnedThread(db: Queryable, threadId: string, owner: Owner, forUpdate = false) {
  const [clause, args] = ownerClause(owner, 2);
  const { rows } = await db.query<ThreadRow>(`SELECT * FROM agent_threads WHERE thread_id = $1 AND ${clause}${forUpdate ? " FOR UPDATE" : ""}`, [threadId, ...args]);
  return rows[0] ?? null;
}

/** A thread of this owner, locked for a new run, with the ids of its waiting or executing runs (oldest first). */
export async function lockThreadForRun(db: Queryable, threadId: string, owner: Owner) {
  const [clause, args] = ownerClause(owner, 2, "t");
  const { rows } = await db.query<ThreadRow & { active_run_ids: string[] }>(
    `SELECT t.*, ARRAY(SELECT r.run_id::text FROM agent_runs r WHERE r.thread_id = t.thread_id AND r.status IN ('pending', 'running') ORDER BY r.created_at) AS active_run_ids
     FROM agent_threads t WHERE t.thread_id = $1 AND ${clause} FOR UPDATE OF t`,
    [threadId, ...args],
  );
  return rows[0] ?? null;
}

export async function getThreadById(db: Queryable, threadId: string) {
  const { rows } = await db.query<ThreadRow>("SELECT * FROM agent_threads WHERE thread_id = $1", [threadId]);
  return rows[0] ?? null;
}

export async function searchThreads(
  db: Queryable,
  owner: Owner,
  q: { assistantId?: string; metadata?: Record<string, unknown>; ids?: string[]; status?: string; limit: number; offset: number; sortBy: string; sortOrder: "asc" | "desc" },
) {
  const [clause, args] = ownerClause(owner, 1);
  const where = [clause];
  const params: unknown[] = [...args];
  // In SQL, not after the page: a page of 20 mixed threads filtered afterwards came back short.
  if (q.assistantId !== undefined) {
    params.push(q.assistantId);
    where.push(`assistant_id = $${params.length}`);
  }
  if (q.metadata && Object.keys(q.metadata).length) {
    params.push(JSON.stringify(q.metadata));
    where.push(`metadata @> $${params.length}::jsonb`);
  }
  if (q.ids?.length) {
    params.push(q.ids);
    where.push(`thread_id = ANY($${params.length}::uuid[])`);
  }
  if (q.status) {
    params.push(q.status);
    where.push(`status = $${params.length}`);
  }
  params.push(q.limit, q.offset);
  const { rows } = await db.query<ThreadRow>(
    `SELECT * FROM agent_threads WHERE ${where.join(" AND ")} ORDER BY ${q.sortBy} ${q.sortOrder}, thread_id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows;
}

export async function updateThread(db: Queryable, threadId: string, patch: { status?: ThreadRow["status"]; assistantId?: string; metadata?: Record<string, unknown> }) {
  await db.query(
    `UPDATE agent_threads SET status = COALESCE($2, status), assistant_id = COALESCE(assistant_id, $3),
       metadata = metadata || COALESCE($4::jsonb, '{}'::jsonb), updated_at = now() WHERE thread_id = $1`,
    [threadId, patch.status ?? null, patch.assistantId ?? null, patch.metadata ? JSON.stringify(patch.metadata) : null],
  );
}

/** Deletes the thread (runs, events cascade) and its checkpoints. */
export async function deleteThreadRows(db: Queryable, threadId: string) {
  await db.query("DELETE FROM checkpoint_writes WHERE thread_id = $1", [threadId]);
  await db.query("DELETE FROM checkpoint_blobs WHERE thread_id = $1", [threadId]);
  await db.query("DELETE FROM checkpoints WHERE thread_id = $1", [threadId]);
  await db.query("DELETE FROM agent_threads WHERE thread_id = $1", [threadId]);
}

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

/** Claims the oldest runnable run, or a run whose worker stopped renewing its lease; one run per thread at a time. */
export async function claimRun(pool: pg.Pool, workerId: string, leaseMs: number, onlyRunId: string | null): Promise<RunRow | null> {
  // An idle poll is one statement: the transaction below only starts when there is a candidate.
  const { rows: probe } = await pool.query(
    `SELECT 1 FROM agent_runs r WHERE (r.status = 'pending' OR (r.status = 'running' AND r.lease_expires_at < now())) AND ($1::uuid IS NULL OR r.run_id = $1) LIMIT 1`,
    [onlyRunId],
  );
  if (!probe.length) return null;
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const { rows: candidates } = await client.query<{ run_id: string; thread_id: string }>(
      `SELECT r.run_id, r.thread_id FROM agent_runs r
       WHERE (r.status = 'pending' OR (r.status = 'running' AND r.lease_expires_at < now()))
         AND ($1::uuid IS NULL OR r.run_id = $1)
         AND NOT EXISTS (SELECT 1 FROM agent_runs o WHERE o.thread_id = r.thread_id AND o.run_id <> r.run_id
               AND ((o.status = 'running' AND o.lease_expires_at >= now()) OR (o.status IN ('pending', 'running') AND o.created_at < r.created_at)))
       ORDER BY r.created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [onlyRunId],
    );
    const candidate = candidates[0];
    if (!candidate) {
      await client.query("COMMIT");
      return null;
    }
    // Serialises claims per thread across processes: the re-check below then sees any rival claim.
    await client.query("SELECT 1 FROM agent_threads WHERE thread_id = $1 FOR UPDATE", [candidate.thread_id]);
    const { rows: rivals } = await client.query(
      "SELECT 1 FROM agent_runs WHERE thread_id = $1 AND run_id <> $2 AND status = 'running' AND lease_expires_at >= now()",
      [candidate.thread_id, candidate.run_id],
    );
    if (rivals.length) {
      await client.query("COMMIT");
      return null;
    }
    const { rows } = await client.query<RunRow>(
      `WITH thread AS (UPDATE agent_threads SET status = 'busy', updated_at = now() WHERE thread_id = $4)
       UPDATE agent_runs SET status = 'running', worker_id = $2, attempt = attempt + 1,
         lease_expires_at = now() + make_interval(secs => $3::double precision / 1000), updated_at = now()
       WHERE run_id = $1 RETURNING *`,
      [candidate.run_id, workerId, leaseMs, candidate.thread_id],
    );
    await client.query("COMMIT");
    return rows[0] ?? null;
  } catch (err) {
    await client.query("ROLLBACK").catch((rollbackErr: unknown) => console.error("rollback failed", rollbackErr));
    throw err;
  } finally {
    client.release();
  }
}

/** Extends the lease of runs this worker holds; returns their cancel requests. */
export async function renewLeases(db: Queryable, workerId: string, runIds: string[], leaseMs: number) {
  if (!runIds.length) return [];
  const { rows } = await db.query<{ run_id: string; cancel_action: "interrupt" | "rollback" | null }>(
    `UPDATE agent_runs SET lease_expires_at = now() + make_interval(secs => $3::double precision / 1000)
     WHERE run_id = ANY($2::uuid[]) AND worker_id = $1 AND status = 'running' RETURNING run_id, cancel_action`,
    [workerId, runIds, leaseMs],
  );
  return rows;
}

/** The end of a run: its status, its thread's, and its last rows (the `end` event among them). */
export type RunFinish = {
  runId: string;
  threadId: string;
  status: RunStatus;
  error: { error: string; message: string } | null;
  threadStatus: ThreadRow["status"];
  rows: PendingRunRows;
};

/** What a statement that ends a run selects: whether runs wait in the queue. */
export const FINISH_SELECT = "SELECT EXISTS (SELECT 1 FROM agent_runs WHERE status = 'pending') AS waiting";

/**
 * Appends the CTEs that end a run to a statement under construction (see runRowsCtes); the
 * statement then ends with FINISH_SELECT.
 */
export function finishRunCtes(params: unknown[], f: RunFinish): string[] {
  const ctes = runRowsCtes(params, f.rows);
  params.push(f.runId, f.status, f.error ? JSON.stringify(f.error) : null, f.threadId, f.threadStatus);
  const n = params.length;
  ctes.push(
    `run AS (UPDATE agent_runs SET status = $${n - 3}, error = $${n - 2}::jsonb, lease_expires_at = NULL, updated_at = now() WHERE run_id = $${n - 4}::uuid)`,
    `thread AS (UPDATE agent_threads SET status = $${n}, updated_at = now() WHERE thread_id = $${n - 1}::uuid)`,
  );
  return ctes;
}

/**
 * Ends a run in one statement: its last events (the `end` event among them) and message stamps,
 * its status and its thread's status change together, so a client that sees `end` and reads the
 * thread finds it idle. Returns whether runs wait in the queue.
 */
export async function finishRun(db: Queryable, f: RunFinish) {
  const params: unknown[] = [];
  const ctes = finishRunCtes(params, f);
  const { rows } = await db.query<{ waiting: boolean }>(`WITH ${ctes.join(",\n")}\n${FINISH_SELECT}`, params);
  return rows[0]?.waiting ?? false;
}

export async function deleteRun(db: Queryable, runId: string) {
  await db.query("DELETE FROM agent_runs WHERE run_id = $1", [runId]);
}

export async function eventsAfter(db: Queryable, runId: string, afterSeq: number) {
  const { rows } = await db.query<EventRow>("SELECT seq, event, data FROM agent_run_events WHERE run_id = $1 AND seq > $2 ORDER BY seq", [runId, afterSeq]);
  return rows;
}

export async function lastEventSeq(db: Queryable, runId: string) {
  const { rows } = await db.query<{ seq: number | null }>("SELECT max(seq) AS seq FROM agent_run_events WHERE run_id = $1", [runId]);
  return rows[0]?.seq ?? 0;
}

export async function messageTimes(db: Queryable, threadId: string) {
  const { rows } = await db.query<{ message_id: string; created_at: Date }>("SELECT message_id, created_at FROM agent_thread_messages WHERE thread_id = $1", [threadId]);
  return new Map(rows.map((r) => [r.message_id, r.created_at]));
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

/** Checkpoints a cancelled run wrote (rollback removes them), identified by the run id in their metadata. */
export async function deleteRunCheckpoints(db: Queryable, threadId: string, runId: string) {
  const { rows } = await db.query<{ checkpoint_id: string }>(
    "DELETE FROM checkpoints WHERE thread_id = $1 AND metadata ->> 'run_id' = $2 RETURNING checkpoint_id",
    [threadId, runId],
  );
  if (rows.length) {
    await db.query("DELETE FROM checkpoint_writes WHERE thread_id = $1 AND checkpoint_id = ANY($2::text[])", [threadId, rows.map((r) => r.checkpoint_id)]);
  }
}

/** Whether the run wrote any checkpoint on its thread. */
export async function runHasCheckpoint(db: Queryable, threadId: string, runId: string) {
  const { rows } = await db.query("SELECT 1 FROM checkpoints WHERE thread_id = $1 AND metadata ->> 'run_id' = $2 LIMIT 1", [threadId, runId]);
  return rows.length > 0;
}

export async function checkpointExists(db: Queryable, threadId: string, checkpointId: string) {
  const { rows } = await db.query("SELECT 1 FROM checkpoints WHERE thread_id = $1 AND checkpoint_ns = '' AND checkpoint_id = $2", [threadId, checkpointId]);
  return rows.length > 0;
}

/** A checkpoint to read messages at: the given one, or the thread's latest. */
export async function checkpointHead(db: Queryable, threadId: string, checkpointId: string | null) {
  const { rows } = await db.query<{ checkpoint_id: string; ts: string | null }>(
    checkpointId
      ? "SELECT checkpoint_id, checkpoint ->> 'ts' AS ts FROM checkpoints WHERE thread_id = $1 AND checkpoint_ns = '' AND checkpoint_id = $2"
      : "SELECT checkpoint_id, checkpoint ->> 'ts' AS ts FROM checkpoints WHERE thread_id = $1 AND checkpoint_ns = '' ORDER BY checkpoint_id DESC LIMIT 1",
    checkpointId ? [threadId, checkpointId] : [threadId],
  );
  return rows[0] ?? null;
}

/** A stored channel value (a snapshot blob) by version. */
export async function channelBlob(db: Queryable, threadId: string, channel: string, version: string) {
  const { rows } = await db.query<{ type: string; blob: Buffer | null }>(
    "SELECT type, blob FROM checkpoint_blobs WHERE thread_id = $1 AND checkpoint_ns = '' AND channel = $2 AND version = $3",
    [threadId, channel, version],
  );
  return rows[0] ?? null;
}

/** Sends a Postgres notification (delivered to listeners once the sender's transaction commits). */
export async function notify(db: Queryable, channel: string, payload: string): Promise<void> {
  await db.query("SELECT pg_notify($1, $2)", [channel, payload]);
}
