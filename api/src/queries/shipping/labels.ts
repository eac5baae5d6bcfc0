import type { CustomsItem, LabelAddress, LabelStatus, Parcel, TrackingEvent } from "@atelier/contracts/shipping";
import type { Queryable } from "../../db/pool";
import { containsPattern } from "../like-pattern";

// SQL of the store's shipping labels, their tracking events and the weights its SKUs shipped at.
// Every statement is scoped to one store.

export type LabelRow = {
  id: string;
  storeId: string;
  status: LabelStatus;
  carrier: string;
  serviceCode: string;
  serviceName: string;
  trackingNumber: string;
  priceCents: number;
  refundedCents: number;
  estimatedDays: number;
  deliveryDate: string;
  zone: string;
  billedWeightLb: number;
  isReturn: boolean;
  returnOfId: string | null;
  orderNumber: number | null;
  fromAddress: LabelAddress;
  toAddress: LabelAddress;
  parcel: Parcel;
  notes: string;
  customs: CustomsItem[];
  surcharges: { name: string; amountCents: number }[];
  sku: string | null;
  chargeId: string;
  createdAt: Date;
  voidedAt: Date | null;
};

type Row = Record<string, unknown>;
const json = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;

function toLabel(r: Row): LabelRow {
  return {
    id: r.id as string,
    storeId: r.store_id as string,
    status: r.status as LabelStatus,
    carrier: r.carrier as string,
    serviceCode: r.service_code as string,
    serviceName: r.service_name as string,
    trackingNumber: r.tracking_number as string,
    priceCents: r.price_cents as number,
    refundedCents: r.refunded_cents as number,
    estimatedDays: r.estimated_days as number,
    deliveryDate: r.delivery_date instanceof Date ? r.delivery_date.toISOString().slice(0, 10) : String(r.delivery_date).slice(0, 10),
    zone: r.zone as string,
    billedWeightLb: Number(r.billed_weight_lb),
    isReturn: r.is_return as boolean,
    returnOfId: (r.return_of_id as string | null) ?? null,
    orderNumber: (r.order_number as number | null) ?? null,
    fromAddress: json(r.from_address),
    toAddress: json(r.to_address),
    parcel: json(r.parcel),
    notes: r.notes as string,
    customs: json(r.customs),
    surcharges: json(r.surcharges),
    sku: (r.sku as string | null) ?? null,
    chargeId: r.charge_id as string,
    createdAt: r.created_at as Date,
    voidedAt: (r.voided_at as Date | null) ?? null,
  };
}

const COLUMNS = "id, store_id, status, carrier, service_code, service_name, tracking_number, price_cents, refunded_cents, estimated_days, to_char(delivery_date, 'YYYY-MM-DD') AS delivery_date, zone, billed_weight_lb, is_return, return_of_id, order_number, from_address, to_address, parcel, notes, customs, surcharges, sku, charge_id, created_at, voided_at";

export type NewLabel = Omit<LabelRow, "id" | "status" | "refundedCents" | "createdAt" | "voidedAt"> & { createdBy: string | null };

export async function insertLabel(db: Queryable, l: NewLabel): Promise<LabelRow> {
  const search = [l.trackingNumber, l.toAddress.name, l.toAddress.city, l.toAddress.zipCode, l.fromAddress.name, l.orderNumber ?? ""].join(" ");
  const { rows } = await db.query(
    `INSERT INTO shipping_labels (store_id, carrier, service_code, service_name, tracking_number, price_cents, estimated_days, delivery_date, zone, billed_weight_lb, is_return, return_of_id, order_number, from_address, to_address, parcel, notes, customs, surcharges, sku, charge_id, search_text, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)
     RETURNING ${COLUMNS}`,
    [l.storeId, l.carrier, l.serviceCode, l.serviceName, l.trackingNumber, l.priceCents, l.estimatedDays, l.deliveryDate, l.zone, l.billedWeightLb, l.isReturn, l.returnOfId, l.orderNumber, JSON.stringify(l.fromAddress), JSON.stringify(l.toAddress), JSON.stringify(l.parcel), l.notes, JSON.stringify(l.customs), JSON.stringify(l.surcharges), l.sku, l.chargeId, search, l.createdBy],
  );
  return toLabel(rows[0]!);
}

