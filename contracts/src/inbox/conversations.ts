import { z } from "zod";
import { defineContract } from "../contract";
import { emailSchema, idSchema, pageOf, pageQuery } from "../domain";
import { CONVERSATION_SIDES, MESSAGE_PAGE_SIZE, messageSchema, sendMessageBodySchema } from "./messages";

// The inbox (issue 18; 000 §2.7 tabs, §3 messaging state, §4 read rules): conversations between
// a store and a supplier, seen from either side. A store member's session sees its store's
// conversations; a supplier member's session (supplierSessions below) sees its supplier's. The
// same endpoints serve both (`supplierAllowed`), each answering from the caller's side.

/** The inbox's top-level tabs (000 §2.7). */
export const CONVERSATION_TABS = ["PERSONAL", "AI_SOURCING_AGENT", "ARCHIVED"] as const;
export type ConversationTab = (typeof CONVERSATION_TABS)[number];

/** A conversation's sid: CH and 32 hex digits. */
export const conversationSidSchema = z.string().trim().regex(/^CH[0-9a-f]{32}$/, "must be a conversation sid like CH0123…");

/** One conversation as the caller's side sees it (000 §3 conversation summary, plus read state). */
export const conversationSummarySchema = z.object({
  sid: z.string(),
  /** store_{storeId}:manufacturer:{supplierId} (000 §3). */
  name: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  /** The supplier's picture, when it has one; avatarColor otherwise. */
  avatarUrl: z.string().nullable(),
  avatarColor: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  /** The time of the last message (or of the conversation's start). */
  lastTime: z.string(),
  lastMessagePreview: z.string(),
  lastMessageIndex: z.number().int().describe("-1 while there is no message"),
  isConciergeRecommended: z.boolean(),
  origin: z.enum(["PERSONAL", "AI_SOURCING_AGENT"]),
  archived: z.boolean().describe("Archived by the caller's side"),
  /** The caller's read horizon: null until the side reads for the first time. */
  lastReadIndex: z.number().int().nullable(),
  /** Messages after the horizon written by the other side (000 §4). */
  unreadCount: z.number().int(),
  /** Who owes a reply and since when; null when nobody does. Reading never clears it, replying does. */
  needsReply: z.object({ side: z.enum(CONVERSATION_SIDES), since: z.string() }).nullable(),
  /** The caller's side in this conversation. */
  mySide: z.enum(CONVERSATION_SIDES),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

const sidParams = z.strictObject({ sid: conversationSidSchema.describe("The conversation's sid, from list_conversations") });

export const listConversations = defineContract({
  id: "listConversations",
  method: "GET",
  path: "/web/conversations",
  summary: "The caller's conversations, newest first: one tab (PERSONAL, AI_SOURCING_AGENT or ARCHIVED), optionally only unread or only those waiting for the caller's reply, searched by the other side's name or the last message; with each one's unread count and the caller's total unread.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  query: z.strictObject({
    tab: z.enum(CONVERSATION_TABS).default("PERSONAL").describe("PERSONAL (people), AI_SOURCING_AGENT (the sourcing agent's outreach) or ARCHIVED"),
    filter: z.enum(["ALL", "UNREAD", "NEEDS_REPLY"]).default("ALL").describe("UNREAD: with unread messages; NEEDS_REPLY: the other side waits for the caller"),
    search: z.string().trim().max(100, "must be at most 100 characters").optional().describe("Part of the supplier's (or store's) name or of the last message"),
    ...pageQuery,
  }),
  response: pageOf(conversationSummarySchema).extend({
    unreadTotal: z.number().int().describe("Unread messages in all the caller's unarchived conversations"),
  }),
});

export const countUnreadMessages = defineContract({
  id: "countUnreadMessages",
  method: "GET",
  path: "/web/conversations/-/unread-count",
  summary: "The caller's unread messages (the navigation badge) and how many conversations hold them.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  response: z.object({ unread: z.number().int(), conversations: z.number().int(), needsReply: z.number().int() }),
});

