import type { QueryOf, orders } from "@atelier/contracts";
import type { TrackedOrder, TrackingStatus } from "@atelier/contracts/orders";
import type { RequestContext } from "../../context";
import { AppError } from "../../errors";
import { withReadSnapshot, type Queryable } from "../../db/pool";
import { findStoreTitle } from "../../queries/stores";
import * as q from "../../queries/orders/tracking";

type TrackQuery = QueryOf<typeof orders.trackOrder>;

/** One answer for a wrong number, a wrong contact and an unknown tracking number: nothing tells which was wrong. */
const NO_MATCH = "No order matches these details. Check the order number on your receipt and use the e-mail or postcode the order was placed with.";

/** The buyer's words for each step the fulfilment center records (the store's own messages stay inside). */
const STEP_WORDS: Record<string, string> = {
  SUBMITTED: "Sent to the warehouse",
  ACCEPTED: "The warehouse accepted the order",
  PICKED: "Items picked from the shelves",
  PACKED: "Packed and waiting for the carrier",
  SHIPPED: "Handed to the carrier",
  FAILED: "Delayed at the warehouse; the store will send it again",
  CANCELED: "Taken back from the warehouse",
};

function stepMessage(s: q.TrackedStepRow): string | null {
  if (s.kind === "FULFILMENT_UPDATED") return STEP_WORDS[s.toStatus ?? ""] ?? null;
  if (s.kind === "HOLD_PLACED") return "Paused: the store is reviewing the order";
  if (s.kind === "HOLD_RELEASED" && s.toStatus !== "ON_HOLD") return "The store's review is done";
  if (s.kind === "CANCELED") return "Order canceled";
  return null;
}

function statusOf(o: q.TrackedOrderRow, trips: q.TrackedTripRow[]): { status: TrackingStatus; statusText: string } {
  if (o.cancellationState === "CANCELED") return { status: "CANCELED", statusText: "This order was canceled." };
  if (o.fulfillmentState === "FULFILLED" || trips.some((t) => t.status === "SHIPPED")) {
    return { status: "SHIPPED", statusText: o.fulfillmentState === "FULFILLED" ? "Your order has shipped." : "Part of your order has shipped." };
  }
  if (o.processingStatus === "ON_HOLD") return { status: "ON_HOLD", statusText: "The store is reviewing your order before it ships." };
  if (o.processingStatus === "PROCESSING") return { status: "PREPARING", statusText: "The warehouse is preparing your order." };
  return { status: "RECEIVED", statusText: "The store has received your order." };
}

/** Whether the buyer typed an e-mail (it has an @) or a postcode (letters, digits, spaces, dashes). */
function contactOf(contact: string): { email: string } | { postcode: string } {
  if (contact.includes("@")) return { email: contact };
  const postcode = contact.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z0-9-]{3,12}$/.test(postcode)) throw new AppError("VALIDATION_FAILED", "query.contact must be the e-mail or postcode the order was placed with", [{ field: "query.contact", reason: "must be the e-mail or postcode the order was placed with" }]);
  return { postcode };
}

async function findOrder(db: Queryable, query: TrackQuery): Promise<q.TrackedOrderRow> {
  if (query.tracking !== undefined) {
    const order = await q.findOrderByTracking(db, query.tracking);
    if (!order) throw new AppError("NOT_FOUND", "No parcel has this tracking number yet. Check it against the shipping e-mail; a new label can take an hour to appear.");
    return order;
  }
  const matches = await q.findTrackedOrders(db, query.orderNumber!, contactOf(query.contact!));
  // The same number and postcode at two stores: the e-mail tells the buyer's own order apart.
  if (matches.length > 1 && !query.contact!.includes("@")) throw new AppError("NOT_FOUND", "Several orders match this number and postcode. Use the e-mail the order was placed with instead.");
  if (!matches[0]) throw new AppError("NOT_FOUND", NO_MATCH);
  return matches[0];
}

/**
 * Public tracking: the order's status and steps as a tracking page shows them. By number and
 * contact the answer names the order and its store; by tracking number only the parcel (someone
 * holding a tracking number has the parcel's link, not the receipt).
 */
export async function trackOrder(ctx: RequestContext, query: TrackQuery): Promise<TrackedOrder> {
  // One snapshot: the step that ships a parcel also marks the order fulfilled, and reads on either
  // side of that commit told a buyer "part of your order has shipped" beside a shipped parcel.
  const { order, trips, steps } = await withReadSnapshot(ctx.pool, async (db) => {
    const found = await findOrder(db, query);
    return { order: found, trips: await q.listTrackedTrips(db, found.storeId, found.id), steps: await q.listTrackedSteps(db, found.storeId, found.id) };
  });
  const timeline = [
    { message: "Order placed", occurredAt: order.placedAt.toISOString() },
    ...steps.flatMap((s) => {
      const message = stepMessage(s);
      return message ? [{ message, occurredAt: s.createdAt.toISOString() }] : [];
    }),
  ];
  const shipments = trips
    .filter((t) => t.trackingNumber !== null)
    .map((t) => ({ carrier: t.carrier, service: t.service, trackingNumber: t.trackingNumber, trackingUrl: t.trackingUrl, shippedAt: t.shippedAt?.toISOString() ?? null }));
  const byNumber = query.tracking === undefined;
  return {
    order: byNumber ? { orderNumber: order.orderNumber, storeName: (await findStoreTitle(ctx.pool, order.storeId)) ?? "", placedAt: order.placedAt.toISOString(), itemCount: order.itemCount } : null,
    ...statusOf(order, trips),
    shipments,
    timeline,
  };
}
