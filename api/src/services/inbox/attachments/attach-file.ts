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
import { checkStoredAttachment, openStored } from "./check-attachment";
import { takeIncomingAttachment } from "./incoming-attachment";

const URL_FIELD = { IMAGE: "imageUrls", VIDEO: "videoUrls", PDF: "pdfUrls", AI: "fileUrls", FILE: "fileUrls" } as const;

/**
 * Attaches the file the route's parser streamed to storage (its type and size checked on the way)
 * to one of the caller's conversations: a picture decoded from storage for its size and thumbnail,
 * then sent as a message of its kind (000 §5) under the conversation's lock. If the file is
 * refused or the message cannot be written, its bytes are deleted: no file is kept that no conversation shows.
 */
export async function attachFile(ctx: UserContext, sid: string): Promise<ResponseOf<typeof contract>> {
  const viewer = viewerOf(ctx);
  const file = takeIncomingAttachment(ctx);
  const storage = fileStorageFor(ctx.config);
  let thumbnailKey: string | null = null;
  try {
    // Another side's conversation is 404 before its file is looked at.
    await ownConversation(ctx.pool, viewer, sid);
    if (!file) throw invalid("file", "is required: send multipart/form-data with the file in a field named file");
    if (file.sizeBytes === 0) throw invalid("file", "is empty");
    const { id, storageKey } = file;
    const checked = await checkStoredAttachment(file.extension, () => openStored(storage, storageKey));
    const fileName = safeFileName(file.originalName);
    if (checked.thumbnail) {
      thumbnailKey = `inbox/files/${id}-thumbnail.webp`;
      await storage.put(thumbnailKey, Readable.from([checked.thumbnail]));
    }
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
        sizeBytes: file.sizeBytes,
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
    if (file) await storage.delete(file.storageKey);
    if (thumbnailKey) await storage.delete(thumbnailKey);
    throw err;
  }
}
