import crypto from "node:crypto";
import { Readable } from "node:stream";
import { CONVERSATION_ATTACHMENT_MAX_BYTES, type AttachmentKind } from "@atelier/contracts/inbox/contracts";
import type { Config } from "../../../config";
import type { Queryable } from "../../../db/pool";
import { invalid } from "../../../errors";
import { insertAttachment } from "../../../queries/inbox/attachments";
import type { InboxViewer, NamedConversationRow } from "../../../queries/inbox/conversations";
import { getStoredUpload, type UploadRow } from "../../../queries/uploads";
import { fileStorageFor } from "../../../storage";
import { attachmentUrl } from "./attachment-dto";
import { checkStoredAttachment, isRasterPicture, openStored } from "./check-attachment";

/** A store upload copied into conversation storage, waiting for the message that carries it. */
export type CopiedUpload = {
  id: string;
  upload: UploadRow;
  kind: AttachmentKind;
  storageKey: string;
  thumbnailKey: string | null;
  width: number | null;
  height: number | null;
  /** The attachment's download link, which both sides of the conversation can open. */
  url: string;
};

/**
 * Makes files the store uploaded with /upload into conversation attachments: each must be one of
 * the sender's store's stored files (400 naming the id otherwise), at most 25 MB (a conversation's
 * limit), and is copied (not linked) into conversation storage, so the supplier can open it and the
 * store deleting its upload later does not take it out of the conversation. A raster picture gets
 * its size and thumbnail, so pins can be dropped on it like on any attached picture.
 */
export async function copyUploads(db: Queryable, config: Config, viewer: InboxViewer, ids: string[]): Promise<CopiedUpload[]> {
  // Uploads belong to stores; a supplier attaches files through the conversation's attachments endpoint.
  if (viewer.side === "SUPPLIER") throw invalid("body.uploadIds", "can't be attached from a supplier account; attach the file to the conversation instead");
  const uploads: UploadRow[] = [];
  for (const [i, id] of ids.entries()) {
    const upload = await getStoredUpload(db, viewer.storeId, id);
    if (!upload) throw invalid(`body.uploadIds.${i}`, "is not one of this store's uploaded files");
    if (upload.sizeBytes > CONVERSATION_ATTACHMENT_MAX_BYTES) throw invalid(`body.uploadIds.${i}`, `is larger than 25 MB, more than a conversation takes; share a link to ${upload.fileName} instead`);
    uploads.push(upload);
  }
  const storage = fileStorageFor(config);
  const copied: CopiedUpload[] = [];
  try {
    for (const upload of uploads) {
      const id = crypto.randomUUID();
      const storageKey = `inbox/files/${id}.${upload.extension}`;
      await storage.put(storageKey, await openStored(storage, upload.storageKey));
      const file: CopiedUpload = { id, upload, kind: upload.attachmentType, storageKey, thumbnailKey: null, width: null, height: null, url: attachmentUrl(id, upload.fileName) };
      copied.push(file);
      if (isRasterPicture(upload.extension)) await addPicture(config, file);
    }
  } catch (err) {
    await dropCopies(config, copied);
    throw err;
  }
  return copied;
}

async function addPicture(config: Config, file: CopiedUpload): Promise<void> {
  const storage = fileStorageFor(config);
  let picture;
  try {
    picture = await checkStoredAttachment(file.upload.extension.toLowerCase(), () => openStored(storage, file.storageKey));
  } catch {
    // The upload's leading bytes were checked, not its pixels: a picture that does not decode travels as a plain file.
    return;
  }
  if (!picture.thumbnail) return;
  file.thumbnailKey = `inbox/files/${file.id}-thumbnail.webp`;
  await storage.put(file.thumbnailKey, Readable.from([picture.thumbnail]));
  file.width = picture.width;
  file.height = picture.height;
}

/** Records the copies as the conversation's attachments, each with the index of the message that carries it. */
export async function recordCopiedUploads(tx: Queryable, row: NamedConversationRow, viewer: InboxViewer, files: CopiedUpload[], indexOfKind: (kind: AttachmentKind) => number): Promise<void> {
  for (const f of files) {
    await insertAttachment(tx, {
      id: f.id,
      conversationId: row.id,
      messageIndex: indexOfKind(f.kind),
      side: viewer.side,
      userId: viewer.userId,
      authorName: viewer.side === "STORE" ? row.storeName : row.supplierName,
      kind: f.kind,
      fileName: f.upload.fileName,
      extension: f.upload.extension,
      contentType: f.upload.contentType,
      sizeBytes: f.upload.sizeBytes,
      storageKey: f.storageKey,
      thumbnailKey: f.thumbnailKey,
      width: f.width,
      height: f.height,
    });
  }
}

/** Deletes copies no message came to carry (the send was refused, or was a retry of one already stored). */
export async function dropCopies(config: Config, files: CopiedUpload[]): Promise<void> {
  const storage = fileStorageFor(config);
  for (const f of files) {
    await storage.delete(f.storageKey);
    if (f.thumbnailKey) await storage.delete(f.thumbnailKey);
  }
}
