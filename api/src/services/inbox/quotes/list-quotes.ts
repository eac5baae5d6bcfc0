import type { QueryOf, ResponseOf } from "@atelier/contracts";
import type { QuoteDetail, listQuotes as contract } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { notFound } from "../../../errors";
import { findQuote, listQuotes as listRows } from "../../../queries/inbox/quotes";
import { viewerOf } from "../inbox-viewer";
import { namesOf, toQuote, toQuoteDetail } from "./quote-view";

/** A page of the caller's quotes, from its side. */
export async function listQuotes(ctx: UserContext, q: QueryOf<typeof contract>): Promise<ResponseOf<typeof contract>> {
  const { rows, total } = await listRows(ctx.pool, viewerOf(ctx), q);
  const names = await namesOf(ctx.pool, rows);
  return { list: rows.map((r) => toQuote(r, names(r))), total, page: q.page, size: q.size };
}

/** One of the caller's quotes with its audit trail; another side's is 404. */
export async function getQuote(ctx: UserContext, id: string): Promise<QuoteDetail> {
  const row = await findQuote(ctx.pool, viewerOf(ctx), id);
  if (!row) throw notFound("This quote");
  return toQuoteDetail(ctx.pool, row);
}
