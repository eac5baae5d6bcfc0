import crypto from "node:crypto";
import { Readable } from "node:stream";
import sharp from "sharp";
import type { Queryable } from "../../db/pool";
import { authorOf, recordMessages } from "../../queries/inbox/conversations";
import { insertAttachment, insertPin } from "../../queries/inbox/attachments";
import { insertMessages } from "../../queries/inbox/messages";
import type { FileStorage } from "../../storage";
import { attachmentUrl } from "./attachments/attachment-dto";
import { checkStoredAttachment, openStored } from "./attachments/check-attachment";

// Pictures for the demo store's first conversation, so the inbox's files, thumbnails and pins have
// something to open on a first start: the store's sketch of the tee and the supplier's photo of
// the sample, each drawn here as SVG and stored through the same file storage and checks as an
// upload, with a pin from each side on the photo.

type Party = { id: string; name: string };

/** A flat line sketch of a tee with a chest print, as a creator's tech pack drawing. */
function sketchSvg(): string {
  const tee = "M250 90 L330 60 Q400 100 470 60 L550 90 L640 190 L580 240 L540 205 L540 540 L260 540 L260 205 L220 240 L160 190 Z";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#ffffff"/>
    <path d="${tee}" fill="none" stroke="#1f2a44" stroke-width="5" stroke-linejoin="round"/>
    <path d="M330 60 Q400 130 470 60" fill="none" stroke="#1f2a44" stroke-width="4"/>
    <rect x="305" y="200" width="190" height="60" fill="none" stroke="#c0392b" stroke-width="3" stroke-dasharray="10 6"/>
    <text x="400" y="236" font-family="sans-serif" font-size="18" text-anchor="middle" fill="#c0392b">Print 9 cm wide</text>
    <line x1="260" y1="570" x2="540" y2="570" stroke="#555" stroke-width="2"/><text x="400" y="592" font-family="sans-serif" font-size="18" text-anchor="middle" fill="#555">52 cm (M)</text></svg>`;
}

/** The sample as a product photo: a cotton tee on a light backdrop with a soft shadow. */
function photoSvg(): string {
  const tee = "M250 110 L330 80 Q400 120 470 80 L550 110 L640 210 L580 260 L540 225 L540 560 L260 560 L260 225 L220 260 L160 210 Z";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#f4efe6"/><stop offset="1" stop-color="#d9cfbf"/></radialGradient>
    <linearGradient id="cloth" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7f5f0"/><stop offset="1" stop-color="#e2ddd2"/></linearGradient></defs>
    <rect width="800" height="600" fill="url(#bg)"/><ellipse cx="400" cy="575" rx="230" ry="18" fill="#000" opacity=".12"/>
    <path d="${tee}" fill="url(#cloth)" stroke="#cfc8ba" stroke-width="3" stroke-linejoin="round"/>
    <path d="M330 80 Q400 145 470 80" fill="none" stroke="#bdb5a5" stroke-width="6"/>
    <circle cx="400" cy="255" r="38" fill="#2e6b4f"/><text x="400" y="263" font-family="sans-serif" font-size="22" font-weight="700" text-anchor="middle" fill="#f7f5f0">ATL</text></svg>`;
}

async function storePicture(db: Queryable, storage: FileStorage, c: { conversationId: string; index: number; side: "STORE" | "SUPPLIER"; author: Party; fileName: string; svg: string }): Promise<string> {
  const png = await sharp(Buffer.from(c.svg)).png().toBuffer();
  const id = crypto.randomUUID();
  const storageKey = `inbox/${c.conversationId}/${id}.png`;
  await storage.put(storageKey, Readable.from([png]));
  const checked = await checkStoredAttachment("png", () => openStored(storage, storageKey));
  const thumbnailKey = checked.thumbnail ? `inbox/${c.conversationId}/${id}-thumbnail.webp` : null;
  if (thumbnailKey && checked.thumbnail) await storage.put(thumbnailKey, Readable.from([checked.thumbnail]));
  await insertMessages(db, c.conversationId, [{ index: c.index, author: authorOf(c.side, c.author.id), authorUserId: null, authorName: c.author.name, type: "IMAGE", body: "", attributes: { imageUrls: [attachmentUrl(id, c.fileName)], fileName: c.fileName } }], null);
  await insertAttachment(db, {
    id, conversationId: c.conversationId, messageIndex: c.index, side: c.side, userId: null, authorName: c.author.name, kind: checked.kind, fileName: c.fileName,
    extension: checked.extension, contentType: checked.contentType, sizeBytes: png.length, storageKey, thumbnailKey, width: checked.width, height: checked.height,
  });
  return id;
}

/**
 * Adds the sketch (from the store) and the sample photo (from the supplier, with a pin from each
 * side) after the conversation's last message; answers the new last index.
 */
export async function seedDemoAttachments(db: Queryable, storage: FileStorage, conversation: { id: string; lastIndex: number }, store: Party, supplier: Party): Promise<number> {
  const first = conversation.lastIndex + 1;
  await storePicture(db, storage, { conversationId: conversation.id, index: first, side: "STORE", author: store, fileName: "Tee-sketch.png", svg: sketchSvg() });
  const photo = await storePicture(db, storage, { conversationId: conversation.id, index: first + 1, side: "SUPPLIER", author: supplier, fileName: "Tee-sample-front.png", svg: photoSvg() });
  await insertPin(db, { attachmentId: photo, x: 0.5, y: 0.42, comment: "We can print the logo 9 cm wide, as on your sketch.", side: "SUPPLIER", userId: null, authorName: supplier.name });
  await insertPin(db, { attachmentId: photo, x: 0.5, y: 0.16, comment: "Please make the neck rib 1 cm narrower.", side: "STORE", userId: null, authorName: store.name });
  await recordMessages(db, conversation.id, { lastIndex: first + 1, preview: "Photo: Tee-sample-front.png", authorSide: "SUPPLIER" });
  return first + 1;
}
