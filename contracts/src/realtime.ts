import { z } from "zod";
import { planTypeSchema } from "./domain";
import { jobEventSchemas } from "./jobs";
import { CONVERSATION_SIDES, messageSchema } from "./inbox/messages";
import { pinSchema } from "./inbox/attachments";

// Realtime (socket.io) events: one zod payload per `noun.verbed` name. The server validates a
// payload before it emits it; the web client parses it again when it arrives (the receiving edge).
// An event is a hint that something changed: the database stays the truth, and a client that
// missed one (offline, reconnecting) reloads from the REST API.

const id = z.string().min(1);

/** A run of an agent on a thread started (by any tab, the API or a reclaiming worker). */
const runStarted = z.object({ threadId: id, runId: id, assistantId: z.string() });

/** A run ended; its events and checkpoints are stored, so a reader reloading the thread sees all of it. */
const runEnded = z.object({ threadId: id, runId: id, assistantId: z.string(), status: z.enum(["success", "error", "interrupted", "cancelled"]) });

/** A thread's state or status changed (a run ended, it was renamed or deleted). */
const threadUpdated = z.object({ threadId: id, status: z.string().nullable() });

/** The store's plan or subscription changed (upgrade, pause, resume, cancel, paid invoice). */
const planChanged = z.object({ storeId: id, planType: planTypeSchema, subscriptionStatus: z.string().nullable() });

/** A message was stored in a conversation (to the conversation's room): append it, or resync by index on a gap. */
const messageCreated = z.object({ conversationSid: id, message: messageSchema });

/**
 * A conversation changed (new message, read, unread, archive): to the store's room and the
 * supplier members' user rooms, so lists and unread badges reload. Side-neutral facts only.
 */
const conversationUpdated = z.object({
  sid: id,
  lastMessageIndex: z.number().int(),
  storeLastReadIndex: z.number().int().nullable(),
  supplierLastReadIndex: z.number().int().nullable(),
  reason: z.enum(["message", "read", "unread", "archive", "start"]),
});

/** Someone dropped a numbered pin on an image attachment (to the conversation's room): add it beside the picture. */
const attachmentPinned = z.object({ conversationSid: id, pin: pinSchema });

/** Someone in the conversation started or stopped typing (to the room; the typist's own side ignores it). */
const conversationTyping = z.object({ conversationSid: id, side: z.enum(CONVERSATION_SIDES), userId: id, name: z.string(), typing: z.boolean() });

/**
 * An order of the store changed: placed by hand, held, released, noted, canceled, or moved by the
 * fulfilment center (shipmentStatus is its latest shipment's stage). Sent to the store's room.
 */
const orderUpdated = z.object({
  orderId: id,
  orderNumber: z.number().int(),
  processingStatus: z.string(),
  fulfillmentState: z.string(),
  cancellationState: z.string(),
  shipmentStatus: z.string().nullable(),
});

/** A shipping label of the store was bought, scanned by the carrier or voided; screens reload it. */
const labelUpdated = z.object({ labelId: id, trackingNumber: z.string(), status: z.string() });

/** An inbound shipment of the store was announced, moved, counted, finished or canceled; screens reload it and the stock. */
const receivingUpdated = z.object({ receivingId: id, sn: z.string(), deliveryStatus: z.string(), receivingStatus: z.string() });
/** A warehouse ticket was opened, answered (by the store or the warehouse) or closed. */
const warehouseTicketUpdated = z.object({ ticketId: id, sn: z.string(), status: z.string() });
/** The fulfilment center assembled a kitting work order's kits. */
const kitAssembled = z.object({ sku: z.string(), kits: z.number().int() });

/** Stock received for a SKU on pre-sale was allocated to waiting pre-orders, first come first served. */
const presaleAllocated = z.object({ presaleId: id, sku: z.string(), orders: z.array(z.number().int()), units: z.number().int(), stillWaiting: z.number().int() });

/** A freight booking of the store was booked or reached a stage of its timeline; screens reload it. */
const freightUpdated = z.object({ bookingId: id, reference: z.string(), status: z.string() });

/** Every event the server may emit, by name. Add an event here, then publish it with its audience. */
export const realtimeEvents = {
  "run.started": runStarted,
  "run.ended": runEnded,
  "thread.updated": threadUpdated,
  "plan.changed": planChanged,
  "message.created": messageCreated,
  /** A message's card changed state (a quote countered, accepted, declined or expired): replace it by index. */
  "message.updated": messageCreated,
  "conversation.updated": conversationUpdated,
  "conversation.typing": conversationTyping,
  "attachment.pinned": attachmentPinned,
  "order.created": orderUpdated,
  "order.updated": orderUpdated,
  "label.updated": labelUpdated,
  "receiving.updated": receivingUpdated,
  "warehouseTicket.updated": warehouseTicketUpdated,
  "freight.updated": freightUpdated,
  "kit.assembled": kitAssembled,
  "presale.allocated": presaleAllocated,
  /** A background job's progress, end, failure or cancellation (the whole job, as GET /web/jobs/{id} answers). */
  ...jobEventSchemas,
} as const;

export type RealtimeEventName = keyof typeof realtimeEvents;
export type RealtimePayload<N extends RealtimeEventName> = z.infer<(typeof realtimeEvents)[N]>;

/** Who receives an event: everyone of a store, one user (all their tabs), or a conversation's members. */
export type RealtimeAudience = { storeId: string } | { userId: string } | { conversationId: string };

/** One event to publish: its name, its audience and its payload. */
export type RealtimeEvent<N extends RealtimeEventName = RealtimeEventName> = N extends RealtimeEventName ? { name: N; to: RealtimeAudience; payload: RealtimePayload<N> } : never;

/** The kinds of room a socket can be in; store and user rooms are joined at the handshake from the token. */
export const ROOM_KINDS = ["store", "user", "conversation"] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

/** The socket.io room name of an audience. */
export function roomOf(to: RealtimeAudience): string {
  if ("storeId" in to) return `store:${to.storeId}`;
  if ("userId" in to) return `user:${to.userId}`;
  return `conversation:${to.conversationId}`;
}

/** A request from a client to join (or leave) a room it is not put in at the handshake. */
export const roomRequestSchema = z.strictObject({ kind: z.enum(ROOM_KINDS), id });
export type RoomRequest = z.infer<typeof roomRequestSchema>;

/** The answer to a join or leave request (socket.io acknowledgement). */
export type RoomAnswer = { ok: true } | { ok: false; message: string };

/** Client-to-server requests (the only ones the server listens to). */
export const ROOM_JOIN = "room.join";
export const ROOM_LEAVE = "room.leave";

/** The Postgres NOTIFY channel by which a process without the socket server (the agent server run apart) publishes. */
export const REALTIME_NOTIFY_CHANNEL = "atelier_realtime";

const audienceSchema = z.union([z.strictObject({ storeId: id }), z.strictObject({ userId: id }), z.strictObject({ conversationId: id })]);

/**
 * Checks an event (name known, audience well formed, payload matching its contract) and returns
 * it with the payload as parsed; throws a ZodError naming the field otherwise.
 */
export function parseRealtimeEvent(input: unknown): RealtimeEvent {
  const head = z.object({ name: z.enum(Object.keys(realtimeEvents) as [RealtimeEventName, ...RealtimeEventName[]]), to: audienceSchema, payload: z.unknown() }).parse(input);
  const payload = realtimeEvents[head.name].parse(head.payload);
  return { name: head.name, to: head.to, payload } as RealtimeEvent;
}
