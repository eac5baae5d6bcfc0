import type pg from "pg";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { WRITES_IDX_MAP, type Checkpoint, type CheckpointMetadata, type CheckpointPendingWrite, type ChannelVersions, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { deltaChain, insertCheckpoints, insertCheckpointWrites, latestCheckpointId, type BlobRow, type CheckpointRow, type WriteRow } from "./queries/checkpoint-saver";
import type { RunRowsSource } from "./queries/run-rows";
import type { RunFinish } from "./queries";

type DeltaHistory = Record<string, { writes: CheckpointPendingWrite[]; seed?: unknown }>;
type Settle = { done: () => void; fail: (err: unknown) => void };
type Finish = { run: RunFinish; done: (waiting: boolean) => void; fail: (err: unknown) => void };
type Batch = { runId: string | null; checkpoints: CheckpointRow[]; blobs: BlobRow[]; writes: WriteRow[]; settles: Settle[]; finish: Finish | null };
type Writer = { threadId: string; ns: string; next: Batch | null; running: Promise<void> | null; failed: unknown };

/** The run a checkpoint call is made for (the runner names it in the config's metadata); null for a state update. */
const runIdOf = (config: RunnableConfig) => (typeof config.metadata?.run_id === "string" ? config.metadata.run_id : null);

/** A writer's key: one per thread and namespace (the root namespace is ""). */
const writerKey = (threadId: string, ns: string) => `${threadId}\u0000${ns}`;

const emptyBatch = (): Batch => ({ runId: null, checkpoints: [], blobs: [], writes: [], settles: [], finish: null });

/** Keeps the first row of each key: what row-by-row inserts that skip conflicts keep. */
function firstOfEach<T>(rows: T[], key: (row: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const r of rows) {
    const k = key(r);
    if (!seen.has(k)) seen.set(k, r);
  }
  return [...seen.values()];
}

/** Keeps the last row of each key, in the order of first appearance. */
function lastOfEach<T>(rows: T[], key: (row: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const r of rows) seen.set(key(r), r);
  return [...seen.values()];
}

/**
 * The LangGraph Postgres checkpointer with three changes:
 * - delta channels (the messages channel of every Atelier graph) are rebuilt with one recursive
 *   query instead of one query per ancestor, so reading a long thread stays fast while each
 *   checkpoint stores only the new messages;
 * - checkpoints and task writes are stored by one writer per thread: one statement at a time,
 *   carrying everything queued meanwhile and the run's stream events and message stamps not
 *   stored yet (instead of a transaction of one statement per blob or write, each waiting for
 *   the last), so a chat turn costs a few round trips and never waits on one mid-run;
 * - each checkpoint is tagged with the run that wrote it (history shows it; rollback and reclaim
 *   find it).
 * It uses neither named prepared statements nor session SET, so it is safe on the embedded database.
 */
export class AtelierCheckpointer extends PostgresSaver {
  // One writer per thread and namespace: a statement at a time, everything that arrives while
  // one runs goes together in the next (group commit).
  private readonly writers = new Map<string, Writer>();

  constructor(
    private readonly db: pg.Pool,
    private readonly runRows: RunRowsSource | null = null,
  ) {
    super(db);
  }

  /**
   * During a run (its config names the run) a checkpoint is queued and the call returns: the
   * runner waits for `drain` before it records the run's end (or records it with the last batch,
   * see finishWithLastBatch), so nothing is reported done before it is stored, while the graph is
   * never held up by a round trip. Outside a run (a state update) the call returns once the
   * checkpoint is stored.
   */
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    if (config.configurable === undefined) throw new Error(`Missing "configurable" field in "config" param`);
    const { thread_id: threadId, checkpoint_ns: ns = "", checkpoint_id: parentId } = config.configurable as { thread_id: string; checkpoint_ns?: string; checkpoint_id?: string };
    const runId = runIdOf(config);
    const tagged = runId ? ({ ...metadata, run_id: runId } as CheckpointMetadata) : metadata;
    const [blobs, serializedMetadata] = await Promise.all([this._dumpBlobs(threadId, ns, checkpoint.channel_values, newVersions), this._dumpMetadata(tagged)]);
    const stored = this.enqueue(threadId, ns, runId, (batch) => {
      batch.checkpoints.push({ checkpointId: checkpoint.id, parentId: parentId ?? null, checkpoint: this._dumpCheckpoint(checkpoint), metadata: serializedMetadata });
      for (const [, , channel, version, type, blob] of blobs) batch.blobs.push({ channel, version, type, blob: blob ?? null });
    });
    if (runId) stored.catch(() => {}); // reported by drain()
    else await stored;
    return { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpoint.id } };
  }

  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    const { thread_id: threadId, checkpoint_ns: ns = "", checkpoint_id: checkpointId } = (config.configurable ?? {}) as { thread_id: string; checkpoint_ns?: string; checkpoint_id: string };
    const runId = runIdOf(config);
    const dumped = await this._dumpWrites(threadId, ns, checkpointId, taskId, writes);
    const rows: WriteRow[] = dumped.map(([, , , , idx, channel, type, blob]) => ({ checkpointId, taskId, idx, channel, type, blob }));
    if (writes.every((w) => w[0] in WRITES_IDX_MAP)) {
      // Interrupts, errors, resumes replace earlier ones (the base saver upserts row by row, so
      // the last write of an index wins), after everything queued before them.
      await this.drainKey(threadId, ns);
      const pending = runId ? (this.runRows?.take(runId) ?? null) : null;
      try {
        await insertCheckpointWrites(this.db, { threadId, ns, writes: lastOfEach(rows, (r) => String(r.idx)), upsert: true }, pending);
      } catch (err) {
        if (pending) this.runRows?.restore(pending);
        throw err;
      }
      return;
    }
    const stored = this.enqueue(threadId, ns, runId, (batch) => batch.writes.push(...rows));
    if (runId) stored.catch(() => {}); // reported by drain()
    else await stored;
  }

  /** Resolves when everything queued for the thread is stored; rejects if any of it failed. */
  async drain(threadId: string): Promise<void> {
    for (const w of [...this.writers.values()]) if (w.threadId === threadId) await this.drainKey(w.threadId, w.ns);
  }

  /**
   * Ends a run in the statement of its last checkpoint batch when that batch is still queued (it
   * usually is: the graph returns as soon as its last checkpoint is queued), which saves the run's
   * end a round trip. Resolves with whether runs wait in the queue, once the checkpoints and the
   * end are stored, or rejects if that statement failed (neither is then stored, and `drain`
   * reports the error too). Null when there is no such batch (nothing queued, a subgraph's writes
   * pending, an earlier failure): the caller drains and ends the run on its own.
   */
  finishWithLastBatch(run: RunFinish): Promise<boolean> | null {
    const key = writerKey(run.threadId, "");
    const root = this.writers.get(key);
    const batch = root?.next;
    // A queued batch always has a pump that will send it.
    if (!root?.running || !batch || batch.finish || batch.runId !== run.runId || root.failed !== undefined) return null;
    for (const w of this.writers.values()) if (w !== root && w.threadId === run.threadId && (w.running || w.next || w.failed !== undefined)) return null;
    const stored = new Promise<boolean>((done, fail) => (batch.finish = { run, done, fail }));
    // Once the writer is idle, drop it as drain would (a failure stays for drain to report).
    void root.running.then(() => this.forgetIdle(key, root));
    return stored;
  }

  private forgetIdle(key: string, w: Writer) {
    if (this.writers.get(key) === w && !w.running && !w.next && w.failed === undefined) this.writers.delete(key);
  }

  private async drainKey(threadId: string, ns: string) {
    const key = writerKey(threadId, ns);
    const w = this.writers.get(key);
    if (!w) return;
    while (w.running) await w.running;
    if (w.failed !== undefined) {
      const err = w.failed;
      w.failed = undefined;
      throw err;
    }
    this.forgetIdle(key, w);
  }

  private enqueue(threadId: string, ns: string, runId: string | null, add: (batch: Batch) => void): Promise<void> {
    const key = writerKey(threadId, ns);
    let w = this.writers.get(key);
    if (!w) this.writers.set(key, (w = { threadId, ns, next: null, running: null, failed: undefined }));
    const batch = (w.next ??= emptyBatch());
    batch.runId ??= runId;
    add(batch);
    const stored = new Promise<void>((done, fail) => batch.settles.push({ done, fail }));
    if (!w.running) w.running = this.pump(w);
    return stored;
  }

  private async pump(w: Writer) {
    // Let the rest of this turn of the event loop add to the batch (a task's writes and the
    // checkpoint after it arrive together).
    await new Promise((r) => setImmediate(r));
    while (w.next) {
      const batch = w.next;
      w.next = null;
      const pending = batch.runId ? (this.runRows?.take(batch.runId) ?? null) : null;
      try {
        const waiting = await insertCheckpoints(
          this.db,
          {
            threadId: w.threadId,
            ns: w.ns,
            checkpoints: lastOfEach(batch.checkpoints, (c) => c.checkpointId),
            blobs: firstOfEach(batch.blobs, (b) => `${b.channel}\u0000${b.version}`),
            writes: firstOfEach(batch.writes, (r) => `${r.checkpointId}\u0000${r.taskId}\u0000${r.idx}`),
          },
          pending,
          batch.finish?.run ?? null,
        );
        for (const s of batch.settles) s.done();
        batch.finish?.done(waiting);
      } catch (err) {
        if (pending) this.runRows?.restore(pending);
        // A run's queued writes report through drain(); a state update's caller gets the error itself.
        if (batch.runId) w.failed ??= err;
        for (const s of batch.settles) s.fail(err);
        batch.finish?.fail(err);
      }
    }
    w.running = null;
  }

  // Reads see everything this process queued for the thread.
  override async getTuple(config: RunnableConfig) {
    await this.settled(config);
    return super.getTuple(config);
  }

  override async *list(config: RunnableConfig, options?: Parameters<PostgresSaver["list"]>[1]) {
    await this.settled(config);
    yield* super.list(config, options);
  }

  private async settled(config: RunnableConfig) {
    const threadId = config.configurable?.thread_id as string | undefined;
    if (!threadId) return;
    for (const w of [...this.writers.values()]) if (w.threadId === threadId) while (w.running) await w.running;
  }

  override async getDeltaChannelHistory(options: { config: RunnableConfig; channels: string[] }): Promise<DeltaHistory> {
    const { config, channels } = options;
    const result: DeltaHistory = {};
    for (const ch of channels) result[ch] = { writes: [] };
    const threadId = config.configurable?.thread_id as string | undefined;
    if (!threadId || channels.length === 0) return result;
    await this.settled(config);
    const ns = (config.configurable?.checkpoint_ns as string | undefined) ?? "";
    const checkpointId = (config.configurable?.checkpoint_id as string | undefined) ?? (await latestCheckpointId(this.db, threadId, ns));
    if (!checkpointId) return result;
    for (const ch of channels) {
      const chain = await deltaChain(this.db, { threadId, ns, checkpointId, channel: ch, withSeed: true });
      const entry = result[ch]!;
      for (const w of chain.writes) entry.writes.push([w.taskId, ch, await this.serde.loadsTyped(w.type, w.blob)]);
      if (chain.seed) entry.seed = await this.serde.loadsTyped(chain.seed.type, chain.seed.blob);
    }
    return result;
  }
}
