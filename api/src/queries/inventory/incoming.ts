import type { Queryable } from "../../db/pool";
import type { LevelRow } from "./stock";

// SQL of a level's incoming units: what announced inbound shipments (receivings) will bring to a
// bin. Raised when a shipment is announced, lowered as its units are counted, finished or canceled.

/** Moves a level's incoming count; the table's check keeps it at or above zero. */
export async function changeIncoming(db: Queryable, storeId: string, levelId: string, change: number): Promise<LevelRow> {
  const { rows } = await db.query(
    `UPDATE inventory_levels SET incoming = incoming + $3, updated_at = now() WHERE store_id = $1 AND id = $2 RETURNING id, bin, on_hand, reserved, incoming`,
    [storeId, levelId, change],
  );
  const r = rows[0] as Record<string, unknown>;
  return { id: r.id as string, bin: r.bin as string, onHand: r.on_hand as number, reserved: r.reserved as number, incoming: r.incoming as number };
}

/** The bin with the most units on hand of each of these items (the default place for new stock). */
export async function fullestBins(db: Queryable, storeId: string, itemIds: string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ item_id: string; bin: string }>(
    `SELECT DISTINCT ON (item_id) item_id, bin FROM inventory_levels WHERE store_id = $1 AND item_id = ANY($2::uuid[]) ORDER BY item_id, on_hand DESC, bin`,
    [storeId, itemIds],
  );
  return new Map(rows.map((r) => [r.item_id, r.bin]));
}
