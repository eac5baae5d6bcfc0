import type { QcInspection } from "@atelier/contracts/shipping";
import type { BodyOf, shipping } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { AppError, invalid, notFound } from "../../errors";
import * as inspections from "../../queries/quality/inspections";
import { getStoredUpload } from "../../queries/uploads";
import { toDto } from "./inspection-dto";

/**
 * Records the report once: the defects found per class, the defect photos (the store's own
 * uploaded pictures, checked before anything is written) and the verdict the acceptance numbers
 * decide; a critical defect over its number fails the lot on its own.
 */
export async function reportQcInspection(ctx: UserContext, id: string, body: BodyOf<typeof shipping.reportQcInspection>): Promise<QcInspection> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  const row = await inspections.getInspection(ctx.pool, storeId, id);
  if (!row) throw notFound("The inspection");
  const photoIds = [...new Set(body.photoIds)];
  const uploads = await Promise.all(photoIds.map((p) => getStoredUpload(ctx.pool, storeId, p)));
  uploads.forEach((u, i) => {
    if (!u) throw invalid(`body.photoIds.${i}`, "is not a picture this store uploaded");
    if (u.attachmentType !== "IMAGE") throw invalid(`body.photoIds.${i}`, `is ${u.fileName}, not a picture`);
  });
  const p = row.plan;
  const verdict = body.critical <= p.critical.accept && body.major <= p.major.accept && body.minor <= p.minor.accept ? "PASS" : "FAIL";
  const reported = await withTransaction(ctx.pool, async (tx) => {
    const done = await inspections.reportInspection(tx, storeId, id, { ...body, verdict });
    if (done) await inspections.insertPhotos(tx, storeId, id, uploads.map((u) => ({ uploadId: u!.id, fileName: u!.fileName })));
    return done;
  });
  if (!reported) throw new AppError("CONFLICT", `The inspection of ${row.reference} was already reported; its verdict stands.`);
  return toDto(ctx.pool, storeId, reported);
}
