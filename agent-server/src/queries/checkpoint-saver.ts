import type { Queryable } from "@atelier/api/platform";
import { runRowsCtes, type PendingRunRows } from "./run-rows";
import { FINISH_SELECT, finishRunCtes, type RunFinish } from "./run-queue";

// The checkpoint tables are LangGraph's (see migrations/0007); these statements write what its
// Postgres saver writes, one statement per call instead of a transaction of one per row: on the
// embedded database every statement queues on one session.

export type BlobRow = { channel: string; version: string; type: string; blob: Uint8Array | null };

export type WriteRow = { checkpointId: string; taskId: string; idx: number; channel: string; type: string; blob: Uint8Array };

// The thread and namespace are parameters $1 and $2 of every statement here.
function writesCte(params: unknown[], writes: WriteRow[], upsert: boolean) {
  params.push(
    writes.map((w) => w.checkpointId),
    writes.map((w) => w.taskId),
    writes.map((w) => w.idx),
    writes.map((w) => w.channel),
    writes.map((w) => w.type),
    writes.map((w) => w.blob),
  );
  const n = params.length;
  return `INSERT INTO checkpoint_writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob)
     SELECT $1, $2, x.checkpoint_id, x.task_id, x.idx, x.channel, x.type, x.blob
     FROM unnest($${n - 5}::text[], $${n - 4}::text[], $${n - 3}::int[], $${n - 2}::text[], $${n - 1}::text[], $${n}::bytea[]) AS x(checkpoint_id, task_id, idx, channel, type, blob)
     ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id, task_id, idx) ${
       upsert ? "DO UPDATE SET channel = EXCLUDED.channel, type = EXCLUDED.type, blob = EXCLUDED.blob" : "DO NOTHING"
     }`;
}

export type CheckpointRow = { checkpointId: string; parentId: string | null; checkpoint: unknown; metadata: unknown };

/**
 * Stores checkpoints of one thread and namespace (oldest first), their new channel blobs, plain
 * task writes (the first write of a key wins) and any pending run rows, in one statement; with
 * `finish`, the same statement also ends the run (see finishRun) and answers whether runs wait in
 * the queue.
 */
export async function insertCheckpoints(
  db: Queryable,
  c: { threadId: string; ns: string; checkpoints: CheckpointRow[]; blobs: BlobRow[]; writes: WriteRow[] },
  rows: PendingRunRows | null,
  finish: RunFinish | null = null,
): Promise<boolean> {
  const params: unknown[] = [c.threadId, c.ns];
  const ctes: string[] = [];
  if (c.blobs.length) {
    params.push(
      c.blobs.map((b) => b.channel),
      c.blobs.map((b) => b.version),
      c.blobs.map((b) => b.type),
      c.blobs.map((b) => b.blob),
    );
    const n = params.length;
    ctes.push(`blobs AS (INSERT INTO checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob)
      SELECT $1, $2, x.channel, x.version, x.type, x.blob FROM unnest($${n - 3}::text[], $${n - 2}::text[], $${n - 1}::text[], $${n}::bytea[]) AS x(channel, version, type, blob)
      ON CONFLICT (thread_id, checkpoint_ns, channel, version) DO NOTHING)`);
  }
  if (c.writes.length) ctes.push(`writes AS (${writesCte(params, c.writes, false)})`);
  if (finish) {
    // One set of run rows per statement: the run's unstored ones go with its last ones.
    const last = rows ? { ...finish, rows: { ...finish.rows, events: [...rows.events, ...finish.rows.events], stamps: [...rows.stamps, ...finish.rows.stamps] } } : finish;
    ctes.push(...finishRunCtes(params, last));
  } else ctes.push(...runRowsCtes(params, rows));
  let insert = "SELECT $1::text, $2::text";
  if (c.checkpoints.length) {
    params.push(
      c.checkpoints.map((x) => x.checkpointId),
      c.checkpoints.map((x) => x.parentId),
      c.checkpoints.map((x) => JSON.stringify(x.checkpoint)),
      c.checkpoints.map((x) => JSON.stringify(x.metadata)),
    );
    const n = params.length;
    insert = `INSERT INTO checkpoints (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, checkpoint, metadata)
     SELECT $1, $2, x.id, x.parent, x.checkpoint::jsonb, x.metadata::jsonb
     FROM unnest($${n - 3}::text[], $${n - 2}::text[], $${n - 1}::text[], $${n}::text[]) AS x(id, parent, checkpoint, metadata)
     ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id) DO UPDATE SET checkpoint = EXCLUDED.checkpoint, metadata = EXCLUDED.metadata`;
  }
  if (!finish) {
    await db.query(`${ctes.length ? `WITH ${ctes.join(",\n")}\n` : ""}${insert}`, params);
    return false;
  }
  ctes.push(`checkpoints_in AS (${insert})`);
  const { rows: result } = await db.query<{ waiting: boolean }>(`WITH ${ctes.join(",\n")}\n${FINISH_SELECT}`, params);
  return result[0]?.waiting ?? false;
}

/**
 * Stores task writes (and any pending run rows) in one statement. `upsert` replaces earlier
 * writes with the same key (LangGraph's special channels), else the first write stays; the
 * caller passes at most one row per key when upserting (a statement may touch a row once).
 */
