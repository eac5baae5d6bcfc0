import type { OrderDetail, OrderSummary } from "@atelier/contracts/orders";
import type { OrderEventRow, OrderHoldRow } from "../../queries/orders/ledger";
import type { FulfilmentRow } from "../../queries/orders/fulfilments";
import type { OrderLineRow, OrderRow, OrderSummaryRow } from "../../queries/orders/orders";
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
    placedAt: o.placedAt.toISOString(),
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toHoldDto(h: OrderHoldRow): OrderDetail["holds"][number] {
  return { id: h.id, reason: h.reason, setBy: h.setBy, createdAt: h.createdAt.toISOString(), releasedAt: iso(h.releasedAt), releasedBy: h.releasedBy, releaseNote: h.releaseNote };
}

function toEventDto(e: OrderEventRow): OrderDetail["timeline"][number] {
  return { id: e.id, kind: e.kind, fromStatus: e.fromStatus, toStatus: e.toStatus, message: e.message, holdId: e.holdId, actor: e.actor, createdAt: e.createdAt.toISOString() };
}

/** The detail: the order, its lines, holds, and the ledger after a synthetic "placed" entry. */
function toShipmentDto(f: FulfilmentRow): OrderDetail["shipments"][number] {
  return {
    id: f.id, status: f.status, carrier: f.carrier, service: f.service, trackingNumber: f.trackingNumber, trackingUrl: f.trackingUrl, lastError: f.lastError,
    createdAt: f.createdAt.toISOString(), updatedAt: f.updatedAt.toISOString(), shippedAt: iso(f.shippedAt),
  };
}

export function toOrderDetailDto(o: OrderRow, lines: OrderLineRow[], holds: OrderHoldRow[], events: OrderEventRow[], canCancel: boolean, fulfilments: FulfilmentRow[] = []): OrderDetail {
  const hold = holdBlocker(o);
  const fulfil = fulfilBlocker(o, fulfilments.some(isOpenFulfilment));
  const cancel = canCancel ? cancelBlocker(o) : "Only the store's owner or an admin can cancel orders.";
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
    fulfilledAt: iso(o.fulfilledAt),
    canceledAt: iso(o.canceledAt),
    lines,
    holds: holds.map(toHoldDto),
    timeline: [placed, ...events.map(toEventDto)],
    shipments: fulfilments.map(toShipmentDto),
    actions: { fulfil: { allowed: fulfil === null, reason: fulfil }, hold: { allowed: hold === null, reason: hold }, cancel: { allowed: cancel === null, reason: cancel } },
  };
}
