import type { ConversationSummary } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict } from "../../errors";
import { setReadIndex } from "../../queries/inbox/conversations";
import { lastIndexFrom } from "../../queries/inbox/messages";
import { ownConversation, publishConversationUpdated, toSummary, viewerOf } from "./inbox-viewer";

/** "Mark as unread" (explicit, Chatwoot's way): the horizon goes back to just before the other side's last message. */
export async function markConversationUnread(ctx: UserContext, sid: string): Promise<ConversationSummary> {
  const viewer = viewerOf(ctx);
  return withTransaction(ctx.pool, async (tx) => {
    const row = await ownConversation(tx, viewer, sid, true);
    const last = await lastIndexFrom(tx, row.id, viewer.side === "STORE" ? "manufacturer:" : "store_");
    if (last === null) throw conflict(`There is no message from ${viewer.side === "STORE" ? row.supplierName : row.storeName} to mark unread.`);
    await setReadIndex(tx, row.id, viewer.side, last - 1);
    await publishConversationUpdated(tx, row, "unread");
    return toSummary(await ownConversation(tx, viewer, sid), viewer);
  });
}
