import { ATTACHMENT_URL_PREFIX, type Attachment, type Pin } from "@atelier/contracts/inbox/contracts";
import type { AttachmentRow, PinRow } from "../../../queries/inbox/attachments";

/** The file's download link: its id, then its name (so a saved file keeps it); /pins beside it is the JSON list. */
export function attachmentUrl(id: string, fileName: string): string {
  return `${ATTACHMENT_URL_PREFIX}${id}/file/${encodeURIComponent(fileName)}`;
}

export function thumbnailUrl(id: string): string {
  return `${ATTACHMENT_URL_PREFIX}${id}/thumbnail.webp`;
}

export function toAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    conversationSid: row.conversationSid,
    messageIndex: row.messageIndex,
    side: row.side,
    authorName: row.authorName,
    kind: row.kind,
    fileName: row.fileName,
    extension: row.extension,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    url: attachmentUrl(row.id, row.fileName),
    thumbnailUrl: row.thumbnailKey ? thumbnailUrl(row.id) : null,
    width: row.width,
    height: row.height,
    pinCount: row.pinCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPin(row: PinRow): Pin {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
