import { z } from "zod";
import { defineContract } from "../contract";
import { idSchema, pageOf, pageQuery } from "../domain";
import { CHAT_ATTACHMENT_EXTENSIONS } from "../uploads";
import { conversationSidSchema } from "./conversations";
import { CONVERSATION_SIDES, messageSchema } from "./messages";

// Files attached to a conversation by either side (issue 18, 000 §5 attachments sorted by
// extension) and numbered pins dropped on an image attachment. Downloads go to the conversation's
// participants only: the file's URL answers 404 to anyone else.

/** What a conversation takes, by message kind: 000 §5's chat groups, and spreadsheets as FILE. */
export const CONVERSATION_ATTACHMENT_EXTENSIONS = { ...CHAT_ATTACHMENT_EXTENSIONS, FILE: ["xlsx", "xls", "csv"] } as const;
export const ATTACHMENT_KINDS = ["IMAGE", "VIDEO", "PDF", "AI", "FILE"] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];
export const CONVERSATION_ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;
/** A picture larger than this on either side is refused (a decompression bomb, or a scan nobody can view). */
export const ATTACHMENT_MAX_IMAGE_SIDE = 12_000;
/** Where attachment files are served (the API's base path + /web/attachments/{id}/…). */
export const ATTACHMENT_URL_PREFIX = "/rest/main/web/attachments/";
export const MAX_PINS_PER_IMAGE = 50;

/** The kind of message a file of this extension travels as, or null when a conversation does not take it. */
export function attachmentKindOf(extension: string): AttachmentKind | null {
  const ext = extension.toLowerCase();
  for (const kind of ATTACHMENT_KINDS) if ((CONVERSATION_ATTACHMENT_EXTENSIONS[kind] as readonly string[]).includes(ext)) return kind;
  return null;
}

/** The attachment id inside one of its URLs (a message's imageUrls, pdfUrls…), or null for another link. */
export function attachmentIdOfUrl(url: string): string | null {
  if (!url.startsWith(ATTACHMENT_URL_PREFIX)) return null;
  const id = url.slice(ATTACHMENT_URL_PREFIX.length).split("/")[0] ?? "";
  return /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}

/** Where a point is on a picture, in words: "top left", "centre", "bottom right"… (agents and cards say this, never the numbers). */
export function placeWords(x: number, y: number): string {
  const row = y < 1 / 3 ? "top" : y > 2 / 3 ? "bottom" : "middle";
  const col = x < 1 / 3 ? "left" : x > 2 / 3 ? "right" : "centre";
  if (row === "middle" && col === "centre") return "centre";
  return row === "middle" ? `middle ${col}` : `${row} ${col === "centre" ? "centre" : col}`;
}

export const attachmentSchema = z.object({
  id: z.string(),
  conversationSid: z.string(),
  messageIndex: z.number().int(),
  side: z.enum(CONVERSATION_SIDES).describe("Who attached it"),
  authorName: z.string(),
  kind: z.enum(ATTACHMENT_KINDS),
  fileName: z.string(),
  extension: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** Download link for the participants (send the bearer token). */
  url: z.string(),
  /** A small WebP copy, for raster images only. */
  thumbnailUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  pinCount: z.number().int(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const pinSchema = z.object({
  id: z.string(),
  attachmentId: z.string(),
  number: z.number().int().describe("The label drawn on the picture: 1, 2, 3…"),
  x: z.number().describe("0 (left edge) to 1 (right edge)"),
  y: z.number().describe("0 (top edge) to 1 (bottom edge)"),
  comment: z.string(),
  side: z.enum(CONVERSATION_SIDES),
  authorName: z.string(),
  createdAt: z.string(),
});
export type Pin = z.infer<typeof pinSchema>;

const sidParams = z.strictObject({ sid: conversationSidSchema.describe("The conversation's sid, from list_conversations") });
const attachmentParams = z.strictObject({ id: idSchema.describe("The attachment's id, from list_conversation_attachments") });

export const attachFile = defineContract({
  id: "attachFile",
  method: "POST",
  path: "/web/conversations/:sid/attachments",
  summary: `Attaches one file to the conversation from the caller's side, as multipart/form-data with the file in a field named file (up to 25 MB): images (${CONVERSATION_ATTACHMENT_EXTENSIONS.IMAGE.join(", ")}), PDF, video (${CONVERSATION_ATTACHMENT_EXTENSIONS.VIDEO.join(", ")}), Illustrator and spreadsheets (${CONVERSATION_ATTACHMENT_EXTENSIONS.FILE.join(", ")}). The content must match the extension. Sends it as a message of its kind.`,
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  status: 201,
  noToolReason: "Takes multipart bytes from a file picker; agents attach files already uploaded through send_message.",
  params: sidParams,
  response: z.object({ attachment: attachmentSchema, message: messageSchema }),
});

export const listAttachments = defineContract({
  id: "listAttachments",
  method: "GET",
  path: "/web/conversations/:sid/attachments",
  summary: "The files attached to one of the caller's conversations by either side, newest first, optionally one kind (IMAGE, VIDEO, PDF, AI, FILE) or searched by file name, with each image's pin count.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  params: sidParams,
  query: z.strictObject({
    kind: z.enum(ATTACHMENT_KINDS).optional().describe("Only this kind: IMAGE (photos, drawings), VIDEO, PDF, AI (Illustrator) or FILE (spreadsheets)"),
    search: z.string().trim().max(100, "must be at most 100 characters").optional().describe("Part of the file name"),
    ...pageQuery,
  }),
  response: pageOf(attachmentSchema),
});

export const listPins = defineContract({
  id: "listPins",
  method: "GET",
  path: "/web/attachments/:id/pins",
  summary: "The numbered pins both sides dropped on an image attachment, in order, each with its point on the picture and its comment.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  params: attachmentParams,
  response: z.object({ attachment: attachmentSchema, pins: z.array(pinSchema) }),
});

export const addPin = defineContract({
  id: "addPin",
  method: "POST",
  path: "/web/attachments/:id/pins",
  summary: "Drops the next numbered pin on an image attachment at a point (x and y from 0 to 1 across and down the picture) with a comment; the other side sees it at once. Once per Idempotency-Key; the same side's same comment at the same point answers the pin already there.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  status: 201,
  idempotent: true,
  params: attachmentParams,
  body: z.strictObject({
    x: z.number("must be a number from 0 to 1").min(0, "must be at least 0 (the left edge)").max(1, "must be at most 1 (the right edge)").describe("Across the picture: 0 left, 1 right"),
    y: z.number("must be a number from 0 to 1").min(0, "must be at least 0 (the top edge)").max(1, "must be at most 1 (the bottom edge)").describe("Down the picture: 0 top, 1 bottom"),
    comment: z.string("must be text").trim().min(1, "must not be empty").max(1000, "must be at most 1000 characters").describe("What the pin points out"),
  }),
  response: pinSchema,
});
