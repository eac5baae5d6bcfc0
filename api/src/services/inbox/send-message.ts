import type { ResponseOf } from "@atelier/contracts";
import { ATTACHMENT_MESSAGE_ORDER, ATTACHMENT_URL_FIELD, type MessageType, type SendMessageBody, type sendMessage as contract } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../context";
import { withTransaction, type Queryable } from "../../db/pool";
import { notFound } from "../../errors";
import { publishAfterCommit } from "../../realtime";
import { authorOf, lockConversationForSend, recordMessages, type InboxViewer } from "../../queries/inbox/conversations";
import { insertMessages, messagesOfKey } from "../../queries/inbox/messages";
import { copyUploads, dropCopies, recordCopiedUploads, type CopiedUpload } from "./attachments/attach-uploads";
import { ownConversation, publishConversationUpdated, toMessage, toSummary, viewerOf } from "./inbox-viewer";
import { scheduleDemoReply } from "./demo-responder";
import { previewOf } from "./message-preview";

type Draft = { type: MessageType; body: string; attributes: Record<string, unknown> };

/**
 * Sends from the caller's side: files first, one message per kind in 000 §5's order (video, image,
 * pdf, ai), then the text; or one card. Indexes follow the conversation's last one under its row
 * lock. A retry with the same Idempotency-Key answers the messages the first attempt stored.
 */
export async function sendMessage(ctx: UserContext, sid: string, input: SendMessageBody): Promise<ResponseOf<typeof contract>> {
  const viewer = viewerOf(ctx);
  const withFiles = input.type === "TEXT" && input.uploadIds.length > 0;
  // Another side's conversation is 404 before any of its files are looked at.
  if (withFiles) await ownConversation(ctx.pool, viewer, sid);
  // The store's uploads are copied into the conversation before its lock is taken (copying takes a while).
  const files = withFiles ? await copyUploads(ctx.pool, ctx.config, viewer, input.uploadIds) : [];
  try {
    const { kept, ...sent } = await withTransaction(ctx.pool, (tx) => storeSend(tx, ctx, viewer, sid, input, files));
    // A retry answered from the first attempt's messages: the copies made for it are not needed.
    if (!kept) await dropCopies(ctx.config, files);
    // A demo reply was enqueued in the transaction, where the queue can't see it yet: look now, not at the next poll.
    if (viewer.side === "STORE" && ctx.config.inbox.demoReplyMs !== null) ctx.jobs.kick();
    return sent;
  } catch (err) {
    // The transaction rolled back: no message carries the copies.
    await dropCopies(ctx.config, files);
    throw err;
  }
}

/**
 * The send's transaction, kept to few statements (every statement waits its turn on the embedded
 * database): the conversation locked and read with both names in one, the messages inserted in
 * one, the conversation updated in one that answers the summary, and the supplier's members looked
 * up for the events.
 */
async function storeSend(tx: Queryable, ctx: UserContext, viewer: InboxViewer, sid: string, input: SendMessageBody, files: CopiedUpload[]): Promise<ResponseOf<typeof contract> & { kept: boolean }> {
  const row = await lockConversationForSend(tx, viewer, sid);
  if (!row) throw notFound("This conversation");
  const key = ctx.idempotencyKey ?? null;
  const earlier = key ? await messagesOfKey(tx, row.id, key) : [];
  // The retry's summary is read as the list reads it, with the sender's unread count.
  if (earlier.length > 0) return { messages: earlier.map(toMessage), conversation: toSummary(await ownConversation(tx, viewer, sid), viewer), kept: false };
  const drafts = draftsOf(input, files);
  const author = authorOf(viewer.side, viewer.side === "STORE" ? viewer.storeId : viewer.supplierId);
  const authorName = viewer.side === "STORE" ? row.storeName : row.supplierName;
  let index = row.lastMessageIndex;
  const stored = await insertMessages(tx, row.id, drafts.map((d) => ({ ...d, index: ++index, author, authorUserId: viewer.userId, authorName })), key);
  await recordCopiedUploads(tx, row, viewer, files, (kind) => stored.find((m) => m.type === kind)!.index);
  const updated = await recordMessages(tx, row.id, { lastIndex: index, preview: previewOf(drafts.at(-1)!), authorSide: viewer.side });
  const messages = stored.map(toMessage);
  for (const message of messages) publishAfterCommit(tx, { name: "message.created", to: { conversationId: row.sid }, payload: { conversationSid: row.sid, message } });
  await publishConversationUpdated(tx, row, "message", updated);
  if (viewer.side === "STORE") await scheduleDemoReply(tx, ctx, row, index);
  return { messages, conversation: toSummary({ ...row, ...updated }, viewer), kept: true };
}

/** The messages one send makes (000 §5: attachments sorted by extension into their own messages). */
export function draftsOf(input: SendMessageBody, files: CopiedUpload[]): Draft[] {
  if (input.type !== "TEXT") return [{ type: input.type, body: input.body, attributes: input.attributes }];
  const drafts: Draft[] = [];
  for (const kind of ATTACHMENT_MESSAGE_ORDER) {
    const group = files.filter((f) => f.kind === kind);
    if (group.length === 0) continue;
    const urls = group.map((f) => f.url);
    drafts.push({ type: kind, body: "", attributes: { [ATTACHMENT_URL_FIELD[kind]]: urls, ...(group.length === 1 ? { fileName: group[0]!.upload.fileName } : {}) } });
  }
  if (input.body) drafts.push({ type: "TEXT", body: input.body, attributes: {} });
  return drafts;
}
