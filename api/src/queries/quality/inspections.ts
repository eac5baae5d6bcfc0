import type { QcSamplingPlan } from "@atelier/contracts/shipping";
import type { Queryable } from "../../db/pool";
import { containsPattern } from "../like-pattern";

// SQL of the store's quality inspections; every statement is scoped to one store.

export type InspectionRow = {
  id: string;
  reference: string;
  product: string;
  stage: "PRE_PRODUCTION" | "DURING_PRODUCTION" | "PRE_SHIPMENT" | "RECEIVING";
  lotSize: number;
  level: "I" | "II" | "III";
  plan: QcSamplingPlan;
  status: "BOOKED" | "REPORTED";
  criticalFound: number | null;
  majorFound: number | null;
  minorFound: number | null;
  verdict: "PASS" | "FAIL" | null;
  notes: string;
  feeCents: number;
  receivingId: string | null;
  orderItemId: string | null;
  createdAt: Date;
  reportedAt: Date | null;
};

export type PhotoRow = { inspectionId: string; uploadId: string; fileName: string };

const COLUMNS = `id, reference, product, stage, lot_size AS "lotSize", inspection_level AS level, plans AS plan, status, critical_found AS "criticalFound",
  major_found AS "majorFound", minor_found AS "minorFound", verdict, notes, fee_cents AS "feeCents",
  receiving_id AS "receivingId", order_item_id AS "orderItemId", created_at AS "createdAt", reported_at AS "reportedAt"`;

export async function insertInspection(
  db: Queryable,
  storeId: string,
  i: Pick<InspectionRow, "reference" | "product" | "stage" | "lotSize" | "level" | "plan" | "feeCents" | "receivingId" | "orderItemId"> & { chargeId: string | null },
  createdBy: string,
): Promise<InspectionRow> {
  const { rows } = await db.query<InspectionRow>(
    `INSERT INTO qc_inspections (store_id, reference, product, stage, lot_size, inspection_level, code_letter, plans, created_by, fee_cents, charge_id, receiving_id, order_item_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUMNS}`,
    [storeId, i.reference, i.product, i.stage, i.lotSize, i.level, i.plan.codeLetter, JSON.stringify(i.plan), createdBy, i.feeCents, i.chargeId, i.receivingId, i.orderItemId],
  );
  return rows[0]!;
}

export async function getInspection(db: Queryable, storeId: string, id: string): Promise<InspectionRow | null> {
  const { rows } = await db.query<InspectionRow>(`SELECT ${COLUMNS} FROM qc_inspections WHERE store_id = $1 AND id = $2`, [storeId, id]);
  return rows[0] ?? null;
}

export async function listInspections(db: Queryable, storeId: string, q: { search?: string; status?: string; verdict?: "PASS" | "FAIL" | "PENDING"; receivingId?: string; orderItemIds?: string[]; limit: number; offset: number }): Promise<{ list: InspectionRow[]; total: number }> {
  // PENDING is the verdict of an inspection not reported yet (verdict is NULL exactly while BOOKED).
  const where = `store_id = $1 AND ($2::text IS NULL OR reference ILIKE $2 OR product ILIKE $2) AND ($3::text IS NULL OR status = $3) AND ($4::uuid IS NULL OR receiving_id = $4)
    AND ($5::text IS NULL OR ($5 = 'PENDING' AND verdict IS NULL) OR verdict = $5) AND ($6::uuid[] IS NULL OR order_item_id = ANY($6::uuid[]))`;
  const args = [storeId, q.search ? containsPattern(q.search) : null, q.status ?? null, q.receivingId ?? null, q.verdict ?? null, q.orderItemIds ?? null];
  const [list, count] = await Promise.all([
    db.query<InspectionRow>(`SELECT ${COLUMNS} FROM qc_inspections WHERE ${where} ORDER BY created_at DESC, id LIMIT $7 OFFSET $8`, [...args, q.limit, q.offset]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM qc_inspections WHERE ${where}`, args),
  ]);
  return { list: list.rows, total: count.rows[0]!.n };
}

/** Records the report once: null when the inspection is not the store's or was already reported. */
export async function reportInspection(db: Queryable, storeId: string, id: string, r: { critical: number; major: number; minor: number; verdict: "PASS" | "FAIL"; notes: string }): Promise<InspectionRow | null> {
  const { rows } = await db.query<InspectionRow>(
    `UPDATE qc_inspections SET status = 'REPORTED', critical_found = $3, major_found = $4, minor_found = $5, verdict = $6, notes = $7, reported_at = now()
      WHERE store_id = $1 AND id = $2 AND status = 'BOOKED' RETURNING ${COLUMNS}`,
    [storeId, id, r.critical, r.major, r.minor, r.verdict, r.notes],
  );
  return rows[0] ?? null;
}

/** The defect photos of these inspections, in the inspector's order. */
export async function photosOf(db: Queryable, storeId: string, inspectionIds: string[]): Promise<PhotoRow[]> {
  const { rows } = await db.query<PhotoRow>(
    `SELECT inspection_id AS "inspectionId", upload_id AS "uploadId", file_name AS "fileName" FROM qc_inspection_photos
      WHERE store_id = $1 AND inspection_id = ANY($2::uuid[]) ORDER BY inspection_id, position`,
    [storeId, inspectionIds],
  );
  return rows;
}

export async function insertPhotos(db: Queryable, storeId: string, inspectionId: string, photos: { uploadId: string; fileName: string }[]): Promise<void> {
  if (!photos.length) return;
  await db.query(
    `INSERT INTO qc_inspection_photos (inspection_id, store_id, upload_id, position, file_name)
     SELECT $2, $1, p.upload_id, p.position - 1, p.file_name FROM unnest($3::uuid[], $4::text[]) WITH ORDINALITY AS p(upload_id, file_name, position)`,
    [storeId, inspectionId, photos.map((p) => p.uploadId), photos.map((p) => p.fileName)],
  );
}
