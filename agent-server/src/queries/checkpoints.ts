import type { Queryable } from "@atelier/api/platform";

// LangGraph's checkpoint tables as the server reads them (the saver's writes are checkpoint-saver.ts).

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