export async function insertCheckpointWrites(db: Queryable, w: { threadId: string; ns: string; writes: WriteRow[]; upsert: boolean }, rows: PendingRunRows | null) {
  if (!w.writes.length && !rows) return;
  const params: unknown[] = [w.threadId, w.ns];
  const ctes = runRowsCtes(params, rows);
  const insert = w.writes.length ? writesCte(params, w.writes, w.upsert) : "SELECT $1::text, $2::text";
  await db.query(`${ctes.length ? `WITH ${ctes.join(",\n")}\n` : ""}${insert}`, params);
}

/** The thread's latest checkpoint in a namespace. */
export async function latestCheckpointId(db: Queryable, threadId: string, ns: string) {
  const { rows } = await db.query<{ checkpoint_id: string }>(
    "SELECT checkpoint_id FROM checkpoints WHERE thread_id = $1 AND checkpoint_ns = $2 ORDER BY checkpoint_id DESC LIMIT 1",
    [threadId, ns],
  );
  return rows[0]?.checkpoint_id ?? null;
}

type DeltaRow = {
  depth: number | null;
  snapshot: boolean | null;
  version: string | null;
  task_id: string | null;
  type: string | null;
  blob: Buffer | null;
  seed_type: string | null;
  seed_blob: Buffer | null;
};

// Walks from a checkpoint to the nearest one holding a snapshot of the channel, returning the
// channel's writes at each step (and, when asked, the snapshot itself as one extra row). Every
// lookup is on a whole primary key inside a LATERAL with LIMIT or OFFSET (which the planner cannot
// flatten), so each step is one unique-index probe whatever the table statistics say: joined
// plainly, a step can be planned as a scan of the thread's rows, which makes the walk quadratic
// in the thread's length.
const DELTA_CHAIN_SQL = `
WITH RECURSIVE chain AS (
  SELECT c.checkpoint_id, c.parent_checkpoint_id, c.version, 0 AS depth, c.snapshot
  FROM (SELECT c.checkpoint_id, c.parent_checkpoint_id, c.checkpoint -> 'channel_versions' ->> $3 AS version FROM checkpoints c
        WHERE c.thread_id = $1 AND c.checkpoint_ns = $4 AND c.checkpoint_id = $2) base
  CROSS JOIN LATERAL (SELECT base.*, coalesce((SELECT b.type <> 'empty' FROM checkpoint_blobs b
      WHERE b.thread_id = $1 AND b.checkpoint_ns = $4 AND b.channel = $3 AND b.version = base.version), false) AS snapshot) c
  UNION ALL
  SELECT p.checkpoint_id, p.parent_checkpoint_id, p.version, chain.depth + 1, p.snapshot
  FROM chain
  CROSS JOIN LATERAL (
    SELECT x.checkpoint_id, x.parent_checkpoint_id, x.version,
      coalesce((SELECT b.type <> 'empty' FROM checkpoint_blobs b
        WHERE b.thread_id = $1 AND b.checkpoint_ns = $4 AND b.channel = $3 AND b.version = x.version), false) AS snapshot
    FROM (SELECT p.checkpoint_id, p.parent_checkpoint_id, p.checkpoint -> 'channel_versions' ->> $3 AS version FROM checkpoints p
          WHERE p.thread_id = $1 AND p.checkpoint_ns = $4 AND p.checkpoint_id = chain.parent_checkpoint_id LIMIT 1) x
  ) p
  WHERE NOT chain.snapshot
)
SELECT chain.depth, chain.snapshot, chain.version, w.task_id, w.idx, w.type, w.blob, NULL::text AS seed_type, NULL::bytea AS seed_blob
FROM chain
LEFT JOIN LATERAL (
  SELECT w.task_id, w.idx, w.type, w.blob FROM checkpoint_writes w
  WHERE w.thread_id = $1 AND w.checkpoint_ns = $4 AND w.checkpoint_id = chain.checkpoint_id AND w.channel = $3 AND chain.depth > 0
  ORDER BY w.task_id, w.idx OFFSET 0
) w ON true
UNION ALL
SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, s.type, s.blob
FROM chain
CROSS JOIN LATERAL (SELECT b.type, b.blob FROM checkpoint_blobs b
  WHERE b.thread_id = $1 AND b.checkpoint_ns = $4 AND b.channel = $3 AND b.version = chain.version LIMIT 1) s
WHERE chain.snapshot AND $5
ORDER BY depth DESC NULLS LAST, task_id, idx`;

export type DeltaChain = {
  /** The nearest snapshot's version, if the walk reached one. */
  snapshotVersion: string | null;
  /** The snapshot itself, when asked for. */
  seed: { type: string; blob: Buffer } | null;
  /** The channel's writes after the snapshot, oldest first. */
  writes: { taskId: string; type: string; blob: Buffer }[];
};

/**
 * What a delta channel holds at a checkpoint, in storage form: the nearest snapshot (if any) and
 * the writes after it, oldest first. The writes stored against a checkpoint are those of the
 * step that followed it, so the target's own writes are left out.
 */
export async function deltaChain(db: Queryable, q: { threadId: string; ns: string; checkpointId: string; channel: string; withSeed: boolean }): Promise<DeltaChain> {
  const { rows } = await db.query<DeltaRow>(DELTA_CHAIN_SQL, [q.threadId, q.checkpointId, q.channel, q.ns, q.withSeed]);
  const seedRow = rows.find((r) => r.seed_type !== null);
  return {
    snapshotVersion: rows.find((r) => r.snapshot)?.version ?? null,
    seed: seedRow?.seed_blob ? { type: seedRow.seed_type!, blob: seedRow.seed_blob } : null,
    writes: rows.filter((r) => r.blob !== null).map((r) => ({ taskId: r.task_id!, type: r.type!, blob: r.blob! })),
  };
}
