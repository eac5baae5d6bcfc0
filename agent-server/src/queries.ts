import type pg from "pg";
import type { Queryable } from "../../api/src/db/pool";

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
  screen: Record<string, unknown> | null;
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

function ownerClause(owner: Owner, first: number): [string, unknown[]] {
  return owner.kind === "user"
    ? [`store_id = $${first} AND user_id = $${first + 1}`, [owner.storeId, owner.userId]]
    : [`anonymous_id = $${first}`, [owner.anonymousId]];
}

/** Inserts a thread; returns null when the id is taken. */
export async function insertThread(db: Queryable, t: { threadId: string; owner: Owner; assistantId: string | null; metadata: Record<string, unknown> }) {
  const { rows } = await db.query<ThreadRow>(
    `INSERT INTO agent_threads (thread_id, store_id, user_id, anonymous_id, assistant_id, metadata)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (thread_id) DO NOTHING RETURNING *`,
    [
      t.threadId,
      t.owner.kind === "user" ? t.owner.storeId : null,
      t.owner.kind === "user" ? t.owner.userId : null,
      t.owner.kind === "anonymous" ? t.owner.anonymousId : null,
      t.assistantId,
      JSON.stringify(t.metadata),
    ],
  );
  return rows[0] ?? null;
}

/** A thread of this owner; anyone else's thread is "not found". */
export async function getOwnedThread(db: Queryable, threadId: string, owner: Owner, forUpdate = false) {
  const [clause, args] = ownerClause(owner, 2);
  const { rows } = await db.query<ThreadRow>(`SELECT * FROM agent_threads WHERE thread_id = $1 AND ${clause}${forUpdate ? " FOR UPDATE" : ""}`, [threadId, ...args]);
  return rows[0] ?? null;
}

export async function getThreadById(db: Queryable, threadId: string) {
  const { rows } = await db.query<ThreadRow>("SELECT * FROM agent_threads WHERE thread_id = $1", [threadId]);
  return rows[0] ?? null;
}

