import type { Queryable } from "../../db/pool";

// What supplier scorecards read from quality checks: the reported inspections linked to a
// receiving, with the defects found and the units sampled.

export type ReceivingVerdictRow = { receivingId: string; verdict: "PASS" | "FAIL"; defectsFound: number; unitsSampled: number };

export async function reportedVerdictsByReceiving(db: Queryable, storeId: string): Promise<ReceivingVerdictRow[]> {
  const { rows } = await db.query<ReceivingVerdictRow>(
    `SELECT receiving_id AS "receivingId", verdict,
            (coalesce(critical_found, 0) + coalesce(major_found, 0) + coalesce(minor_found, 0))::int AS "defectsFound",
            (plans->>'sampleSize')::int AS "unitsSampled"
       FROM qc_inspections
      WHERE store_id = $1 AND receiving_id IS NOT NULL AND status = 'REPORTED'`,
    [storeId],
  );
  return rows;
}
