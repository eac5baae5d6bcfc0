import type { Queryable } from "../../db/pool";

// What supplier scorecards read from quality checks: the reported inspections linked to a
// receiving or to a sourcing purchase, with the defects found and the units sampled.

export type LinkedVerdictRow = { receivingId: string | null; orderItemId: string | null; verdict: "PASS" | "FAIL"; defectsFound: number; unitsSampled: number };

export async function reportedLinkedVerdicts(db: Queryable, storeId: string): Promise<LinkedVerdictRow[]> {
  const { rows } = await db.query<LinkedVerdictRow>(
    `SELECT receiving_id AS "receivingId", order_item_id AS "orderItemId", verdict,
            (coalesce(critical_found, 0) + coalesce(major_found, 0) + coalesce(minor_found, 0))::int AS "defectsFound",
            (plans->>'sampleSize')::int AS "unitsSampled"
       FROM qc_inspections
      WHERE store_id = $1 AND (receiving_id IS NOT NULL OR order_item_id IS NOT NULL) AND status = 'REPORTED'`,
    [storeId],
  );
  return rows;
}
