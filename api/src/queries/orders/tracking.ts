import type { Queryable } from "../../db/pool";
import type { FulfilmentStatus } from "./fulfilments";

// SQL of the public tracking lookup. A buyer knows an order's number and the e-mail or postcode
// it was placed with, never the store's id, so these statements start from the number (or a
// tracking number) across stores and return only what a tracking page shows.

export type TrackedOrderRow = {
  id: string;
  storeId: string;
  orderNumber: number;
  processingStatus: "OUTSTANDING" | "PROCESSING" | "ON_HOLD" | "FINISHED";
  fulfillmentState: "NONE" | "PARTIAL" | "FULFILLED";
  cancellationState: "NONE" | "PARTIAL" | "CANCELED";
  placedAt: Date;
  canceledAt: Date | null;
  itemCount: number;
};

export type TrackedTripRow = { status: FulfilmentStatus; carrier: string | null; service: string | null; trackingNumber: string | null; trackingUrl: string | null; shippedAt: Date | null };
export type TrackedStepRow = { toStatus: string | null; kind: string; createdAt: Date };

type Row = Record<string, unknown>;

const COLUMNS = `o.id, o.store_id, o.order_number, o.processing_status, o.fulfillment_state, o.cancellation_state, o.placed_at, o.canceled_at,
  (SELECT coalesce(sum(l.quantity), 0)::int FROM order_line_items l WHERE l.order_id = o.id) AS item_count`;

function toOrder(r: Row): TrackedOrderRow {
  return {
    id: r.id as string,
    storeId: r.store_id as string,
    orderNumber: r.order_number as number,
    processingStatus: r.processing_status as TrackedOrderRow["processingStatus"],
    fulfillmentState: r.fulfillment_state as TrackedOrderRow["fulfillmentState"],
    cancellationState: r.cancellation_state as TrackedOrderRow["cancellationState"],
    placedAt: r.placed_at as Date,
    canceledAt: r.canceled_at as Date | null,
    itemCount: r.item_count as number,
  };
}

/**
 * The orders with this number placed with this e-mail (case-insensitive) or this postcode
 * (spaces and case ignored: "sw1a 1aa" is "SW1A1AA"), newest first; at most two, which is enough
 * to tell one match from several.
 */
export async function findTrackedOrders(db: Queryable, orderNumber: number, contact: { email?: string; postcode?: string }): Promise<TrackedOrderRow[]> {
  const byContact = contact.email !== undefined
    ? "o.email = $2::citext"
    : "upper(regexp_replace(coalesce(o.shipping_postal_code, ''), '\\s', '', 'g')) = $2";
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM orders o WHERE o.order_number = $1 AND ${byContact} ORDER BY o.placed_at DESC LIMIT 2`,
    [orderNumber, contact.email ?? contact.postcode],
  );
  return rows.map(toOrder);
}

/** The order a tracking number was shipped under, if any. */
export async function findOrderByTracking(db: Queryable, trackingNumber: string): Promise<TrackedOrderRow | null> {
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM fulfilments f JOIN orders o ON o.id = f.order_id AND o.store_id = f.store_id
      WHERE f.tracking_number = $1 ORDER BY f.created_at DESC LIMIT 1`,
    [trackingNumber],
  );
  return rows[0] ? toOrder(rows[0] as Row) : null;
}

/** The order's trips through the fulfilment center, oldest first. */
export async function listTrackedTrips(db: Queryable, storeId: string, orderId: string): Promise<TrackedTripRow[]> {
  const { rows } = await db.query(
    `SELECT status, carrier, service, tracking_number, tracking_url, shipped_at FROM fulfilments WHERE store_id = $1 AND order_id = $2 ORDER BY created_at, id`,
    [storeId, orderId],
  );
  return rows.map((r: Row) => ({
    status: r.status as FulfilmentStatus, carrier: r.carrier as string | null, service: r.service as string | null,
    trackingNumber: r.tracking_number as string | null, trackingUrl: r.tracking_url as string | null, shippedAt: r.shipped_at as Date | null,
  }));
}

/**
 * The ledger entries a buyer may see, by kind and status only (their messages are the store's:
 * hold reasons and notes stay inside): fulfilment steps, holds, releases and a cancellation.
 */
export async function listTrackedSteps(db: Queryable, storeId: string, orderId: string): Promise<TrackedStepRow[]> {
  const { rows } = await db.query(
    `SELECT kind, to_status, created_at FROM order_events
      WHERE store_id = $1 AND order_id = $2 AND kind IN ('FULFILMENT_UPDATED', 'HOLD_PLACED', 'HOLD_RELEASED', 'CANCELED')
      ORDER BY created_at, id`,
    [storeId, orderId],
  );
  return rows.map((r: Row) => ({ kind: r.kind as string, toStatus: r.to_status as string | null, createdAt: r.created_at as Date }));
}
