import type pg from "pg";
import { insertRunRows, type EventRow, type MessageStamp, type PendingRunRows } from "./queries/run-rows";

/** How long an event may wait in memory for a checkpoint to carry it before it is stored alone. */
const STORE_WITHIN_MS = 100;

/**
 * The stream events of one run executing in this process. Subscribers read them from memory at
 * once; Postgres gets them (with the run's message stamps) on board the run's next checkpoint
 * write, or on their own when no checkpoint comes within STORE_WITHIN_MS, or with the run's end.
 * So a client that reconnects, or a process that did not run it, reads the same sequence, and
 * storing it adds no round trip to a turn.
 */
export class RunEventLog {
  readonly events: EventRow[] = [];
  private seq: number;
  private unstoredEvents: EventRow[] = [];
  private unstoredStamps: MessageStamp[] = [];
  private timer: NodeJS.Timeout | null = null;
  private storing = new Set<Promise<void>>();
  private waiters: (() => void)[] = [];
  ended = false;

  constructor(
    readonly runId: string,
    readonly threadId: string,
    private readonly pool: pg.Pool,
    startSeq: number,
  ) {
    this.seq = startSeq;
  }

  /** Appends an event with the next sequence number and wakes the readers. */
  push(event: string, data: unknown): void {
    const row = { seq: ++this.seq, event, data, json: JSON.stringify(data ?? null) };
    this.events.push(row);
    this.unstoredEvents.push(row);
    if (event === "end") this.ended = true;
    this.storeSoon();
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Records when messages were first seen; stored with the events. */
  stamp(ids: string[]): void {
    const at = new Date();
    for (const id of ids) this.unstoredStamps.push({ id, at });
    this.storeSoon();
  }

  /** Hands the unstored rows to a statement that will store them (null when there are none). */
  take(): PendingRunRows | null {
    if (!this.unstoredEvents.length && !this.unstoredStamps.length) return null;
    const rows = { runId: this.runId, threadId: this.threadId, events: this.unstoredEvents, stamps: this.unstoredStamps };
    this.unstoredEvents = [];
    this.unstoredStamps = [];
    this.clearTimer();
    return rows;
  }

  /** Takes back rows whose statement failed; a later one stores them (inserts skip duplicates). */
  restore(rows: PendingRunRows): void {
    this.unstoredEvents = [...rows.events, ...this.unstoredEvents];
    this.unstoredStamps = [...rows.stamps, ...this.unstoredStamps];
    this.storeSoon();
  }

  /** The final event: the caller stores it with the rest (and the run's end status), then publishes it. */
  reserveEnd(): EventRow {
    return { seq: this.seq + 1, event: "end", data: null };
  }

  /** Shows an event already stored in Postgres to the readers in this process. */
  publishStored(row: EventRow): void {
    this.seq = row.seq;
    this.events.push(row);
    if (row.event === "end") this.ended = true;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves at the next event (or at once if the run has ended). */
  next(): Promise<void> {
    if (this.ended) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Closes the log for its readers when the run leaves this process without a stored end. */
  close(): void {
    if (this.ended) return;
    this.ended = true;
    this.clearTimer();
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves when no write of this log's own is in flight, and stops the timer: the caller stores the rest. */
  async settle(): Promise<void> {
    this.clearTimer();
    while (this.storing.size) await Promise.all([...this.storing]);
  }

  private storeSoon() {
    if (this.timer || this.ended) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const rows = this.take();
      if (!rows) return;
      const write = insertRunRows(this.pool, rows).catch((err: unknown) => {
        // Readers here still get every event from memory; the rows go with the next write.
        console.error(`agent-server: storing stream events of run ${this.runId} failed`, err);
        this.restore(rows);
      });
      this.storing.add(write);
      void write.finally(() => this.storing.delete(write));
    }, STORE_WITHIN_MS);
    this.timer.unref();
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
