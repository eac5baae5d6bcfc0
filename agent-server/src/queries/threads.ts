import type { Queryable } from "@atelier/api/platform";
import { ownerClause, type Owner } from "./owner";

// agent_threads and their messages' stamps: one thread per conversation, owned by a store user or a visitor.

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

export async function messageTimes(db: Queryable, threadId: string) {
  const { rows } = await db.query<{ message_id: string; created_at: Date }>("SELECT message_id, created_at FROM agent_thread_messages WHERE thread_id = $1", [threadId]);
  return new Map(rows.map((r) => [r.message_id, r.created_at]));
}
