import type { TicketQuestion } from "./types";

// The built-in center's answers to tickets: what a 3PL's support desk says first for each type of
// 000 §4 (ShipBob's and ShipHero's ticket categories work the same way), naming the order and the
// files received, so a demo conversation reads like one. A follow-up gets a short acknowledgement.

const FIRST_ANSWERS: Record<TicketQuestion["type"], (order: string) => string> = {
  RETURN_EXCHANGE: (o) => `We have noted the return or exchange for ${o}. When the parcel reaches our dock we inspect it within two business days and restock what is sellable; an exchange ships as soon as the return is scanned.`,
  MISSING_WRONG_ITEMS: (o) => `We are sorry about ${o}. Our team is checking the pick and pack records and the packing photos now; if an item was missed or swapped we will ship the right one at our cost and tell you here.`,
  LOST_DELAYED: (o) => `We have opened a trace with the carrier for ${o}. Carriers answer traces within three business days; if the parcel is confirmed lost we reship it and file the claim ourselves.`,
  BROKEN: (o) => `Thank you for reporting the damage on ${o}. We are reviewing how it was packed; if our packing was at fault we reship at our cost, otherwise we file a claim with the carrier using your photos.`,
  CANCELED_REFUND: (o) => `We have stopped ${o} if it had not left the building yet, and returned its units to your available stock. Refunds to your customer are issued from your store; we have nothing to charge for a canceled order.`,
  RELEASE_HOLD: (o) => `We have checked ${o}: once you release the hold in your orders it goes straight back into our pick queue, normally the same day.`,
  WHOLESALE_ATTACHMENT_PACKING_SLIP: (o) => `We have the packing slip for ${o} and will print it with the shipment.`,
  WHOLESALE_ORDER_REQUIREMENTS: (o) => `We have noted the requirements for ${o} (labelling, cartons and pallets, routing). We confirm each one before the order ships.`,
};

/** The local center's reply to the ticket's latest message. */
export function localTicketAnswer(t: TicketQuestion): string {
  const order = t.orderNumber !== null ? `order #${t.orderNumber}` : "this wholesale order";
  const files = t.attachmentCount === 0 ? "" : t.attachmentCount === 1 ? " We received the file you attached." : ` We received the ${t.attachmentCount} files you attached.`;
  if (t.answers > 0) return `Thank you, we have added your message to ${t.sn} and will update you here.${files}`;
  return `${FIRST_ANSWERS[t.type](order)}${files}`;
}
