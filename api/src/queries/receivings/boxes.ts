import type { Queryable } from "../../db/pool";

// Per-box packing lists (issue 16): a receiving's boxes and what each holds, by receiving line.

export type BoxLineRow = { boxNumber: number; lineId: string; sku: string; title: string; quantity: number };

/** Each box's lines, box 1 first and in the receiving's line order within a box. */
export async function boxLinesOf(db: Queryable, storeId: string, receivingId: string): Promise<BoxLineRow[]> {
  const { rows } = await db.query<BoxLineRow>(
    `SELECT b.box_number AS "boxNumber", b.line_id AS "lineId", i.sku, i.title, b.quantity
       FROM receiving_box_lines b
       JOIN receiving_lines l ON l.id = b.line_id
       JOIN inventory_items i ON i.id = l.item_id
      WHERE b.store_id = $1 AND b.receiving_id = $2
      ORDER BY b.box_number, l.position`,
    [storeId, receivingId],
  );
  return rows;
}

/** Replaces the packing list: every box's lines (box numbers from 1) in one statement after the delete. */
export async function replaceBoxLines(db: Queryable, storeId: string, receivingId: string, lines: { boxNumber: number; lineId: string; quantity: number }[]): Promise<void> {
  await db.query(`DELETE FROM receiving_box_lines WHERE store_id = $1 AND receiving_id = $2`, [storeId, receivingId]);
  if (!lines.length) return;
  await db.query(
    `INSERT INTO receiving_box_lines (store_id, receiving_id, box_number, line_id, quantity)
     SELECT $1, $2, x.box, x.line, x.qty FROM jsonb_to_recordset($3::jsonb) AS x(box int, line uuid, qty int)`,
    [storeId, receivingId, JSON.stringify(lines.map((l) => ({ box: l.boxNumber, line: l.lineId, qty: l.quantity })))],
  );
}

/** The box count follows the packing list. */
export async function setBoxCount(db: Queryable, storeId: string, receivingId: string, boxCount: number): Promise<void> {
  await db.query(`UPDATE receivings SET box_count = $3, updated_at = now() WHERE store_id = $1 AND id = $2`, [storeId, receivingId, boxCount]);
}
