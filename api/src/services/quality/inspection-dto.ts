import type { QcInspection } from "@atelier/contracts/shipping";
import { verdictOf } from "@atelier/contracts/aql";
import type { Queryable } from "../../db/pool";
import * as inspections from "../../queries/quality/inspections";
import { getReceiving } from "../../queries/receivings/receivings";
import { getOrderItems } from "../../queries/purchasing/order-items";
import { supplierNames } from "../../queries/marketplace/suppliers";
import { uploadUrl } from "../uploads/upload-file";

// An inspection as the API answers it: its plan, report and verdict per class, the receiving it
// looks at and its defect photos (read in two statements for a whole page, not one per row).

export async function toDtos(db: Queryable, storeId: string, rows: inspections.InspectionRow[]): Promise<QcInspection[]> {
  if (!rows.length) return [];
  const receivingIds = [...new Set(rows.flatMap((r) => (r.receivingId ? [r.receivingId] : [])))];
  const orderItemIds = [...new Set(rows.flatMap((r) => (r.orderItemId ? [r.orderItemId] : [])))];
  const [photos, receivings, purchases] = await Promise.all([
    inspections.photosOf(db, storeId, rows.map((r) => r.id)),
    Promise.all(receivingIds.map((id) => getReceiving(db, storeId, { id }))),
    orderItemIds.length ? getOrderItems(db, storeId, orderItemIds) : [],
  ]);
  const names = await supplierNames(db, purchases.flatMap((p) => (p.supplierId ? [p.supplierId] : [])));
  const purchaseById = new Map(purchases.map((p) => [p.id, { id: p.id, title: p.title, quantity: p.quantity, supplierName: (p.supplierId && names.get(p.supplierId)) || null }]));
  const receivingById = new Map(receivings.flatMap((r) => (r ? [[r.id, { id: r.id, number: r.number, supplierName: r.supplierName }] as const] : [])));
  return rows.map((r) => {
    const found = r.status === "REPORTED" ? { critical: r.criticalFound ?? 0, major: r.majorFound ?? 0, minor: r.minorFound ?? 0 } : null;
    return {
      id: r.id, reference: r.reference, product: r.product, stage: r.stage, lotSize: r.lotSize, level: r.level, plan: r.plan, status: r.status, found,
      classVerdicts: found ? { critical: verdictOf(r.plan.critical, found.critical), major: verdictOf(r.plan.major, found.major), minor: verdictOf(r.plan.minor, found.minor) } : null,
      verdict: r.verdict, notes: r.notes, feeCents: r.feeCents,
      receiving: (r.receivingId && receivingById.get(r.receivingId)) || null,
      purchase: (r.orderItemId && purchaseById.get(r.orderItemId)) || null,
      photos: photos.filter((p) => p.inspectionId === r.id).map((p) => ({ id: p.uploadId, url: uploadUrl(p.uploadId, p.fileName), fileName: p.fileName })),
      createdAt: r.createdAt.toISOString(), reportedAt: r.reportedAt?.toISOString() ?? null,
    };
  });
}

export async function toDto(db: Queryable, storeId: string, row: inspections.InspectionRow): Promise<QcInspection> {
  return (await toDtos(db, storeId, [row]))[0]!;
}
