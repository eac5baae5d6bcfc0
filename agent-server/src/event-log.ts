import type pg from "pg";
import { insertEvents, type EventRow } from "./queries";

/**
 * The stream events of one run executing in this process. Subscribers read them from memory;
 * every event is also written to Postgres in batches (never blocking the stream), so a client
 * that reconnects, or a process that did not run it, reads the same sequence.
 */
export class RunEventLog {
  readonly events: EventRow[] = [];
  private seq: number;
  private unflushed: EventRow[] = [];
  private flushing: Promise<void> | null = null;
  private waiters: (() => void)[] = [];
  ended = false;

  constructor(
    readonly runId: string,
    private readonly pool: pg.Pool,
    startSeq: number,
  ) {
    this.seq = startSeq;
  }

  /** Appends an event with the next sequence number and wakes the readers. */
  push(event: string, data: unknown): void {
    const row = { seq: ++this.seq, event, data };
    this.events.push(row);
    this.unflushed.push(row);
    if (event === "end") this.ended = true;
    this.flushing ??= this.flushLoop();
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** The final event: the caller stores it (with the run's end status, atomically), then publishes it. */
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

  /** Resolves when every event so far is in Postgres. */
  async flushed(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flushLoop(): Promise<void> {
    try {
      while (this.unflushed.length) {
        const batch = this.unflushed.splice(0);
        await insertEvents(this.pool, this.runId, batch);
      }
    } catch (err) {
      // Readers in this process still get every event from memory; a reconnect elsewhere misses these.
      console.error(`agent-server: storing stream events of run ${this.runId} failed`, err);
    } finally {
      this.flushing = null;
    }
  }
}
