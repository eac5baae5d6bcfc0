import type { Message, MessageType } from "@atelier/contracts/inbox/contracts";
import type { Queryable } from "../../db/pool";
import { publishAfterCommit } from "../../realtime";
import { authorOf, recordMessages, type InboxViewer, type NamedConversationRow } from "../../queries/inbox/conversations";
import { insertMessages } from "../../queries/inbox/messages";
import { publishConversationUpdated, toMessage } from "./inbox-viewer";
import { previewOf } from "./message-preview";

/**
 * Appends one message from the viewer's side inside the caller's transaction (which holds the
 * conversation's row lock): the next index, the preview, who owes a reply, and the events once it
 * commits. Quote actions and the demo responder write through here; people's sends go through sendMessage.
 */
export async function postMessage(
  tx: Queryable,
  row: NamedConversationRow,
  viewer: Pick<InboxViewer, "side"> & { userId: string | null },
  draft: { type: MessageType; body: string; attributes: Record<string, unknown> },
): Promise<Message> {
  const author = authorOf(viewer.side, viewer.side === "STORE" ? row.storeId : row.supplierId);
  const authorName = viewer.side === "STORE" ? row.storeName : row.supplierName;
  const index = row.lastMessageIndex + 1;
  const [stored] = await insertMessages(tx, row.id, [{ ...draft, index, author, authorUserId: viewer.userId, authorName }], null);
  await recordMessages(tx, row.id, { lastIndex: index, preview: previewOf(draft), authorSide: viewer.side });
  row.lastMessageIndex = index;
  const message = toMessage(stored!);
  publishAfterCommit(tx, { name: "message.created", to: { conversationId: row.sid }, payload: { conversationSid: row.sid, message } });
  await publishConversationUpdated(tx, row, "message");
  return message;
}
