import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { ResponseOf } from "@atelier/contracts";
import type { attachFile as contract } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { withTransaction } from "../../../db/pool";
import { invalid } from "../../../errors";
import { findAttachment, insertAttachment } from "../../../queries/inbox/attachments";
import { fileStorageFor } from "../../../storage";
import { safeFileName } from "../../uploads/file-types";
import { scheduleDemoReply } from "../demo-responder";
import { ownConversation, viewerOf } from "../inbox-viewer";
import { postMessage } from "../post-message";
import { attachmentUrl, toAttachment } from "./attachment-dto";
import { checkAttachment } from "./check-attachment";
import { takeIncomingAttachment } from "./incoming-attachment";

const URL_FIELD = { IMAGE: "imageUrls", VIDEO: "videoUrls", PDF: "pdfUrls", AI: "fileUrls", FILE: "fileUrls" } as const;

/**
 * Attaches the multipart file the route's parser read to one of the caller's conversations:
 * checked by content, stored (with a thumbnail for raster pictures), then sent as a message of its
 * kind (000 §5) under the conversation's lock. The bytes are stored before the transaction; if the
 * message cannot be written they are deleted, so no file is kept that no conversation shows.
 */
export async function attachFile(ctx: UserContext, sid: string): Promise<ResponseOf<typeof contract>> {
  const viewer = viewerOf(ctx);
  const file = takeIncomingAttachment(ctx);
  // Another side's conversation is 404 before its file is looked at.
  const conversation = await ownConversation(ctx.pool, viewer, sid);
  if (!file) throw invalid("file", "is required: send multipart/form-data with the file in a field named file");
  const checked = await checkAttachment(file.originalName, file.bytes);
  const fileName = safeFileName(file.originalName);
  const id = crypto.randomUUID();
  const storage = fileStorageFor(ctx.config);
  const storageKey = `inbox/${conversation.id}/${id}.${checked.extension}`;
  const thumbnailKey = checked.thumbnail ? `inbox/${conversation.id}/${id}-thumbnail.webp` : null;
  await storage.put(storageKey, Readable.from([file.bytes]));
  if (thumbnailKey && checked.thumbnail) await storage.put(thumbnailKey, Readable.from([checked.thumbnail]));
  try {
    const answer = await withTransaction(ctx.pool, async (tx) => {
      const row = await ownConversation(tx, viewer, sid, true);
      const message = await postMessage(tx, row, viewer, { type: checked.kind, body: "", attributes: { [URL_FIELD[checked.kind]]: [attachmentUrl(id, fileName)], fileName } });
      await insertAttachment(tx, {
        id,
        conversationId: row.id,
        messageIndex: message.index,
        side: viewer.side,
        userId: viewer.userId,
        authorName: viewer.side === "STORE" ? row.storeName : row.supplierName,
        kind: checked.kind,
        fileName,
        extension: checked.extension,
        contentType: checked.contentType,
        sizeBytes: file.bytes.length,
        storageKey,
        thumbnailKey,
        width: checked.width,
        height: checked.height,
      });
      if (viewer.side === "STORE") await scheduleDemoReply(tx, ctx, row, message.index);
      return { attachment: toAttachment((await findAttachment(tx, viewer, id))!), message };
    });
    if (viewer.side === "STORE" && ctx.config.inbox.demoReplyMs !== null) ctx.jobs.kick();
    return answer;
  } catch (err) {
    await storage.delete(storageKey);
    if (thumbnailKey) await storage.delete(thumbnailKey);
    throw err;
  }
}
