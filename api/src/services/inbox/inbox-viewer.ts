import type { ConversationSummary, Message } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../context";
import type { Queryable } from "../../db/pool";
import { requirePermission } from "../../auth/permissions";
import { notFound } from "../../errors";
import { publishAfterCommit } from "../../realtime";
import { findNamedConversation, readIndexes, type ConversationRow, type InboxViewer, type NamedConversationRow } from "../../queries/inbox/conversations";
import { supplierMemberIds } from "../../queries/inbox/messages";
import type { MessageRow } from "../../queries/inbox/messages";

/** The caller's side of the inbox: a supplier member's session, or a store member with inbox.use. */
export function viewerOf(ctx: UserContext): InboxViewer {
  if (ctx.auth.type === "supplier" && ctx.auth.supplierId) return { side: "SUPPLIER", supplierId: ctx.auth.supplierId, userId: ctx.auth.userId };
  requirePermission(ctx, "inbox.use");
  return { side: "STORE", storeId: ctx.auth.storeId, userId: ctx.auth.userId };
}

/** One of the caller's conversations with both sides' names, or 404 (another store's or supplier's is never found). */
export async function ownConversation(db: Queryable, viewer: InboxViewer, sid: string, forUpdate = false): Promise<NamedConversationRow> {
  // The names are read in the same statement (as the list does): every history page and write reads this.
  const row = await findNamedConversation(db, viewer, sid, forUpdate);
  if (!row) throw notFound("This conversation");
  return row;
}

/** The conversation as the viewer's side sees it. */
export function toSummary(row: NamedConversationRow, viewer: InboxViewer): ConversationSummary {
  const store = viewer.side === "STORE";
  return {
    sid: row.sid,
    name: row.name,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    avatarUrl: null,
    avatarColor: row.avatarColor,
    storeId: row.storeId,
    storeName: row.storeName,
    lastTime: (row.lastMessageAt ?? row.createdAt).toISOString(),
    lastMessagePreview: row.lastMessagePreview,
    lastMessageIndex: row.lastMessageIndex,
    isConciergeRecommended: row.isConciergeRecommended,
    origin: row.origin,
    archived: (store ? row.storeArchivedAt : row.supplierArchivedAt) !== null,
    lastReadIndex: store ? row.storeLastReadIndex : row.supplierLastReadIndex,
    unreadCount: row.unreadCount,
    needsReply: row.awaitingSide && row.awaitingSince ? { side: row.awaitingSide, since: row.awaitingSince.toISOString() } : null,
    mySide: viewer.side,
  };
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationSid: row.conversationSid,
    index: row.index,
    author: row.author,
    authorSide: row.author.startsWith("store_") ? "STORE" : "SUPPLIER",
    authorName: row.authorName,
    type: row.type,
    body: row.body,
    attributes: row.attributes,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Tells both sides' open screens that a conversation changed, once the write commits: the store's
 * room (every member of the store) and each supplier member's user room.
 */
export async function publishConversationUpdated(
  db: Queryable,
  row: ConversationRow,
  reason: "message" | "read" | "unread" | "archive" | "start",
  // A caller that just wrote the row passes its indexes (a send does), saving a read under the lock.
  indexes?: { lastMessageIndex: number; storeLastReadIndex: number | null; supplierLastReadIndex: number | null },
): Promise<void> {
  const now = indexes ?? (await readIndexes(db, row.id));
  if (!now) return;
  const payload = { sid: row.sid, lastMessageIndex: now.lastMessageIndex, storeLastReadIndex: now.storeLastReadIndex, supplierLastReadIndex: now.supplierLastReadIndex, reason };
  publishAfterCommit(db, { name: "conversation.updated", to: { storeId: row.storeId }, payload });
  for (const userId of await supplierMemberIds(db, row.supplierId)) publishAfterCommit(db, { name: "conversation.updated", to: { userId }, payload });
}