export async function searchThreads(
  db: Queryable,
  owner: Owner,
  q: { metadata?: Record<string, unknown>; ids?: string[]; status?: string; limit: number; offset: number; sortBy: string; sortOrder: "asc" | "desc" },
) {
  const [clause, args] = ownerClause(owner, 1);
  const where = [clause];
  const params: unknown[] = [...args];
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

export async function insertRun(
  db: Queryable,
  r: { runId: string; threadId: string; assistantId: string; strategy: MultitaskStrategy; kwargs: RunKwargs; metadata: Record<string, unknown>; owner: Owner; role: string | null; isPreview: boolean; clientIp: string | null },
) {
  const { rows } = await db.query<RunRow>(
    `INSERT INTO agent_runs (run_id, thread_id, assistant_id, multitask_strategy, kwargs, metadata, store_id, user_id, user_role, is_preview, anonymous_id, client_ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
    [
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
    ],
  );
  return rows[0]!;
}

export async function getRun(db: Queryable, threadId: string, runId: string) {
  const { rows } = await db.query<RunRow>("SELECT * FROM agent_runs WHERE thread_id = $1 AND run_id = $2", [threadId, runId]);
  return rows[0] ?? null;
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
      `UPDATE agent_runs SET status = 'running', worker_id = $2, attempt = attempt + 1,
         lease_expires_at = now() + make_interval(secs => $3::double precision / 1000), updated_at = now()
       WHERE run_id = $1 RETURNING *`,
      [candidate.run_id, workerId, leaseMs],
    );
    await client.query("UPDATE agent_threads SET status = 'busy', updated_at = now() WHERE thread_id = $1", [candidate.thread_id]);
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

export async function finishRun(db: Queryable, runId: string, status: RunStatus, error: { error: string; message: string } | null) {
  await db.query("UPDATE agent_runs SET status = $2, error = $3, lease_expires_at = NULL, updated_at = now() WHERE run_id = $1", [
    runId,
    status,
    error ? JSON.stringify(error) : null,
  ]);
}

export async function deleteRun(db: Queryable, runId: string) {
  await db.query("DELETE FROM agent_runs WHERE run_id = $1", [runId]);
}

export type EventRow = { seq: number; event: string; data: unknown };

export async function insertEvents(db: Queryable, runId: string, events: EventRow[]) {
  if (!events.length) return;
  const values: string[] = [];
  const params: unknown[] = [runId];
  for (const e of events) {
    params.push(e.seq, e.event, JSON.stringify(e.data ?? null));
    values.push(`($1, $${params.length - 2}, $${params.length - 1}, $${params.length}::jsonb)`);
  }
  await db.query(`INSERT INTO agent_run_events (run_id, seq, event, data) VALUES ${values.join(", ")} ON CONFLICT DO NOTHING`, params);
}

export async function eventsAfter(db: Queryable, runId: string, afterSeq: number) {
  const { rows } = await db.query<EventRow>("SELECT seq, event, data FROM agent_run_events WHERE run_id = $1 AND seq > $2 ORDER BY seq", [runId, afterSeq]);
  return rows;
}

export async function lastEventSeq(db: Queryable, runId: string) {
  const { rows } = await db.query<{ seq: number | null }>("SELECT max(seq) AS seq FROM agent_run_events WHERE run_id = $1", [runId]);
  return rows[0]?.seq ?? 0;
}

/** Remembers when each message id first appeared in the thread. */
export async function stampMessages(db: Queryable, threadId: string, messageIds: string[]) {
  if (!messageIds.length) return;
  await db.query(
    "INSERT INTO agent_thread_messages (thread_id, message_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING",
    [threadId, messageIds],
  );
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

export type DeltaRow = { depth: number; snapshot: boolean; version: string | null; task_id: string | null; type: string | null; blob: Buffer | null };

// Walks from a checkpoint to the nearest one holding a snapshot of the channel, returning the
// channel's writes at each step. Every lookup is on a whole primary key inside a LATERAL with
// LIMIT or OFFSET (which the planner cannot flatten), so each step is one unique-index probe whatever the
// table statistics say: joined plainly, a step can be planned as a scan of the thread's rows, which
// makes the walk quadratic in the thread's length.
const DELTA_CHAIN_SQL = `
WITH RECURSIVE chain AS (
  SELECT c.checkpoint_id, c.parent_checkpoint_id, c.version, 0 AS depth, c.snapshot
  FROM (SELECT c.checkpoint_id, c.parent_checkpoint_id, c.checkpoint -> 'channel_versions' ->> $3 AS version FROM checkpoints c
        WHERE c.thread_id = $1 AND c.checkpoint_ns = '' AND c.checkpoint_id = $2) base
  CROSS JOIN LATERAL (SELECT base.*, coalesce((SELECT b.type <> 'empty' FROM checkpoint_blobs b
      WHERE b.thread_id = $1 AND b.checkpoint_ns = '' AND b.channel = $3 AND b.version = base.version), false) AS snapshot) c
  UNION ALL
  SELECT p.checkpoint_id, p.parent_checkpoint_id, p.version, chain.depth + 1, p.snapshot
  FROM chain
  CROSS JOIN LATERAL (
    SELECT x.checkpoint_id, x.parent_checkpoint_id, x.version,
      coalesce((SELECT b.type <> 'empty' FROM checkpoint_blobs b
        WHERE b.thread_id = $1 AND b.checkpoint_ns = '' AND b.channel = $3 AND b.version = x.version), false) AS snapshot
    FROM (SELECT p.checkpoint_id, p.parent_checkpoint_id, p.checkpoint -> 'channel_versions' ->> $3 AS version FROM checkpoints p
          WHERE p.thread_id = $1 AND p.checkpoint_ns = '' AND p.checkpoint_id = chain.parent_checkpoint_id LIMIT 1) x
  ) p
  WHERE NOT chain.snapshot
)
SELECT chain.depth, chain.snapshot, chain.version, w.task_id, w.type, w.blob
FROM chain
LEFT JOIN LATERAL (
  SELECT w.task_id, w.idx, w.type, w.blob FROM checkpoint_writes w
  WHERE w.thread_id = $1 AND w.checkpoint_ns = '' AND w.checkpoint_id = chain.checkpoint_id AND w.channel = $3 AND chain.depth > 0
  ORDER BY w.task_id, w.idx OFFSET 0
) w ON true
ORDER BY chain.depth DESC, w.task_id, w.idx`;

/**
 * What a delta channel holds at a checkpoint, in storage form: the nearest snapshot's version (if
 * any) and the writes after it, oldest first. The writes stored against a checkpoint are those of
 * the step that followed it, so the target's own writes are left out.
 */
export async function deltaChain(db: Queryable, threadId: string, checkpointId: string, channel: string) {
  const { rows } = await db.query<DeltaRow>(DELTA_CHAIN_SQL, [threadId, checkpointId, channel]);
  const snapshotVersion = rows.find((r) => r.snapshot)?.version ?? null;
  const writes = rows.filter((r) => r.blob !== null).map((r) => ({ taskId: r.task_id!, type: r.type!, blob: r.blob! }));
  return { snapshotVersion, writes };
}

/** A stored channel value (a snapshot blob) by version. */
export async function channelBlob(db: Queryable, threadId: string, channel: string, version: string) {
  const { rows } = await db.query<{ type: string; blob: Buffer | null }>(
    "SELECT type, blob FROM checkpoint_blobs WHERE thread_id = $1 AND checkpoint_ns = '' AND channel = $2 AND version = $3",
    [threadId, channel, version],
  );
  return rows[0] ?? null;
}
