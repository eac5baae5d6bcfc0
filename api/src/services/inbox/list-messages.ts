import type { QueryOf, ResponseOf } from "@atelier/contracts";
import type { listMessages as contract } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../context";
import { listMessages as listRows } from "../../queries/inbox/messages";
import { invalid } from "../../errors";
import { ownConversation, toMessage, toSummary, viewerOf } from "./inbox-viewer";
import { withMeetings } from "./meetings/meeting-view";
import { withQuotes } from "./quotes/quote-view";

/** A page of history (newest first, before an index) or a resync (oldest first, after an index). Reading a page marks nothing read. */
export async function listMessages(ctx: UserContext, sid: string, q: QueryOf<typeof contract>): Promise<ResponseOf<typeof contract>> {
  if (q.before !== undefined && q.after !== undefined) throw invalid("query.after", "cannot be combined with before");
  const viewer = viewerOf(ctx);
  const row = await ownConversation(ctx.pool, viewer, sid);
  const page = await listRows(ctx.pool, row.id, q);
  const list = await withMeetings(ctx.pool, row.id, await withQuotes(ctx.pool, row.id, page.rows.map(toMessage)), ctx.config.webOrigin.split(",")[0] ?? "");
  return { list, hasMore: page.hasMore, conversation: toSummary(row, viewer) };
}
