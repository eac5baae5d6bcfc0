import { z } from "zod";
import { MILESTONE_LEVELS, attachmentLinkSchema, idSchema } from "../domain";
import { meetingSchema } from "./meeting-schema";
import { quoteSchema } from "./quote-schema";

// Chat messages (000 §3 chat message types and attribute lists, §5 attachment sorting): one zod
// payload per type, checked when a message is sent; the stored attributes follow the same shapes.

/**
 * The 14 chat message types of 000 §3, and QUOTE (ours): a card pointing at a quote object
 * (./quotes), made only by proposeQuote, never sent as a plain message; and FILE (ours): a
 * spreadsheet attached with attachFile (./attachments), the "other extension" of 000 §5.
 */
export const MESSAGE_TYPES = [
  "TEXT",
  "IMAGE",
  "VIDEO",
  "PDF",
  "AI",
  "CREATOR_MILESTONE",
  "CATALOG_ITEM",
  "REMIX_PRODUCT_ITEM",
  "IMAGE_COLLABORATION",
  "ZOOM_MEETING",
  "ZOOM_MEETING_REQUEST",
  "SUPPLIER_PROFILE",
  "CREATOR_CUSTOM_PROJECT",
  "TRACKING_LINK",
  "QUOTE",
  "FILE",
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The two sides of a conversation. */
export const CONVERSATION_SIDES = ["STORE", "SUPPLIER"] as const;
export type ConversationSide = (typeof CONVERSATION_SIDES)[number];

/** Chat message history page size (000 §9). */
export const MESSAGE_PAGE_SIZE = 10;
/** Files one send may attach (Chatwoot's limit). */
export const MAX_ATTACHMENTS = 15;

const isoDateTime = z.iso.datetime({ offset: true, message: "must be an ISO date and time like 2026-12-01T15:00:00Z" });
const urls = (what: string) => z.array(attachmentLinkSchema).min(1, `must list at least one ${what}`).max(MAX_ATTACHMENTS, `must list at most ${MAX_ATTACHMENTS} files`);
const shortText = (max: number) => z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

/** Each type's attributes (000 §3 attribute lists: fileUrls, imageUrls, videoUrls, pdfUrls, fileName). */
export const messageAttributeSchemas = {
  TEXT: z.strictObject({}),
  IMAGE: z.strictObject({ imageUrls: urls("image"), fileName: z.string().max(255).optional() }),
  VIDEO: z.strictObject({ videoUrls: urls("video"), fileName: z.string().max(255).optional() }),
  PDF: z.strictObject({ pdfUrls: urls("PDF"), fileName: z.string().max(255).optional() }),
  AI: z.strictObject({ fileUrls: urls("file"), fileName: z.string().max(255).optional() }),
  CREATOR_MILESTONE: z.strictObject({ level: z.enum(MILESTONE_LEVELS) }),
  CATALOG_ITEM: z.strictObject({ catalogItemId: idSchema, title: shortText(200), imageUrl: attachmentLinkSchema.optional() }),
  REMIX_PRODUCT_ITEM: z.strictObject({ catalogItemId: idSchema, title: shortText(200), changes: shortText(2000) }),
  IMAGE_COLLABORATION: z.strictObject({
    imageUrl: attachmentLinkSchema,
    pins: z.array(z.strictObject({ x: z.number().min(0).max(1), y: z.number().min(0).max(1), comment: shortText(1000) })).max(50, "must have at most 50 pins"),
  }),
  ZOOM_MEETING: z.strictObject({
    joinUrl: z.url("must be a link"),
    startsAt: isoDateTime,
    durationMinutes: z.number().int().min(5).max(480),
    meetingId: idSchema.optional(),
    topic: z.string().max(200).optional(),
    calendarUrl: z.url("must be a link").optional(),
  }),
  ZOOM_MEETING_REQUEST: z.strictObject({
    topic: shortText(200),
    proposedTimes: z.array(isoDateTime).min(1, "must propose at least one time").max(5, "must propose at most 5 times"),
    durationMinutes: z.number().int().min(5, "must be at least 5 minutes").max(480, "must be at most 8 hours"),
    meetingId: idSchema.optional(),
  }),
  SUPPLIER_PROFILE: z.strictObject({ supplierId: idSchema }),
  CREATOR_CUSTOM_PROJECT: z.strictObject({ projectId: idSchema, title: shortText(200) }),
  TRACKING_LINK: z.strictObject({ url: z.url("must be a link"), carrier: z.string().trim().max(60).optional(), trackingNumber: z.string().trim().max(60).optional() }),
  QUOTE: z.strictObject({ quoteId: idSchema, title: shortText(200) }),
  FILE: z.strictObject({ fileUrls: urls("file"), fileName: z.string().max(255).optional() }),
} as const satisfies Record<MessageType, z.ZodType>;

/** One message as both sides read it. */
export const messageSchema = z.object({
  id: z.string(),
  conversationSid: z.string(),
  /** Per-conversation, increasing (Twilio's index: sequential, may skip). */
  index: z.number().int(),
  /** store_{id} or manufacturer:{supplierId}. */
  author: z.string(),
  authorSide: z.enum(CONVERSATION_SIDES),
  authorName: z.string(),
  type: z.enum(MESSAGE_TYPES),
  body: z.string(),
  attributes: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  /** A QUOTE card's quote as it stands now (its state moves; the card follows with message.updated). */
  quote: quoteSchema.optional(),
  /** A meeting card's (request or meeting) meeting as it stands now. */
  meeting: meetingSchema.optional(),
});
export type Message = z.infer<typeof messageSchema>;

const body = z.string().trim().max(4000, "must be at most 4000 characters");

/**
 * What a send carries: text with optional files (sorted into IMAGE, VIDEO, PDF and AI messages by
 * extension), or one structured card. Meeting cards are objects made by requestMeeting and
 * acceptMeeting (./meetings), never sent as a frozen card.
 */
export const sendMessageBodySchema = z.discriminatedUnion("type", [
  z
    .strictObject({
      type: z.literal("TEXT"),
      body: body.default("").describe("The message text"),
      uploadIds: z.array(idSchema).max(MAX_ATTACHMENTS, `must list at most ${MAX_ATTACHMENTS} files`).default([]).describe("Files this store uploaded with /upload to attach; they are copied into the conversation, where both sides can open them"),
    })
    .refine((v) => v.body.length > 0 || v.uploadIds.length > 0, { message: "must not be empty (write a message or attach a file)", path: ["body"] }),
  ...(["CREATOR_MILESTONE", "CATALOG_ITEM", "REMIX_PRODUCT_ITEM", "IMAGE_COLLABORATION", "SUPPLIER_PROFILE", "CREATOR_CUSTOM_PROJECT", "TRACKING_LINK"] as const).map(
    (type) => z.strictObject({ type: z.literal(type), body: body.default(""), attributes: messageAttributeSchemas[type] }),
  ),
]);
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/** The attachment groups a send makes, in the order 000 §5 sorts extensions (video, image, pdf, ai). */
export const ATTACHMENT_MESSAGE_ORDER = ["VIDEO", "IMAGE", "PDF", "AI"] as const;
export const ATTACHMENT_URL_FIELD = { VIDEO: "videoUrls", IMAGE: "imageUrls", PDF: "pdfUrls", AI: "fileUrls" } as const;
