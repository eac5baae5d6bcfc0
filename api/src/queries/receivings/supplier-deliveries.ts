import type { Queryable } from "../../db/pool";

// What supplier scorecards read from receivings: one row per live (not canceled) receiving with
// its units and its timing, for the scorecard service to group by supplier.

export type ReceivingDeliveryRow = {
  id: string;
  number: number;
  supplierName: string;
  orderItemId: string | null;
  /** The expected arrival day (YYYY-MM-DD), or null when none was given. */
  expectedArrival: string | null;
  /** The day counting started (the first count at the dock), or null while nothing is counted. */
  countedOn: string | null;
  /** Whether its counting is over: every unit counted, or finished short. */
  settled: boolean;
  expected: number;
  received: number;
  damaged: number;
  createdAt: Date;
};

/**
 * The store's live receivings with their totals. Days are UTC calendar days on both sides
 * (the arrival day is a date typed by the store, the count a timestamp), so a count late in
 * the evening west of Greenwich reads as the next day: a known edge the scorecard accepts.
 */
export async function receivingDeliveries(db: Queryable, storeId: string): Promise<ReceivingDeliveryRow[]> {
  const { rows } = await db.query<ReceivingDeliveryRow>(
    `SELECT r.id, r.number, r.supplier_name AS "supplierName", r.order_item_id AS "orderItemId",
            to_char(r.expected_arrival, 'YYYY-MM-DD') AS "expectedArrival",
            (SELECT to_char(min(rr.created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM receiving_receipts rr WHERE rr.receiving_id = r.id) AS "countedOn",
            (r.receiving_status = 'RECEIVED' OR r.closed_at IS NOT NULL) AS settled,
            sum(l.expected_quantity)::int AS expected, sum(l.received_quantity)::int AS received, sum(l.damaged_quantity)::int AS damaged,
            r.created_at AS "createdAt"
       FROM receivings r JOIN receiving_lines l ON l.receiving_id = r.id
      WHERE r.store_id = $1 AND r.canceled_at IS NULL
      GROUP BY r.id`,
    [storeId],
  );
  return rows;
}
