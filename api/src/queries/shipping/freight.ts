import type { DutyEstimate, FreightGoodsLine, FreightMode, FreightOriginCode, FreightStatus } from "@atelier/contracts/shipping";
import type { Queryable } from "../../db/pool";
import { containsPattern } from "../like-pattern";

// SQL of the store's freight bookings and their timelines. Every statement is scoped to one store.

export type FreightBookingRow = {
  id: string;
  storeId: string;
  reference: string;
  status: FreightStatus;
  originCode: FreightOriginCode;
  mode: FreightMode;
  containers: ("20'" | "40'")[];
  cartons: number;
  weightKg: number;
  volumeCbm: number;
  goods: FreightGoodsLine[];
  priceCents: number;
  transitDays: number;
  arrivalDate: string;
  duty: DutyEstimate;
  dutyCents: number;
  chargeId: string;
  receivingId: string | null;
  receivingSn: string | null;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type FreightEventRow = { status: FreightStatus; message: string; location: string; occurredAt: Date };

type Row = Record<string, unknown>;
const json = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;

const COLUMNS = `id, store_id, reference, status, origin_code, mode, containers, cartons, weight_kg::float8 AS weight_kg, volume_cbm::float8 AS volume_cbm,
  goods, price_cents, transit_days, to_char(arrival_date, 'YYYY-MM-DD') AS arrival_date, duty, duty_cents, charge_id, receiving_id, receiving_sn,
  created_by_user_id, created_at, updated_at`;

function toBooking(r: Row): FreightBookingRow {
  return {
    id: r.id as string, storeId: r.store_id as string, reference: r.reference as string, status: r.status as FreightStatus, originCode: r.origin_code as FreightOriginCode,
    mode: r.mode as FreightMode, containers: json(r.containers), cartons: r.cartons as number, weightKg: r.weight_kg as number, volumeCbm: r.volume_cbm as number,
    goods: json(r.goods), priceCents: r.price_cents as number, transitDays: r.transit_days as number, arrivalDate: r.arrival_date as string, duty: json(r.duty),
    dutyCents: r.duty_cents as number, chargeId: r.charge_id as string, receivingId: (r.receiving_id as string | null) ?? null, receivingSn: (r.receiving_sn as string | null) ?? null,
    createdBy: (r.created_by_user_id as string | null) ?? null, createdAt: r.created_at as Date, updatedAt: r.updated_at as Date,
  };
}

export type NewFreightBooking = Omit<FreightBookingRow, "id" | "storeId" | "status" | "receivingId" | "receivingSn" | "createdAt" | "updatedAt">;

/** Records a booking; a second insert for the same charge (a retry) returns the first one's id. */
export async function insertBooking(db: Queryable, storeId: string, b: NewFreightBooking): Promise<{ id: string; created: boolean }> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO freight_bookings (store_id, reference, origin_code, mode, containers, cartons, weight_kg, volume_cbm, goods, price_cents, transit_days, arrival_date, duty, duty_cents, charge_id, created_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT (store_id, charge_id) DO NOTHING RETURNING id`,
    [storeId, b.reference, b.originCode, b.mode, JSON.stringify(b.containers), b.cartons, b.weightKg, b.volumeCbm, JSON.stringify(b.goods), b.priceCents, b.transitDays, b.arrivalDate, JSON.stringify(b.duty), b.dutyCents, b.chargeId, b.createdBy],
  );
  if (rows[0]) return { id: rows[0].id, created: true };
  const found = await db.query<{ id: string }>("SELECT id FROM freight_bookings WHERE store_id = $1 AND charge_id = $2", [storeId, b.chargeId]);
  return { id: found.rows[0]!.id, created: false };
}

export async function getBooking(db: Queryable, storeId: string, id: string, lock = false): Promise<FreightBookingRow | null> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM freight_bookings WHERE store_id = $1 AND id = $2${lock ? " FOR UPDATE" : ""}`, [storeId, id]);
  return rows[0] ? toBooking(rows[0]) : null;
}

export async function eventsOf(db: Queryable, storeId: string, bookingId: string): Promise<FreightEventRow[]> {
  const { rows } = await db.query(
    "SELECT status, message, location, occurred_at FROM freight_booking_events WHERE store_id = $1 AND booking_id = $2 ORDER BY occurred_at, array_position($3::text[], status)",
    [storeId, bookingId, ["BOOKED", "PICKED_UP", "DEPARTED", "ARRIVED", "CUSTOMS_CLEARED", "DELIVERED"]],
  );
  return rows.map((r) => ({ status: r.status as FreightStatus, message: r.message as string, location: r.location as string, occurredAt: r.occurred_at as Date }));
}

/** Adds the stages not recorded yet; returns how many were new. */
export async function addEvents(db: Queryable, storeId: string, bookingId: string, events: FreightEventRow[]): Promise<number> {
  let added = 0;
  for (const e of events) {
    const r = await db.query(
      "INSERT INTO freight_booking_events (store_id, booking_id, status, message, location, occurred_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (booking_id, status) DO NOTHING",
      [storeId, bookingId, e.status, e.message, e.location, e.occurredAt],
    );
    added += r.rowCount ?? 0;
  }
  return added;
}

export async function setStatus(db: Queryable, storeId: string, id: string, status: FreightStatus): Promise<void> {
  await db.query("UPDATE freight_bookings SET status = $3, updated_at = now() WHERE store_id = $1 AND id = $2", [storeId, id, status]);
}

export async function linkReceiving(db: Queryable, storeId: string, id: string, receiving: { id: string; sn: string }): Promise<void> {
  await db.query("UPDATE freight_bookings SET receiving_id = $3, receiving_sn = $4, updated_at = now() WHERE store_id = $1 AND id = $2", [storeId, id, receiving.id, receiving.sn]);
}

const SORTS: Record<string, string> = {
  "-createdAt": "created_at DESC, id DESC",
  createdAt: "created_at, id",
  arrivalDate: "arrival_date, id",
  "-arrivalDate": "arrival_date DESC, id DESC",
  "-priceCents": "price_cents DESC, id DESC",
  priceCents: "price_cents, id",
};

export async function listBookings(db: Queryable, storeId: string, q: { search?: string; status?: FreightStatus; sort: string; limit: number; offset: number; originCodes: string[] }): Promise<{ list: FreightBookingRow[]; total: number }> {
  const params: unknown[] = [storeId];
  const where = ["store_id = $1"];
  if (q.status) {
    params.push(q.status);
    where.push(`status = $${params.length}`);
  }
  if (q.search) {
    params.push(containsPattern(q.search));
    const p = `$${params.length}`;
    // Origin names are matched by the service (it knows the port table): their codes come in originCodes.
    params.push(q.originCodes);
    where.push(`(reference ILIKE ${p} OR goods::text ILIKE ${p} OR coalesce(receiving_sn, '') ILIKE ${p} OR origin_code = ANY($${params.length}::text[]))`);
  }
  const w = where.join(" AND ");
  const page = await db.query(`SELECT ${COLUMNS} FROM freight_bookings WHERE ${w} ORDER BY ${SORTS[q.sort] ?? SORTS["-createdAt"]} LIMIT ${q.limit} OFFSET ${q.offset}`, params);
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM freight_bookings WHERE ${w}`, params);
  return { list: page.rows.map(toBooking), total: count.rows[0]!.n };
}
