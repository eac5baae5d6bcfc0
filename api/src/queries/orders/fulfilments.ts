import type { Queryable } from "../../db/pool";
import { asDate, asDateOrNull, isoText } from "../json-dates";

// SQL of orders' trips through the fulfilment center (one open at a time per order).

export type FulfilmentStatus = "SUBMITTED" | "ACCEPTED" | "PICKED" | "PACKED" | "SHIPPED" | "FAILED" | "CANCELED";

export type FulfilmentRow = {
  id: string;
  storeId: string;
  orderId: string;
  provider: string;
  externalId: string | null;
  status: FulfilmentStatus;
  carrier: string | null;
  service: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  shippedAt: Date | null;
};

type Row = Record<string, unknown>;

/** The fulfilments of the order `o` as one JSON array (rows for toFulfilment), oldest first. */
export const FULFILMENTS_OF_ORDER_JSON = `(SELECT coalesce(json_agg(f ORDER BY f.created_at, f.id), '[]') FROM fulfilments f WHERE f.store_id = o.store_id AND f.order_id = o.id)`;

/** The fulfilments of the order `o` as the API sends them (OrderShipment), oldest first. */
export const SHIPMENTS_ANSWER_JSON = `(SELECT coalesce(json_agg(json_build_object('id', f.id, 'status', f.status, 'carrier', f.carrier, 'service', f.service,
    'trackingNumber', f.tracking_number, 'trackingUrl', f.tracking_url, 'lastError', f.last_error, 'createdAt', ${isoText("f.created_at")},
    'updatedAt', ${isoText("f.updated_at")}, 'shippedAt', ${isoText("f.shipped_at")}) ORDER BY f.created_at, f.id), '[]')
    FROM fulfilments f WHERE f.store_id = o.store_id AND f.order_id = o.id)`;

/** The statuses of the order `o`'s fulfilments, for the rules that ask whether one is open. */
export const FULFILMENT_STATUSES_OF_ORDER = `ARRAY(SELECT f.status FROM fulfilments f WHERE f.store_id = o.store_id AND f.order_id = o.id)`;

/** A fulfilment from its row, read plainly or from JSON. */
export function toFulfilment(r: Row): FulfilmentRow {
  return {
    id: r.id as string,
    storeId: r.store_id as string,
    orderId: r.order_id as string,
    provider: r.provider as string,
    externalId: r.external_id as string | null,
    status: r.status as FulfilmentStatus,
    carrier: r.carrier as string | null,
    service: r.service as string | null,
    trackingNumber: r.tracking_number as string | null,
    trackingUrl: r.tracking_url as string | null,
    attempts: r.attempts as number,
    lastError: r.last_error as string | null,
    createdAt: asDate(r.created_at),
    updatedAt: asDate(r.updated_at),
    shippedAt: asDateOrNull(r.shipped_at),
  };
}

export async function insertFulfilment(db: Queryable, storeId: string, orderId: string, provider: string, userId: string | null): Promise<FulfilmentRow> {
  const { rows } = await db.query(`INSERT INTO fulfilments (store_id, order_id, provider, submitted_by_user_id) VALUES ($1, $2, $3, $4) RETURNING *`, [storeId, orderId, provider, userId]);
  return toFulfilment(rows[0] as Row);
}

/** One fulfilment by id (the job knows no store), locked when asked. */
export async function getFulfilment(db: Queryable, id: string, lock = false): Promise<FulfilmentRow | null> {
  const { rows } = await db.query(`SELECT * FROM fulfilments WHERE id = $1${lock ? " FOR UPDATE" : ""}`, [id]);
  return rows[0] ? toFulfilment(rows[0] as Row) : null;
}

/** The order's fulfilments, oldest first. */
export async function listFulfilments(db: Queryable, storeId: string, orderId: string): Promise<FulfilmentRow[]> {
  const { rows } = await db.query(`SELECT * FROM fulfilments WHERE store_id = $1 AND order_id = $2 ORDER BY created_at, id`, [storeId, orderId]);
  return rows.map((r: Row) => toFulfilment(r));
}

export async function updateFulfilment(
  db: Queryable,
  id: string,
  patch: { status?: FulfilmentStatus; externalId?: string; shipment?: { carrier: string; service: string; trackingNumber: string; trackingUrl: string }; attempts?: number; lastError?: string | null },
): Promise<void> {
  await db.query(
    `UPDATE fulfilments SET status = coalesce($2, status), external_id = coalesce($3, external_id), carrier = coalesce($4, carrier), service = coalesce($5, service),
       tracking_number = coalesce($6, tracking_number), tracking_url = coalesce($7, tracking_url), attempts = coalesce($8, attempts),
       last_error = CASE WHEN $9::boolean THEN $10 ELSE last_error END,
       shipped_at = CASE WHEN $2 = 'SHIPPED' THEN now() ELSE shipped_at END, updated_at = now()
     WHERE id = $1`,
    [id, patch.status ?? null, patch.externalId ?? null, patch.shipment?.carrier ?? null, patch.shipment?.service ?? null, patch.shipment?.trackingNumber ?? null,
      patch.shipment?.trackingUrl ?? null, patch.attempts ?? null, patch.lastError !== undefined, patch.lastError ?? null],
  );
}

/** Closes the order's open fulfilment as CANCELED (the order was canceled); returns whether one was open. */
export async function cancelOpenFulfilment(db: Queryable, storeId: string, orderId: string, reason: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE fulfilments SET status = 'CANCELED', last_error = $3, updated_at = now() WHERE store_id = $1 AND order_id = $2 AND status NOT IN ('SHIPPED', 'FAILED', 'CANCELED')`,
    [storeId, orderId, reason],
  );
  return (rowCount ?? 0) > 0;
}
