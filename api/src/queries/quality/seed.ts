import { QC_INSPECTION_FEE_CENTS, qcSamplingPlan } from "@atelier/contracts/shipping";
import type { Queryable } from "../../db/pool";
import { getReceiving } from "../receivings/receivings";

// The demo store's quality checks: a pre-shipment inspection that failed on major defects, the
// partly damaged RCV-1002 inspected at the dock and passed, and RCV-1003 booked and waiting for
// its report, so the quality control screen, the receivings and the assistant have real rows.
// Seeded inspections were never charged: they carry the fee of the day but no ledger charge.

export type DemoInspection = { reference: string; product: string; stage: "PRE_SHIPMENT" | "RECEIVING"; lot: number; daysAgo: number; found?: [number, number, number]; notes?: string };
const SEEDS: DemoInspection[] = [
  { reference: "PO-2207", product: "Heavyweight tee, black", stage: "PRE_SHIPMENT", lot: 1000, daysAgo: 12, found: [0, 6, 4], notes: "Loose stitching at the collar on 6 units" },
  { reference: "RCV-1002", product: "Receiving RCV-1002", stage: "RECEIVING", lot: 300, daysAgo: 4, found: [0, 1, 3], notes: "Two crushed cartons; the units inside were fine" },
  { reference: "RCV-1003", product: "Receiving RCV-1003", stage: "RECEIVING", lot: 500, daysAgo: 1 },
];

export async function seedDemoInspections(db: Queryable, storeId: string, ownerUserId: string, anchor: Date): Promise<number> {
  for (const s of SEEDS) {
    const number = s.reference.startsWith("RCV-") ? Number(s.reference.slice(4)) : null;
    const receiving = number ? await getReceiving(db, storeId, { number }) : null;
    await insertDemoInspection(db, storeId, ownerUserId, anchor, s, receiving?.id ?? null);
  }
  return SEEDS.length;
}

/** One demo inspection booked `daysAgo` before the anchor, reported two days later when it has findings (its verdict from the plan's acceptance numbers). */
export async function insertDemoInspection(db: Queryable, storeId: string, ownerUserId: string, anchor: Date, s: DemoInspection, receivingId: string | null): Promise<void> {
  const plan = qcSamplingPlan(s.lot, "II", { critical: "0.065", major: "2.5", minor: "4.0" });
  const booked = new Date(anchor.getTime() - s.daysAgo * 86_400_000);
  const verdict = s.found ? (s.found[0] <= plan.critical.accept && s.found[1] <= plan.major.accept && s.found[2] <= plan.minor.accept ? "PASS" : "FAIL") : null;
  await db.query(
    `INSERT INTO qc_inspections (store_id, reference, product, stage, lot_size, inspection_level, code_letter, plans, created_by, fee_cents, receiving_id, created_at,
       status, critical_found, major_found, minor_found, verdict, notes, reported_at)
     VALUES ($1, $2, $3, $4, $5, 'II', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
    [storeId, s.reference, s.product, s.stage, s.lot, plan.codeLetter, JSON.stringify(plan), ownerUserId, QC_INSPECTION_FEE_CENTS, receivingId, booked,
      s.found ? "REPORTED" : "BOOKED", s.found?.[0] ?? null, s.found?.[1] ?? null, s.found?.[2] ?? null, verdict, s.notes ?? "", s.found ? new Date(booked.getTime() + 2 * 86_400_000) : null],
  );
}
