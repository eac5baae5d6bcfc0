import { z } from "zod";
import { defineContract } from "./contract";
import type { PlanType } from "./domain";

export { UPLOAD_URL_PREFIX } from "./domain";

// Files uploaded by users (000 §5 allowed extensions, §7 /upload): small ones in one multipart
// request, large ones through a one-time upload URL.

/** The all-images upload group (000 §5). */
export const ALL_IMAGES_EXTENSIONS = ["png", "jpg", "jpeg", "bmp", "gif", "webp", "psd", "svg", "tiff", "pdf"] as const;
/** Chat attachments (000 §5): video, image, pdf and ai; eps is a chat image too. */
export const CHAT_ATTACHMENT_EXTENSIONS = { VIDEO: ["mp4", "mkv", "mov"], IMAGE: ["jpg", "jpeg", "png", "gif", "eps"], PDF: ["pdf"], AI: ["ai"] } as const;
export const UPLOAD_EXTENSIONS = [...new Set<string>([...ALL_IMAGES_EXTENSIONS, ...Object.values(CHAT_ATTACHMENT_EXTENSIONS).flat()])];
export const ATTACHMENT_TYPES = ["VIDEO", "IMAGE", "PDF", "AI"] as const;

/** How a chat sorts an attachment by extension (000 §5); other allowed images count as IMAGE. */
export function attachmentTypeOf(extension: string): (typeof ATTACHMENT_TYPES)[number] {
  const ext = extension.toLowerCase();
  for (const type of ["VIDEO", "PDF", "AI"] as const) if ((CHAT_ATTACHMENT_EXTENSIONS[type] as readonly string[]).includes(ext)) return type;
  return "IMAGE";
}

export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
export const LARGE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export const LARGE_UPLOAD_URL_TTL_SECONDS = 15 * 60;

const MB = 1024 * 1024;
const GB = 1024 * MB;
/**
 * What a store may keep in uploaded files, by plan (docs/security.md, item 9): the largest file
 * through /upload-large-file, and all its files together (waiting large uploads count at their
 * announced size). /upload takes up to UPLOAD_MAX_BYTES on every plan.
 */
export const UPLOAD_QUOTAS: Record<PlanType, { largeFileBytes: number; storeBytes: number }> = {
  TIER_1: { largeFileBytes: 200 * MB, storeBytes: 1 * GB },
  TIER_2: { largeFileBytes: 1 * GB, storeBytes: 10 * GB },
  TIER_2_5: { largeFileBytes: 2 * GB, storeBytes: 25 * GB },
  TIER_3: { largeFileBytes: 2 * GB, storeBytes: 100 * GB },
};
/** Large uploads a store may have waiting for their bytes at once. */
export const MAX_PENDING_LARGE_UPLOADS = 3;

export const uploadedFileSchema = z.object({
  id: z.string(),
  url: z.string().describe("Where the file is served to the store's members (send the bearer token)"),
  fileName: z.string(),
  extension: z.string(),
  contentType: z.string(),
  attachmentType: z.enum(ATTACHMENT_TYPES),
  sizeBytes: z.number().int(),
});

export const uploadFile = defineContract({
  id: "uploadFile",
  method: "POST",
  path: "/upload",
  summary: `Uploads one file as multipart/form-data, field "file", up to 25 MB. Allowed: ${UPLOAD_EXTENSIONS.join(", ")}; the content must match the extension. Answers the file's url, also as data.url (001 §7).`,
  tags: ["uploads"],
  access: "user",
  status: 201,
  noToolReason: "Takes multipart bytes from a file picker; agents pass URLs of files already uploaded.",
  response: uploadedFileSchema.extend({ data: z.object({ url: z.string() }).describe("The url again, where 001 §7 reads it") }),
});

const fileNameSchema = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(200, "must be at most 200 characters")
  .refine((v) => !/[/\\\0]/.test(v), "must be a file name, not a path");

export const createLargeFileUpload = defineContract({
  id: "createLargeFileUpload",
  method: "POST",
  path: "/upload-large-file",
  summary: "Starts an upload of a file up to 2 GB: answers an uploadUrl to PUT the bytes to (valid 15 minutes, once) and the url the file will have.",
  tags: ["uploads"],
  access: "user",
  noToolReason: "The bytes come from the person's device; agents pass URLs of files already uploaded.",
  body: z.strictObject({
    fileName: fileNameSchema,
    sizeBytes: z.number().int("must be a whole number").min(1, "must be at least 1").max(LARGE_UPLOAD_MAX_BYTES, "must be at most 2 GB"),
  }),
  response: z.object({ id: z.string(), uploadUrl: z.string(), method: z.literal("PUT"), url: z.string(), expiresAt: z.string(), maxBytes: z.number().int() }),
});
