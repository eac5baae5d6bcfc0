import type { RequestContext } from "../../context";
import { insertSearchLog } from "../../queries/catalog";

/** Records a keyword search's timing. Best effort: a failed log write is logged, never returned to the searcher. */
export async function logSearch(ctx: RequestContext, entry: { target: "SUPPLIERS" | "CATALOG_ITEMS" | "IMAGE"; keyword: string; filters: Record<string, unknown>; resultCount: number; startedAt: bigint; fromCache?: boolean }): Promise<void> {
  const elapsedMs = Number(process.hrtime.bigint() - entry.startedAt) / 1e6;
  try {
    await insertSearchLog(ctx.pool, { storeId: ctx.auth?.storeId ?? null, target: entry.target, keyword: entry.keyword, filters: entry.filters, resultCount: entry.resultCount, elapsedMs, fromCache: entry.fromCache ?? false });
  } catch (err) {
    ctx.log.warn({ err }, "search log write failed");
  }
}
