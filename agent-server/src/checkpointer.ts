import type pg from "pg";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import type { Checkpoint, CheckpointMetadata, CheckpointPendingWrite, ChannelVersions } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";

type DeltaHistory = Record<string, { writes: CheckpointPendingWrite[]; seed?: unknown }>;

// Walks a checkpoint's ancestors in one query, stopping at the first one that holds a snapshot
// of the channel; returns each ancestor's writes to that channel, oldest first.
const DELTA_HISTORY_SQL = `
WITH RECURSIVE chain AS (
  SELECT c.checkpoint_id, c.parent_checkpoint_id, c.checkpoint -> 'channel_versions' ->> $4 AS version, 1 AS depth
  FROM checkpoints c
  WHERE c.thread_id = $1 AND c.checkpoint_ns = $2 AND c.checkpoint_id = $3
  UNION ALL
  SELECT p.checkpoint_id, p.parent_checkpoint_id, p.checkpoint -> 'channel_versions' ->> $4, chain.depth + 1
  FROM chain
  JOIN checkpoints p ON p.thread_id = $1 AND p.checkpoint_ns = $2 AND p.checkpoint_id = chain.parent_checkpoint_id
  WHERE NOT EXISTS (
    SELECT 1 FROM checkpoint_blobs b
    WHERE b.thread_id = $1 AND b.checkpoint_ns = $2 AND b.channel = $4 AND b.version = chain.version AND b.type <> 'empty')
)
SELECT chain.depth,
  (SELECT array_agg(array[b.type::bytea, b.blob]) FROM checkpoint_blobs b
    WHERE b.thread_id = $1 AND b.checkpoint_ns = $2 AND b.channel = $4 AND b.version = chain.version AND b.type <> 'empty') AS seed,
  (SELECT array_agg(array[w.task_id::bytea, w.type::bytea, w.blob] ORDER BY w.task_id, w.idx) FROM checkpoint_writes w
    WHERE w.thread_id = $1 AND w.checkpoint_ns = $2 AND w.checkpoint_id = chain.checkpoint_id AND w.channel = $4) AS writes
FROM chain
ORDER BY chain.depth DESC`;

/**
 * The LangGraph Postgres checkpointer with one change: delta channels (the messages channel of
 * every Atelier graph) are rebuilt with one recursive query instead of one query per ancestor,
 * so reading a long thread stays fast while each checkpoint stores only the new messages.
 * The base saver uses neither named prepared statements nor session SET, so it is safe on the
 * embedded database.
 */
export class AtelierCheckpointer extends PostgresSaver {
  constructor(private readonly db: pg.Pool) {
    super(db);
  }

  /** Tags each checkpoint with the run that wrote it (history shows it; rollback and reclaim find it). */
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    const runId = config.metadata?.run_id;
    return super.put(config, checkpoint, typeof runId === "string" ? ({ ...metadata, run_id: runId } as CheckpointMetadata) : metadata, newVersions);
  }

  override async getDeltaChannelHistory(options: { config: RunnableConfig; channels: string[] }): Promise<DeltaHistory> {
    const { config, channels } = options;
    const result: DeltaHistory = {};
    for (const ch of channels) result[ch] = { writes: [] };
    const threadId = config.configurable?.thread_id as string | undefined;
    if (!threadId || channels.length === 0) return result;
    const ns = (config.configurable?.checkpoint_ns as string | undefined) ?? "";
    const target = await this.db.query<{ parent_checkpoint_id: string | null }>(
      config.configurable?.checkpoint_id
        ? "SELECT parent_checkpoint_id FROM checkpoints WHERE thread_id = $1 AND checkpoint_ns = $2 AND checkpoint_id = $3"
        : "SELECT parent_checkpoint_id FROM checkpoints WHERE thread_id = $1 AND checkpoint_ns = $2 ORDER BY checkpoint_id DESC LIMIT 1",
      config.configurable?.checkpoint_id ? [threadId, ns, config.configurable.checkpoint_id] : [threadId, ns],
    );
    const parentId = target.rows[0]?.parent_checkpoint_id;
    if (!parentId) return result;
    const decoder = new TextDecoder();
    for (const ch of channels) {
      const { rows } = await this.db.query<{ seed: Buffer[][] | null; writes: Buffer[][] | null }>(DELTA_HISTORY_SQL, [threadId, ns, parentId, ch]);
      const entry = result[ch]!;
      for (const row of rows) {
        for (const [taskId, type, blob] of row.writes ?? []) {
          entry.writes.push([decoder.decode(taskId), ch, await this.serde.loadsTyped(decoder.decode(type), blob!)]);
        }
      }
      // The walk stops at the snapshot, which is therefore the oldest row.
      const seed = rows[0]?.seed?.[0];
      if (seed) entry.seed = await this.serde.loadsTyped(decoder.decode(seed[0]), seed[1]!);
    }
    return result;
  }
}
