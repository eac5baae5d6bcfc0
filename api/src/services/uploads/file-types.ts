import { UPLOAD_EXTENSIONS } from "@atelier/contracts/uploads";
import { AppError, invalid } from "../../errors";

export const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  bmp: "image/bmp",
  gif: "image/gif",
  webp: "image/webp",
  psd: "image/vnd.adobe.photoshop",
  svg: "image/svg+xml",
  tiff: "image/tiff",
  pdf: "application/pdf",
  mp4: "video/mp4",
  mkv: "video/x-matroska",
  mov: "video/quicktime",
  ai: "application/postscript",
  eps: "application/postscript",
};

/** How many leading bytes the checks need (SVG is text: its root element may follow a prolog). */
export const HEAD_BYTES = 4096;

const startsWith = (head: Buffer, bytes: number[] | string, at = 0) => {
  const sig = typeof bytes === "string" ? Buffer.from(bytes, "latin1") : Buffer.from(bytes);
  return head.length >= at + sig.length && head.subarray(at, at + sig.length).equals(sig);
};

const QUICKTIME_ATOMS = ["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"];

/** Whether the leading bytes are what a file of this extension starts with. */
export function matchesSignature(extension: string, head: Buffer): boolean {
  switch (extension) {
    case "png":
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case "jpg":
    case "jpeg":
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case "gif":
      return startsWith(head, "GIF87a") || startsWith(head, "GIF89a");
    case "bmp":
      return startsWith(head, "BM");
    case "webp":
      return startsWith(head, "RIFF") && startsWith(head, "WEBP", 8);
    case "psd":
      return startsWith(head, "8BPS");
    case "tiff":
      return startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]);
    case "pdf":
      return startsWith(head, "%PDF-");
    case "svg":
      return isSvg(head);
    case "mp4":
      return startsWith(head, "ftyp", 4);
    case "mov":
      return QUICKTIME_ATOMS.some((atom) => startsWith(head, atom, 4));
    case "mkv":
      return startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]);
    case "ai":
      // Illustrator files are PDF-compatible since CS; older ones are PostScript.
      return startsWith(head, "%PDF-") || startsWith(head, "%!PS-Adobe");
    case "eps":
      return startsWith(head, "%!PS-Adobe") || startsWith(head, [0xc5, 0xd0, 0xd3, 0xc6]);
    default:
      return false;
  }
}

function isSvg(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const text = head.toString("utf8").replace(/^\uFEFF/, "").trimStart();
  if (!/^<(\?xml|svg|!--|!DOCTYPE svg)/i.test(text)) return false;
  return /<svg[\s>]/i.test(text);
}

/** The lower-case extension of a file name, checked against the allowed list (400 naming the field). */
export function allowedExtension(fileName: string, field: string): string {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(fileName);
  const ext = match?.[1]?.toLowerCase();
  if (!ext || !UPLOAD_EXTENSIONS.includes(ext)) {
    throw invalid(field, `must be a ${UPLOAD_EXTENSIONS.join(", ")} file`);
  }
  return ext;
}

/** A file whose bytes are not what its name says is refused: a renamed executable is not an image. */
export function contentMismatch(extension: string): AppError {
  return new AppError("UNSUPPORTED_MEDIA_TYPE", `The file's content is not a ${extension} file.`, [{ field: "file", reason: `content does not match the .${extension} extension` }]);
}

/** A file name safe to put in a URL path and a Content-Disposition header. */
export function safeFileName(fileName: string): string {
  const cleaned = fileName.normalize("NFKC").replace(/[^A-Za-z0-9._ -]/g, "_").replace(/\s+/g, "-").slice(-120);
  return cleaned.replace(/^[.-]+/, "") || "file";
}
