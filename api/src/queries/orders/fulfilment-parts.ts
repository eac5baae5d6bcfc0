import type { Queryable } from "../../db/pool";
import { asDate, asDateOrNull, isoText } from "../json-dates";

// SQL of an order's fulfilment parts (split by stock): the parts with their lines, and the status
// moves the split, the fulfilment center, arriving stock and a cancel make. Scoped to one store.

export type PartStatus = "OPEN" | "WAITING" | "IN_PROGRESS" | "SHIPPED" | "CANCELED";

export type PartLine = { lineId: string; sku: string; title: string; quantity: number };

export type PartRow = {
  id: string;
  orderId: string;
  position: number;
  status: PartStatus;
  waitReason: string | null;
  splitByRule: string;
  fulfilmentId: string | null;
  createdAt: Date;
  releasedAt: Date | null;
  lines: PartLine[];
};

type Row = Record<string, unknown>;

export async function insertPart(
  db: Queryable,
  storeId: string,
  orderId: string,
  p: { position: number; status: "OPEN" | "WAITING"; waitReason: string | null; rule: string; lines: { lineId: string; quantity: number }[] },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO order_fulfilment_parts (store_id, order_id, position, status, wait_reason, split_by_rule) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [storeId, orderId, p.position, p.status, p.waitReason, p.rule],
  );
  const id = rows[0]!.id;
  await db.query(
    `INSERT INTO order_fulfilment_part_lines (part_id, line_id, quantity) SELECT $1, l.line_id, l.quantity FROM jsonb_to_recordset($2::jsonb) AS l(line_id uuid, quantity int)`,
    [id, JSON.stringify(p.lines.map((l) => ({ line_id: l.lineId, quantity: l.quantity })))],
  );
  return id;
}

/** A part `p` with its lines as a JSON array. */
const PART_COLUMNS = `p.*, coalesce((SELECT json_agg(json_build_object('lineId', li.id, 'sku', li.sku, 'title', li.title, 'quantity', pl.quantity) ORDER BY li.position)
    FROM order_fulfilment_part_lines pl JOIN order_line_items li ON li.id = pl.line_id WHERE pl.part_id = p.id), '[]') AS lines`;

/** The parts of the order `o` as one JSON array (rows for toPart), in order. */
export const PARTS_OF_ORDER_JSON = `(SELECT coalesce(json_agg(p ORDER BY p.position), '[]') FROM (SELECT ${PART_COLUMNS} FROM order_fulfilment_parts p WHERE p.store_id = o.store_id AND p.order_id = o.id) p)`;

/** The parts of the order `o` as the API sends them (OrderPart), in order. */
export const PARTS_ANSWER_JSON = `(SELECT coalesce(json_agg(json_build_object('id', p.id, 'position', p.position, 'status', p.status, 'waitReason', p.wait_reason,
    'splitByRule', p.split_by_rule, 'lines', p.lines, 'createdAt', ${isoText("p.created_at")}, 'releasedAt', ${isoText("p.released_at")}) ORDER BY p.position), '[]')
    FROM (SELECT ${PART_COLUMNS} FROM order_fulfilment_parts p WHERE p.store_id = o.store_id AND p.order_id = o.id) p)`;

/** A part from its row, read plainly or from JSON. */
export function toPart(r: Row): PartRow {
  return {
    id: r.id as string,
    orderId: r.order_id as string,
    position: r.position as number,
    status: r.status as PartStatus,
    waitReason: r.wait_reason as string | null,
    splitByRule: r.split_by_rule as string,
    fulfilmentId: r.fulfilment_id as string | null,
    createdAt: asDate(r.created_at),
    releasedAt: asDateOrNull(r.released_at),
    lines: r.lines as PartLine[],
  };
}

/** The order's parts in order, each with its lines (an order never split has none). */
export async function listParts(db: Queryable, storeId: string, orderId: string): Promise<PartRow[]> {
  const { rows } = await db.query(`SELECT ${PART_COLUMNS} FROM order_fulfilment_parts p WHERE p.store_id = $1 AND p.order_id = $2 ORDER BY p.position`, [storeId, orderId]);
  return rows.map(toPart);
}

