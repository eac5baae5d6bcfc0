import type { ResponseOf } from "@atelier/contracts";
import { ATTACHMENT_MESSAGE_ORDER, ATTACHMENT_URL_FIELD, type MessageType, type SendMessageBody, type sendMessage as contract } from "@atelier/contracts/inbox/contracts";
import { UPLOAD_URL_PREFIX } from "@atelier/contracts/uploads";
import type { UserContext } from "../../context";
import { withTransaction, type Queryable } from "../../db/pool";
import { invalid } from "../../errors";
import { publishAfterCommit } from "../../realtime";
import { authorOf, recordMessages, type InboxViewer } from "../../queries/inbox/conversations";
import { insertMessages, messagesOfKey } from "../../queries/inbox/messages";
import { getStoredUpload, type UploadRow } from "../../queries/uploads";
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
  // Another side's conversation is 404 before any of its files are looked at.
  await ownConversation(ctx.pool, viewer, sid);
  const files = input.type === "TEXT" && input.uploadIds.length > 0 ? await attachedFiles(ctx.pool, viewer, input.uploadIds) : [];
  const sent = await withTransaction(ctx.pool, async (tx) => {
    const row = await ownConversation(tx, viewer, sid, true);
    const key = ctx.idempotencyKey ?? null;
    const earlier = key ? await messagesOfKey(tx, row.id, key) : [];
    if (earlier.length > 0) return { messages: earlier.map(toMessage), conversation: toSummary(row, viewer) };
    const drafts = draftsOf(input, files);
    const author = authorOf(viewer.side, viewer.side === "STORE" ? viewer.storeId : viewer.supplierId);
    const authorName = viewer.side === "STORE" ? row.storeName : row.supplierName;
    let index = row.lastMessageIndex;
    const stored = await insertMessages(tx, row.id, drafts.map((d) => ({ ...d, index: ++index, author, authorUserId: viewer.userId, authorName })), key);
    await recordMessages(tx, row.id, { lastIndex: index, preview: previewOf(drafts.at(-1)!), authorSide: viewer.side });
    const messages = stored.map(toMessage);
    for (const message of messages) publishAfterCommit(tx, { name: "message.created", to: { conversationId: row.sid }, payload: { conversationSid: row.sid, message } });
    await publishConversationUpdated(tx, row, "message");
    if (viewer.side === "STORE") await scheduleDemoReply(tx, ctx, row, index);
    return { messages, conversation: toSummary(await ownConversation(tx, viewer, sid), viewer) };
  });
  // A demo reply was enqueued in the transaction, where the queue can't see it yet: look now, not at the next poll.
  if (viewer.side === "STORE" && ctx.config.inbox.demoReplyMs !== null) ctx.jobs.kick();
  return sent;
}

/** The uploads to attach: each must be one of the caller's store's stored files. */
async function attachedFiles(db: Queryable, viewer: InboxViewer, ids: string[]): Promise<UploadRow[]> {
  // Uploads belong to stores; a supplier's files come with the supplier workspace's own uploads (issue 18, not built yet).
  if (viewer.side === "SUPPLIER") throw invalid("body.uploadIds", "can't be attached from a supplier account yet; paste a link instead");
  const files: UploadRow[] = [];
  for (const [i, id] of ids.entries()) {
    const file = await getStoredUpload(db, viewer.storeId, id);
    if (!file) throw invalid(`body.uploadIds.${i}`, "is not one of this store's uploaded files");
    files.push(file);
  }
  return files;
}

/** The messages one send makes (000 §5: attachments sorted by extension into their own messages). */
export function draftsOf(input: SendMessageBody, files: UploadRow[]): Draft[] {
  if (input.type !== "TEXT") return [{ type: input.type, body: input.body, attributes: input.attributes }];
  const drafts: Draft[] = [];
  for (const kind of ATTACHMENT_MESSAGE_ORDER) {
    const group = files.filter((f) => f.attachmentType === kind);
    if (group.length === 0) continue;
    const urls = group.map((f) => `${UPLOAD_URL_PREFIX}${f.id}/${encodeURIComponent(f.fileName)}`);
    drafts.push({ type: kind, body: "", attributes: { [ATTACHMENT_URL_FIELD[kind]]: urls, ...(group.length === 1 ? { fileName: group[0]!.fileName } : {}) } });
  }
  if (input.body) drafts.push({ type: "TEXT", body: input.body, attributes: {} });
  return drafts;
}
