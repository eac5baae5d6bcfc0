import type { QueryOf, ResponseOf } from "@atelier/contracts";
import type { listConversations as contract } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../context";
import { countUnread, listConversations as listRows } from "../../queries/inbox/conversations";
import { toSummary, viewerOf } from "./inbox-viewer";

/** A page of the caller's conversations (one tab, optionally unread or waiting for a reply, searched), with the caller's total unread. */
export async function listConversations(ctx: UserContext, q: QueryOf<typeof contract>): Promise<ResponseOf<typeof contract>> {
  const viewer = viewerOf(ctx);
  const [{ rows, total }, unread] = await Promise.all([listRows(ctx.pool, viewer, q), countUnread(ctx.pool, viewer)]);
  return { list: rows.map((r) => toSummary(r, viewer)), total, page: q.page, size: q.size, unreadTotal: unread.unread };
}
