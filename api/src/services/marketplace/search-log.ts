import type pg from "pg";
import type { Logger } from "pino";
import type { RequestContext } from "../../context";
import { insertSearchLogs, type SearchLogRow } from "../../queries/marketplace/search-log";

// Search logs are written in batches, off the request path: one insert per search cost a cached
// search half its throughput (bench:search). A batch goes when it holds FLUSH_AT entries or its
// first entry is FLUSH_MS old, and when the API closes; a crash loses at most that window.
const FLUSH_MS = 200;
const FLUSH_AT = 100;

/** A logged search and where to report its failed write (the request's logger, made only then). */
type Entry = { row: SearchLogRow; log: () => Logger };
type Writer = { entries: Entry[]; timer: NodeJS.Timeout | null; writing: Promise<void> };
const writers = new WeakMap<pg.Pool, Writer>();

/** Records a keyword search's timing. Best effort: a failed log write is logged, never returned to the searcher. */
export function logSearch(ctx: RequestContext, entry: { target: SearchLogRow["target"]; keyword: string; filters: Record<string, unknown>; resultCount: number; startedAt: bigint; fromCache?: boolean }): void {
  const elapsedMs = Number(process.hrtime.bigint() - entry.startedAt) / 1e6;
  let writer = writers.get(ctx.pool);
  if (!writer) writers.set(ctx.pool, (writer = { entries: [], timer: null, writing: Promise.resolve() }));
  const row = { storeId: ctx.auth?.storeId ?? null, target: entry.target, keyword: entry.keyword, filters: entry.filters, resultCount: entry.resultCount, elapsedMs, fromCache: entry.fromCache ?? false, at: new Date() };
  writer.entries.push({ row, log: () => ctx.log });
  if (writer.entries.length >= FLUSH_AT) void flush(ctx.pool, writer);
  else writer.timer ??= setTimeout(() => void flush(ctx.pool, writer), FLUSH_MS).unref();
}

/** Writes the searches logged so far on this pool (the API calls it on close; tests before reading the log). */
export async function flushSearchLogs(pool: pg.Pool): Promise<void> {
  const writer = writers.get(pool);
  if (writer) await flush(pool, writer);
}

function flush(pool: pg.Pool, writer: Writer): Promise<void> {
  if (writer.timer) clearTimeout(writer.timer);
  writer.timer = null;
  const batch = writer.entries.splice(0);
  // One batch at a time, in order.
  writer.writing = writer.writing.then(() => (batch.length ? write(pool, batch) : undefined));
  return writer.writing;
}

async function write(pool: pg.Pool, batch: Entry[]): Promise<void> {
  try {
    await insertSearchLogs(pool, batch.map((e) => e.row));
  } catch (err) {
    // One bad row (a store deleted in the meantime) must not lose the others: row by row.
    if (batch.length === 1) batch[0]!.log().warn({ err }, "search log write failed");
    else for (const entry of batch) await write(pool, [entry]);
  }
}
