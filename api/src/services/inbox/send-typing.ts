import type { UserContext } from "../../context";
import { publish } from "../../realtime";
import { ownConversation, viewerOf } from "./inbox-viewer";

/** Tells the conversation's room the caller is typing; nothing is stored (a hint, lost without harm). */
export async function sendTyping(ctx: UserContext, sid: string, typing: boolean): Promise<{ ok: true }> {
  const viewer = viewerOf(ctx);
  const row = await ownConversation(ctx.pool, viewer, sid);
  const name = viewer.side === "STORE" ? row.storeName : row.supplierName;
  publish({ name: "conversation.typing", to: { conversationId: row.sid }, payload: { conversationSid: row.sid, side: viewer.side, userId: viewer.userId, name, typing } });
  return { ok: true };
}