/** The units of each line in the order's parts of one status (line id → quantity): WAITING for the backorder, SHIPPED for what left. */
export async function partQuantities(db: Queryable, storeId: string, orderId: string, status: "WAITING" | "SHIPPED"): Promise<Map<string, number>> {
  const { rows } = await db.query<{ line_id: string; n: number }>(
    `SELECT pl.line_id, sum(pl.quantity)::int AS n FROM order_fulfilment_parts p JOIN order_fulfilment_part_lines pl ON pl.part_id = p.id
      WHERE p.store_id = $1 AND p.order_id = $2 AND p.status = $3 GROUP BY pl.line_id`,
    [storeId, orderId, status],
  );
  return new Map(rows.map((r) => [r.line_id, r.n]));
}

/** The store's waiting parts that want any of these SKUs, first split first. */
export async function waitingPartsForSkus(db: Queryable, storeId: string, skus: string[]): Promise<{ id: string; orderId: string; createdAt: Date }[]> {
  const { rows } = await db.query<{ id: string; order_id: string; created_at: Date }>(
    `SELECT p.id, p.order_id, p.created_at FROM order_fulfilment_parts p
      WHERE p.store_id = $1 AND p.status = 'WAITING'
        AND EXISTS (SELECT 1 FROM order_fulfilment_part_lines pl JOIN order_line_items li ON li.id = pl.line_id WHERE pl.part_id = p.id AND lower(li.sku) = ANY($2::text[]))
      ORDER BY p.created_at, p.id`,
    [storeId, skus.map((s) => s.toLowerCase())],
  );
  return rows.map((r) => ({ id: r.id, orderId: r.order_id, createdAt: r.created_at }));
}

/** A waiting part opens (its stock is reserved now); false when it no longer waits. */
export async function openWaitingPart(db: Queryable, storeId: string, partId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE order_fulfilment_parts SET status = 'OPEN', wait_reason = NULL, released_at = now(), updated_at = now() WHERE store_id = $1 AND id = $2 AND status = 'WAITING'`,
    [storeId, partId],
  );
  return (rowCount ?? 0) > 0;
}

/** The open parts go to the fulfilment center on this trip. */
export async function sendOpenParts(db: Queryable, storeId: string, orderId: string, fulfilmentId: string): Promise<void> {
  await db.query(
    `UPDATE order_fulfilment_parts SET status = 'IN_PROGRESS', fulfilment_id = $3, updated_at = now() WHERE store_id = $1 AND order_id = $2 AND status = 'OPEN'`,
    [storeId, orderId, fulfilmentId],
  );
}

/** The parts this trip took are shipped; returns how many parts stay to ship (open or waiting). */
export async function shipPartsOf(db: Queryable, storeId: string, orderId: string, fulfilmentId: string): Promise<{ shipped: number; left: number }> {
  const shipped = await db.query(
    `UPDATE order_fulfilment_parts SET status = 'SHIPPED', updated_at = now() WHERE store_id = $1 AND order_id = $2 AND fulfilment_id = $3 AND status = 'IN_PROGRESS'`,
    [storeId, orderId, fulfilmentId],
  );
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM order_fulfilment_parts WHERE store_id = $1 AND order_id = $2 AND status IN ('OPEN', 'WAITING', 'IN_PROGRESS')`,
    [storeId, orderId],
  );
  return { shipped: shipped.rowCount ?? 0, left: rows[0]!.n };
}

/** A trip that failed or was canceled gives its parts back to be sent again. */
export async function reopenPartsOf(db: Queryable, storeId: string, fulfilmentId: string): Promise<void> {
  await db.query(
    `UPDATE order_fulfilment_parts SET status = 'OPEN', fulfilment_id = NULL, updated_at = now() WHERE store_id = $1 AND fulfilment_id = $2 AND status = 'IN_PROGRESS'`,
    [storeId, fulfilmentId],
  );
}

/** Every part not shipped is canceled with its order. */
export async function cancelParts(db: Queryable, storeId: string, orderId: string): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE order_fulfilment_parts SET status = 'CANCELED', updated_at = now() WHERE store_id = $1 AND order_id = $2 AND status IN ('OPEN', 'WAITING', 'IN_PROGRESS')`,
    [storeId, orderId],
  );
  return rowCount ?? 0;
}