export async function getLabel(db: Queryable, storeId: string, id: string, lock = false): Promise<LabelRow | null> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM shipping_labels WHERE store_id = $1 AND id = $2${lock ? " FOR UPDATE" : ""}`, [storeId, id]);
  return rows[0] ? toLabel(rows[0]) : null;
}

/** A live outbound label of the store's order, if it has one. */
export async function findLiveLabelOfOrder(db: Queryable, storeId: string, orderNumber: number): Promise<LabelRow | null> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM shipping_labels WHERE store_id = $1 AND order_number = $2 AND status <> 'VOIDED' AND NOT is_return`, [storeId, orderNumber]);
  return rows[0] ? toLabel(rows[0]) : null;
}

const SORTS: Record<string, string> = {
  "-createdAt": "created_at DESC, id DESC",
  createdAt: "created_at ASC, id ASC",
  "-priceCents": "price_cents DESC, created_at DESC",
  priceCents: "price_cents ASC, created_at DESC",
};

export async function listLabels(db: Queryable, storeId: string, q: { search?: string; status?: LabelStatus; sort: string; limit: number; offset: number }): Promise<{ list: LabelRow[]; total: number }> {
  const params: unknown[] = [storeId];
  const where = ["store_id = $1"];
  if (q.status) {
    params.push(q.status);
    where.push(`status = $${params.length}`);
  }
  if (q.search) {
    params.push(containsPattern(q.search));
    where.push(`search_text ILIKE $${params.length}`);
  }
  const w = where.join(" AND ");
  const page = await db.query(`SELECT ${COLUMNS} FROM shipping_labels WHERE ${w} ORDER BY ${SORTS[q.sort] ?? SORTS["-createdAt"]} LIMIT ${q.limit} OFFSET ${q.offset}`, params);
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM shipping_labels WHERE ${w}`, params);
  return { list: page.rows.map(toLabel), total: count.rows[0]!.n };
}

/** The store's labels among ids, in the order asked (another store's ids are simply missing). */
export async function getLabelsByIds(db: Queryable, storeId: string, ids: string[]): Promise<LabelRow[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM shipping_labels WHERE store_id = $1 AND id = ANY($2::uuid[])`, [storeId, ids]);
  const byId = new Map(rows.map((r) => [r.id as string, toLabel(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function markVoided(db: Queryable, storeId: string, id: string, refundedCents: number, refundId: string): Promise<void> {
  await db.query("UPDATE shipping_labels SET status = 'VOIDED', refunded_cents = $3, refund_id = $4, voided_at = now(), updated_at = now() WHERE store_id = $1 AND id = $2", [storeId, id, refundedCents, refundId]);
}

export async function setStatus(db: Queryable, storeId: string, id: string, status: LabelStatus): Promise<void> {
  await db.query("UPDATE shipping_labels SET status = $3, updated_at = now() WHERE store_id = $1 AND id = $2 AND status <> 'VOIDED'", [storeId, id, status]);
}

export async function listEvents(db: Queryable, storeId: string, labelId: string): Promise<TrackingEvent[]> {
  const { rows } = await db.query(`SELECT stage, message, location, occurred_at FROM shipping_label_events WHERE store_id = $1 AND label_id = $2 ORDER BY occurred_at, array_position(ARRAY['LABEL_CREATED', 'ACCEPTED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED'], stage)`, [storeId, labelId]);
  return rows.map((r) => ({ stage: r.stage, message: r.message, location: r.location, occurredAt: (r.occurred_at as Date).toISOString() }));
}

/** Records the events not yet recorded (one per stage); returns how many were new. */
export async function addEvents(db: Queryable, storeId: string, labelId: string, events: TrackingEvent[]): Promise<number> {
  let added = 0;
  for (const e of events) {
    const r = await db.query("INSERT INTO shipping_label_events (store_id, label_id, stage, message, location, occurred_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (label_id, stage) DO NOTHING", [storeId, labelId, e.stage, e.message, e.location, e.occurredAt]);
    added += r.rowCount ?? 0;
  }
  return added;
}
