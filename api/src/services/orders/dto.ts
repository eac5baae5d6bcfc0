import type { OrderDetail, OrderSummary } from "@atelier/contracts/orders";
import type { PartRow } from "../../queries/orders/fulfilment-parts";
import type { Actor, OrderEventRow, OrderHoldRow } from "../../queries/orders/ledger";
import type { FulfilmentRow } from "../../queries/orders/fulfilments";
import type { OrderAnswerRead, OrderLineRow, OrderRow, OrderSummaryRow } from "../../queries/orders/orders";
import { cancelBlocker, fulfilBlocker, holdBlocker, isOpenFulfilment } from "./order-rules";

export function toOrderSummaryDto(o: OrderSummaryRow): OrderSummary {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    origin: o.origin as OrderSummary["origin"],
    customerName: o.customerName,
    email: o.email,
    totalCents: o.totalCents,
    currency: o.currency,
    itemCount: o.itemCount,
    processingStatus: o.processingStatus,
    fulfillmentState: o.fulfillmentState,
    cancellationState: o.cancellationState,
    hasReturns: o.hasReturns,
    openHolds: o.openHolds,
    preSale: o.preSale,
    placedAt: o.placedAt.toISOString(),
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Who did it, named: names are the accounts' (`userNames`), read once per answer. */
export type UserNames = Map<string, string>;

function named(a: Actor, names: UserNames): OrderDetail["timeline"][number]["actor"] {
  return { userId: a.userId, userName: a.userId ? (names.get(a.userId) ?? null) : null, rule: a.rule };
}

function toHoldDto(h: OrderHoldRow, names: UserNames): OrderDetail["holds"][number] {
  return {
    id: h.id, reason: h.reason, setBy: named(h.setBy, names), createdAt: h.createdAt.toISOString(), releasedAt: iso(h.releasedAt),
    releasedBy: h.releasedBy ? named(h.releasedBy, names) : null, releaseNote: h.releaseNote,
  };
}

function toEventDto(e: OrderEventRow, names: UserNames): OrderDetail["timeline"][number] {
  return { id: e.id, kind: e.kind, fromStatus: e.fromStatus, toStatus: e.toStatus, message: e.message, holdId: e.holdId, actor: named(e.actor, names), createdAt: e.createdAt.toISOString() };
}

/** The user ids a detail names (holds set and released, ledger actors). */
export function actorIds(holds: OrderHoldRow[], events: OrderEventRow[]): (string | null)[] {
  return [...holds.flatMap((h) => [h.setBy.userId, h.releasedBy?.userId ?? null]), ...events.map((e) => e.actor.userId)];
}

/** The detail: the order, its lines, holds, and the ledger after a synthetic "placed" entry. */
function toShipmentDto(f: FulfilmentRow): OrderDetail["shipments"][number] {
  return {
    id: f.id, status: f.status, carrier: f.carrier, service: f.service, trackingNumber: f.trackingNumber, trackingUrl: f.trackingUrl, lastError: f.lastError,
    createdAt: f.createdAt.toISOString(), updatedAt: f.updatedAt.toISOString(), shippedAt: iso(f.shippedAt),
  };
}

export function toOrderDetailDto(
  o: OrderRow, lines: OrderLineRow[], holds: OrderHoldRow[], events: OrderEventRow[], names: UserNames, canCancel: boolean, fulfilments: FulfilmentRow[] = [], parts: PartRow[] = [],
): OrderDetail {
  const placed: OrderDetail["timeline"][number] = {
    id: `placed-${o.id}`,
    kind: "PLACED",
    fromStatus: null,
    toStatus: "OUTSTANDING",
    message: `Order #${o.orderNumber} placed`,
    holdId: null,
    actor: { userId: null, userName: o.customerName || o.email, rule: null },
    createdAt: o.placedAt.toISOString(),
  };
  return {
    ...toOrderSummaryDto(o),
    subtotalCents: o.subtotalCents,
    discountCents: o.discountCents,
    shippingCents: o.shippingCents,
    taxCents: o.taxCents,
    discountCode: o.discountCode,
    customer: o.customerId ? { id: o.customerId, name: o.customerName, email: o.customerEmail ?? o.email ?? "", phoneNumber: o.customerPhone } : null,
    shippingAddress: o.shippingAddress1 || o.shippingCity
      ? { name: o.shippingName, address1: o.shippingAddress1, city: o.shippingCity, region: o.shippingRegion, postalCode: o.shippingPostalCode, countryCode: o.shippingCountryCode }
      : null,
    note: o.note,
    shippingMethod: o.shippingMethod,
    fulfilledAt: iso(o.fulfilledAt),
    canceledAt: iso(o.canceledAt),
    lines,
    holds: holds.map((h) => toHoldDto(h, names)),
    timeline: [placed, ...events.map((e) => toEventDto(e, names))],
    shipments: fulfilments.map(toShipmentDto),
    parts: parts.map((p) => ({ id: p.id, position: p.position, status: p.status, waitReason: p.waitReason, splitByRule: p.splitByRule, lines: p.lines, createdAt: p.createdAt.toISOString(), releasedAt: iso(p.releasedAt) })),
    actions: orderActions(o, fulfilments, canCancel),
  };
}

/** What the caller may do with the order now, each with the sentence saying why not (order-rules.ts). */
export function orderActions(
  o: Pick<OrderRow, "orderNumber" | "processingStatus" | "fulfillmentState" | "cancellationState">, fulfilments: Pick<FulfilmentRow, "status">[], canCancel: boolean,
): OrderDetail["actions"] {
  const hold = holdBlocker(o);
  const fulfil = fulfilBlocker(o, fulfilments.some(isOpenFulfilment));
  const cancel = canCancel ? cancelBlocker(o) : "Only the store's owner or an admin can cancel orders.";
  return { fulfil: { allowed: fulfil === null, reason: fulfil }, hold: { allowed: hold === null, reason: hold }, cancel: { allowed: cancel === null, reason: cancel } };
}

/**
 * The detail's answer from the JSON the database built (getOrderAnswer): the actions appended as
 * its last key. When the holds or the ledger name users, their names are filled in (`names`), which
 * costs a parse; an order nobody touched by hand is sent as the database wrote it.
 */
export function orderDetailAnswer(read: OrderAnswerRead, canCancel: boolean, names: UserNames | null): string {
  const actions = orderActions(read.rules, read.fulfilmentStatuses.map((status) => ({ status })), canCancel);
  if (!names) return `${read.answer},"actions":${JSON.stringify(actions)}}`;
  const detail = JSON.parse(`${read.answer}}`) as Omit<OrderDetail, "actions">;
  const name = (a: OrderDetail["timeline"][number]["actor"]) => void (a.userName = a.userId ? (names.get(a.userId) ?? null) : null);
  for (const h of detail.holds) {
    name(h.setBy);
    if (h.releasedBy) name(h.releasedBy);
  }
  // The placed entry names the customer, not a user.
  for (const e of detail.timeline) if (e.kind !== "PLACED") name(e.actor);
  return JSON.stringify({ ...detail, actions });
}
