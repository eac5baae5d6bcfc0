/** Where an order stands at the fulfilment center, in the order it moves. */
export const FULFILMENT_STAGES = ["ACCEPTED", "PICKED", "PACKED", "SHIPPED"] as const;
export type FulfilmentStage = (typeof FULFILMENT_STAGES)[number];

/** What the center needs to ship an order. */
export type FulfilmentRequest = {
  orderId: string;
  orderNumber: number;
  storeId: string;
  shipTo: { name: string | null; address1: string | null; city: string | null; region: string | null; postalCode: string | null; countryCode: string | null };
  lines: { sku: string; quantity: number }[];
};

export type Shipment = { carrier: string; service: string; trackingNumber: string; trackingUrl: string };

/** One step of the center's work: the stage reached, and the shipment once it shipped. */
export type FulfilmentUpdate = { stage: FulfilmentStage; shipment?: Shipment };

/**
 * A fulfilment center (3PL): takes an order, then moves it one stage per call until it ships.
 * Calls are made outside any transaction and may fail; the caller retries.
 */
export type FulfilmentProvider = {
  /** The provider's name as stored on the fulfilment. */
  name: string;
  /** Hands the order over; answers the center's own id for it (stage ACCEPTED). */
  submit(request: FulfilmentRequest): Promise<{ externalId: string }>;
  /** Moves the order one stage on from `current`; at SHIPPED, with the shipment. */
  advance(externalId: string, current: FulfilmentStage, request: FulfilmentRequest): Promise<FulfilmentUpdate>;
  /** Answers a store's ticket (000 §4 support ticket types) in words: the warehouse's reply to its latest message. */
  answerTicket(ticket: TicketQuestion): Promise<{ body: string }>;
  /** Assembles all of a kitting work order's kits from the components held for it; resolves once they are in their bin. */
  assembleKits(request: KitAssemblyRequest): Promise<void>;
};

/** A kitting work order as the center reads it. */
export type KitAssemblyRequest = { workOrderId: string; storeId: string; kitSku: string; kits: number; components: { sku: string; quantity: number }[] };

/** What the center reads of a ticket to answer it. */
export type TicketQuestion = {
  sn: string;
  type: "RETURN_EXCHANGE" | "MISSING_WRONG_ITEMS" | "LOST_DELAYED" | "BROKEN" | "CANCELED_REFUND" | "RELEASE_HOLD" | "WHOLESALE_ATTACHMENT_PACKING_SLIP" | "WHOLESALE_ORDER_REQUIREMENTS";
  subject: string;
  orderNumber: number | null;
  /** The store's latest message and how many files came with it. */
  lastMessage: string;
  attachmentCount: number;
  /** How many times the warehouse already answered. */
  answers: number;
};
