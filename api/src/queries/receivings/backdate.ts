import type { Queryable } from "../../db/pool";

// Demo history only: a receiving announced and counted on days in the past, so the supplier
// scorecards read real on-time and late deliveries (the live paths stamp now()).

export async function backdateReceiving(db: Queryable, storeId: string, id: string, at: { createdAt: Date; countedAt: Date }): Promise<void> {
  await db.query(
    `UPDATE receivings SET created_at = $3::timestamptz, shipped_at = $3::timestamptz, arrived_at = $4::timestamptz, received_at = CASE WHEN received_at IS NULL THEN NULL ELSE $4::timestamptz END
      WHERE store_id = $1 AND id = $2`,
    [storeId, id, at.createdAt, at.countedAt],
  );
}

/** A count at the dock entered on a past day (receipts are append-only, so the day is set as it is written). */
export async function insertDatedReceipt(db: Queryable, storeId: string, r: { receivingId: string; lineId: string; received: number; damaged: number; note: string; userId: string; at: Date }): Promise<void> {
  await db.query(
    `INSERT INTO receiving_receipts (store_id, receiving_id, line_id, received_quantity, damaged_quantity, note, actor_user_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [storeId, r.receivingId, r.lineId, r.received, r.damaged, r.note, r.userId, r.at],
  );
}

/** The id of a receiving's line for an item. */
export async function lineIdOf(db: Queryable, storeId: string, receivingId: string, itemId: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM receiving_lines WHERE store_id = $1 AND receiving_id = $2 AND item_id = $3`, [storeId, receivingId, itemId]);
  return rows[0]!.id;
}
