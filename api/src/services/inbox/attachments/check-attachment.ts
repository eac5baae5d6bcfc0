import type { Readable } from "node:stream";
import sharp from "sharp";
import { ATTACHMENT_MAX_IMAGE_SIDE, CONVERSATION_ATTACHMENT_EXTENSIONS, attachmentKindOf, type AttachmentKind } from "@atelier/contracts/inbox/contracts";
import { AppError, invalid } from "../../../errors";
import type { FileStorage } from "../../../storage";
import { CONTENT_TYPES, contentMismatch, matchesSignature } from "../../uploads/file-types";

/** What a checked file is: its kind, type, and for raster images its size and a thumbnail. */
export type CheckedAttachment = {
  kind: AttachmentKind;
  extension: string;
  contentType: string;
  width: number | null;
  height: number | null;
  thumbnail: Buffer | null;
};

const ALL = Object.values(CONVERSATION_ATTACHMENT_EXTENSIONS).flat();
const SPREADSHEET_TYPES: Record<string, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xls: "application/vnd.ms-excel",
  csv: "text/csv",
};
/** Pictures sharp reads, which get a thumbnail and take pins (EPS is PostScript: shown as a file). */
const RASTER = new Set(["png", "jpg", "jpeg", "gif"]);
const SHARP_FORMAT: Record<string, string> = { png: "png", jpg: "jpeg", jpeg: "jpeg", gif: "gif" };
export const THUMBNAIL_SIDE = 320;

/** The extension of an attachment's name and the kind of message it travels as; 400 naming the file before any byte is read. */
export function attachmentExtension(fileName: string): { extension: string; kind: AttachmentKind } {
  const extension = /\.([A-Za-z0-9]{1,5})$/.exec(fileName)?.[1]?.toLowerCase() ?? "";
  const kind = attachmentKindOf(extension);
  if (!kind) throw invalid("file", `must be one of these kinds of file: ${ALL.join(", ")}`);
  return { extension, kind };
}

/** Whether a file's leading bytes are what its extension says (a renamed executable is not a PDF). */
export function attachmentSignatureMatches(extension: string, head: Buffer): boolean {
  return attachmentKindOf(extension) === "FILE" ? spreadsheetMatches(extension, head) : matchesSignature(extension, head);
}

/**
 * Checks a stored attachment whose leading bytes and size were checked as it streamed in: a
 * picture must decode as its format and be at most ATTACHMENT_MAX_IMAGE_SIDE pixels a side;
 * raster pictures get a small WebP thumbnail. The bytes are read from storage, never from the request.
 */
export async function checkStoredAttachment(extension: string, open: () => Promise<Readable>): Promise<CheckedAttachment> {
  const kind = attachmentKindOf(extension)!;
  const contentType = SPREADSHEET_TYPES[extension] ?? CONTENT_TYPES[extension] ?? "application/octet-stream";
  if (!RASTER.has(extension)) return { kind, extension, contentType, width: null, height: null, thumbnail: null };
  const picture = await readPicture(extension, open);
  return { kind, extension, contentType, ...picture };
}

/** A stored file's bytes; a key that is gone is a server fault (it was written a moment ago). */
export async function openStored(storage: FileStorage, key: string): Promise<Readable> {
  const body = await storage.get(key);
  if (!body) throw new Error(`Stored attachment ${key} is missing`);
  return body;
}

/** Whether a picture of this extension gets its size read and a thumbnail made. */
export function isRasterPicture(extension: string): boolean {
  return RASTER.has(extension.toLowerCase());
}

/** Pipes a stored file into sharp (a failed read fails the sharp call, never the process). */
async function sharpOf(open: () => Promise<Readable>, options: sharp.SharpOptions): Promise<sharp.Sharp> {
  const input = sharp(options);
  const body = await open();
  body.on("error", (err) => input.destroy(err));
  return body.pipe(input);
}

async function readPicture(ext: string, open: () => Promise<Readable>): Promise<{ width: number; height: number; thumbnail: Buffer }> {
  let meta: sharp.Metadata;
  try {
    // The header alone gives the size: a huge picture is refused before any pixel is decoded.
    meta = await (await sharpOf(open, { limitInputPixels: false })).metadata();
  } catch {
    throw contentMismatch(ext);
  }
  if (meta.format !== SHARP_FORMAT[ext]) throw contentMismatch(ext);
  // EXIF orientations 5-8 turn the picture a quarter: its shown width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const storedHeight = meta.pageHeight ?? meta.height ?? 0;
  const width = turned ? storedHeight : (meta.width ?? 0);
  const height = turned ? (meta.width ?? 0) : storedHeight;
  if (width < 1 || height < 1) throw contentMismatch(ext);
  if (width > ATTACHMENT_MAX_IMAGE_SIDE || height > ATTACHMENT_MAX_IMAGE_SIDE) {
    throw new AppError("VALIDATION_FAILED", `The picture is ${width} × ${height} pixels; send one at most ${ATTACHMENT_MAX_IMAGE_SIDE} pixels on each side.`, [
      { field: "file", reason: `is ${width} × ${height} pixels, more than ${ATTACHMENT_MAX_IMAGE_SIDE} on a side` },
    ]);
  }
  try {
    const thumbnail = await (await sharpOf(open, { failOn: "error" })).rotate().resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: "inside", withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    return { width, height, thumbnail };
  } catch {
    // The header read but the pixels do not: a truncated or corrupt file.
    throw invalid("file", `is a damaged ${ext} picture that could not be read`);
  }
}

/** xlsx is a ZIP; xls an OLE2 compound file; csv is text (no NUL byte, valid UTF-8). */
function spreadsheetMatches(ext: string, head: Buffer): boolean {
  if (ext === "xlsx") return head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (ext === "xls") return head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
  if (head.includes(0)) return false;
  // A multi-byte character cut at the 4 KB edge is not a reason to refuse.
  const text = new TextDecoder("utf-8", { fatal: false }).decode(head.subarray(0, Math.max(0, head.length - 4)));
  return !text.includes("\uFFFD");
}
