import type { Queryable } from "../../db/pool";

// SQL of what order lines hold of which bin (RESERVED while open, then RELEASED or SHIPPED).

export type ReservationRow = { id: string; lineId: string; levelId: string; itemId: string; bin: string; quantity: number };

/** Reservations in one statement (a batch of orders reserves hundreds). */
export async function insertReservations(db: Queryable, storeId: string, list: { orderId: string; lineId: string; levelId: string; quantity: number }[]): Promise<void> {
  if (!list.length) return;
  await db.query(
    `INSERT INTO order_reservations (store_id, order_id, line_id, level_id, quantity)
     SELECT $1, r.order_id, r.line_id, r.level_id, r.quantity FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::int[]) AS r(order_id, line_id, level_id, quantity)`,
    [storeId, list.map((r) => r.orderId), list.map((r) => r.lineId), list.map((r) => r.levelId), list.map((r) => r.quantity)],
  );
}

/** The order's open reservations, locked, with their bins. */
export async function openReservations(db: Queryable, storeId: string, orderId: string): Promise<ReservationRow[]> {
  const { rows } = await db.query(
    `SELECT r.id, r.line_id, r.level_id, l.item_id, l.bin, r.quantity FROM order_reservations r JOIN inventory_levels l ON l.id = r.level_id
      WHERE r.store_id = $1 AND r.order_id = $2 AND r.status = 'RESERVED' ORDER BY l.item_id, l.bin FOR UPDATE OF r`,
    [storeId, orderId],
  );
  return rows.map((r: Record<string, unknown>) => ({ id: r.id as string, lineId: r.line_id as string, levelId: r.level_id as string, itemId: r.item_id as string, bin: r.bin as string, quantity: r.quantity as number }));
}

/** Units reserved per line and item of the orders (a kit's line holds its components too), keyed `line:item`. */
export async function reservedByLineItem(db: Queryable, storeId: string, orderIds: string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ key: string; n: number }>(
    `SELECT r.line_id || ':' || l.item_id AS key, sum(r.quantity)::int AS n FROM order_reservations r JOIN inventory_levels l ON l.id = r.level_id
      WHERE r.store_id = $1 AND r.order_id = ANY($2::uuid[]) AND r.status IN ('RESERVED', 'SHIPPED') GROUP BY r.line_id, l.item_id`,
    [storeId, orderIds],
  );
  return new Map(rows.map((r) => [r.key, r.n]));
}

export async function closeReservation(db: Queryable, storeId: string, id: string, status: "RELEASED" | "SHIPPED"): Promise<void> {
  await db.query(`UPDATE order_reservations SET status = $3, closed_at = now() WHERE store_id = $1 AND id = $2 AND status = 'RESERVED'`, [storeId, id, status]);
}
