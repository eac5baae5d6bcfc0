import type { Queryable } from "../../db/pool";

// SQL of kitting work orders (migration 0350) and what each holds of which bin.

export type WorkOrderRow = {
  id: string;
  storeId: string;
  kitItemId: string;
  kits: number;
  bin: string;
  feeCents: number;
  status: "REQUESTED" | "ASSEMBLED";
  createdAt: Date;
  assembledAt: Date | null;
};

const COLUMNS = `id, store_id AS "storeId", kit_item_id AS "kitItemId", kits, bin, fee_cents AS "feeCents", status, created_at AS "createdAt", assembled_at AS "assembledAt"`;

export async function insertWorkOrder(
  db: Queryable,
  storeId: string,
  w: { kitItemId: string; kits: number; bin: string; feePerKitCents: number; feeCents: number; chargeId: string | null; userId: string },
): Promise<WorkOrderRow> {
  const { rows } = await db.query<WorkOrderRow>(
    `INSERT INTO kitting_orders (store_id, kit_item_id, kits, bin, fee_per_kit_cents, fee_cents, charge_id, requested_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [storeId, w.kitItemId, w.kits, w.bin, w.feePerKitCents, w.feeCents, w.chargeId, w.userId],
  );
  return rows[0]!;
}

export async function insertHold(db: Queryable, storeId: string, workOrderId: string, levelId: string, quantity: number): Promise<void> {
  await db.query(
    `INSERT INTO kitting_order_holds (kitting_order_id, store_id, level_id, quantity) VALUES ($1, $2, $3, $4)
     ON CONFLICT (kitting_order_id, level_id) DO UPDATE SET quantity = kitting_order_holds.quantity + EXCLUDED.quantity`,
    [workOrderId, storeId, levelId, quantity],
  );
}

/** The work order, or null; locked in a transaction so the job and a retry take turns. */
export async function getWorkOrder(db: Queryable, id: string, lock = false): Promise<WorkOrderRow | null> {
  const { rows } = await db.query<WorkOrderRow>(`SELECT ${COLUMNS} FROM kitting_orders WHERE id = $1${lock ? " FOR UPDATE" : ""}`, [id]);
  return rows[0] ?? null;
}

/** What the work order holds, with each level's item and bin, in lock order (item, bin). */
export async function holdsOf(db: Queryable, storeId: string, workOrderId: string): Promise<{ levelId: string; itemId: string; bin: string; quantity: number }[]> {
  const { rows } = await db.query<{ levelId: string; itemId: string; bin: string; quantity: number }>(
    `SELECT h.level_id AS "levelId", l.item_id AS "itemId", l.bin, h.quantity FROM kitting_order_holds h JOIN inventory_levels l ON l.id = h.level_id
      WHERE h.store_id = $1 AND h.kitting_order_id = $2 ORDER BY l.item_id, l.bin`,
    [storeId, workOrderId],
  );
  return rows;
}

export async function markAssembled(db: Queryable, storeId: string, id: string): Promise<void> {
  await db.query(`UPDATE kitting_orders SET status = 'ASSEMBLED', assembled_at = now() WHERE store_id = $1 AND id = $2`, [storeId, id]);
}

export async function listWorkOrders(db: Queryable, storeId: string, kitItemId: string, limit = 20): Promise<WorkOrderRow[]> {
  const { rows } = await db.query<WorkOrderRow>(`SELECT ${COLUMNS} FROM kitting_orders WHERE store_id = $1 AND kit_item_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3`, [storeId, kitItemId, limit]);
  return rows;
}

export async function hasOpenWorkOrder(db: Queryable, storeId: string, kitItemId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM kitting_orders WHERE store_id = $1 AND kit_item_id = $2 AND status = 'REQUESTED' LIMIT 1`, [storeId, kitItemId]);
  return rows.length > 0;
}
