import type { Queryable } from "../../db/pool";

/** The bins holding units reserved for these order lines (what a picker walks to), per line. */
export async function reservedBinsOfLines(db: Queryable, storeId: string, lineIds: string[]): Promise<{ lineId: string; bin: string; quantity: number }[]> {
  if (!lineIds.length) return [];
  const { rows } = await db.query<{ lineId: string; bin: string; quantity: number }>(
    `SELECT r.line_id AS "lineId", l.bin, SUM(r.quantity)::int AS quantity
       FROM order_reservations r JOIN inventory_levels l ON l.id = r.level_id
      WHERE r.store_id = $1 AND r.line_id = ANY($2::uuid[]) AND r.status = 'RESERVED'
      GROUP BY r.line_id, l.bin`,
    [storeId, lineIds],
  );
  return rows;
}