export const startConversation = defineContract({
  id: "startConversation",
  method: "POST",
  path: "/web/conversations",
  summary: "Opens the store's conversation with a supplier (the existing one if there is one; there is one per store and supplier), optionally sending a first message.",
  tags: ["inbox"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({
    supplierId: idSchema.describe("The supplier to talk to, from the marketplace"),
    message: z.string().trim().max(4000, "must be at most 4000 characters").optional().describe("A first message to send"),
  }),
  response: conversationSummarySchema,
});

export const getConversation = defineContract({
  id: "getConversation",
  method: "GET",
  path: "/web/conversations/:sid",
  summary: "One conversation of the caller's, with its read state.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  params: sidParams,
  response: conversationSummarySchema,
});

export const listMessages = defineContract({
  id: "listMessages",
  method: "GET",
  path: "/web/conversations/:sid/messages",
  summary: `A conversation's messages, ${MESSAGE_PAGE_SIZE} at a time, newest first: pass \`before\` (the oldest index seen) for older ones, or \`after\` (the newest index seen) to catch up after a reconnect (then oldest first, up to 100).`,
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  params: sidParams,
  query: z.strictObject({
    before: z.coerce.number().int().min(0).optional().describe("Only messages with a lower index (older)"),
    after: z.coerce.number().int().min(-1).optional().describe("Only messages with a higher index (newer), oldest first"),
    size: z.coerce.number().int().min(1).max(100).default(MESSAGE_PAGE_SIZE),
  }),
  response: z.object({ list: z.array(messageSchema), hasMore: z.boolean(), conversation: conversationSummarySchema }),
});

export const sendMessage = defineContract({
  id: "sendMessage",
  method: "POST",
  path: "/web/conversations/:sid/messages",
  summary: "Sends a message from the caller's side: text with files (each file sorted by extension into video, image, PDF or Illustrator messages, 000 §5), or one card (catalog item, meeting request, tracking link, …). Retrying with the same Idempotency-Key sends nothing twice.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  status: 201,
  idempotent: true,
  params: sidParams,
  body: sendMessageBodySchema,
  response: z.object({ messages: z.array(messageSchema), conversation: conversationSummarySchema }),
});

export const readConversation = defineContract({
  id: "readConversation",
  method: "POST",
  path: "/web/conversations/:sid/read",
  summary: "Moves the caller's read horizon forward to an index (the last message by default); it never moves back here (use markConversationUnread).",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  idempotent: true,
  noToolReason: "Opening a conversation in the app reads it; agents summarise without marking anything read.",
  params: sidParams,
  body: z.strictObject({ index: z.number().int().min(0).optional().describe("The last message read; the newest by default") }).optional(),
  response: conversationSummarySchema,
});

export const markConversationUnread = defineContract({
  id: "markConversationUnread",
  method: "POST",
  path: "/web/conversations/:sid/unread",
  summary: "Marks the conversation unread: the horizon goes back to just before the other side's last message.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  idempotent: true,
  noToolReason: "A person's reminder to themselves; agents do not change read state.",
  params: sidParams,
  response: conversationSummarySchema,
});

export const archiveConversation = defineContract({
  id: "archiveConversation",
  method: "POST",
  path: "/web/conversations/:sid/archive",
  summary: "Archives the conversation for the caller's side (the ARCHIVED tab), or puts it back with archived false. A new message from the other side does not unarchive it.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  idempotent: true,
  noToolReason: "Tidying the inbox is done in the app.",
  params: sidParams,
  body: z.strictObject({ archived: z.boolean().default(true).describe("false to move it back to the inbox") }).optional(),
  response: conversationSummarySchema,
});

export const sendTyping = defineContract({
  id: "sendTyping",
  method: "POST",
  path: "/web/conversations/:sid/typing",
  summary: "Tells the other people in the conversation that the caller is typing (or stopped).",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  status: 202,
  noToolReason: "A live hint from a person's keyboard.",
  params: sidParams,
  body: z.strictObject({ typing: z.boolean() }),
  response: z.object({ ok: z.literal(true) }),
});

/** A supplier member's session: one token for the inbox from the supplier's side. */
export const supplierSessionSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: z.object({ id: z.string(), email: z.string(), username: z.string() }),
  supplier: z.object({ id: z.string(), name: z.string() }),
});
export type SupplierSession = z.infer<typeof supplierSessionSchema>;

export const createSupplierSession = defineContract({
  id: "createSupplierSession",
  method: "POST",
  path: "/web/supplier-sessions",
  summary: "Signs a supplier member in (the supplier workspace): e-mail and password of an account that belongs to a supplier company.",
  tags: ["inbox"],
  access: "public",
  previewAllowed: true,
  noToolReason: "Signing in is a person's act.",
  body: z.strictObject({ email: emailSchema, password: z.string().min(1, "must not be empty").max(200, "must be at most 200 characters") }),
  response: supplierSessionSchema,
});
