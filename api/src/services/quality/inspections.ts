import { qcSamplingPlan, type QcInspection } from "@atelier/contracts/shipping";
import type { QueryOf, ResponseOf, shipping } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { notFound } from "../../errors";
import * as inspections from "../../queries/quality/inspections";
import { toDto, toDtos } from "./inspection-dto";

// Reading quality inspections and their sampling plans (booking: book-inspection.ts; the report:
// report-inspection.ts). Plans come from the ISO 2859-1 tables and are stored as booked.

export async function getSamplingPlan(ctx: UserContext, q: QueryOf<typeof shipping.getSamplingPlan>): Promise<ResponseOf<typeof shipping.getSamplingPlan>> {
  requirePermission(ctx, "orders.manage");
  return qcSamplingPlan(q.lotSize, q.level, { critical: q.aqlCritical, major: q.aqlMajor, minor: q.aqlMinor });
}

export async function listQcInspections(ctx: UserContext, q: QueryOf<typeof shipping.listQcInspections>): Promise<ResponseOf<typeof shipping.listQcInspections>> {
  requirePermission(ctx, "orders.manage");
  const { list, total } = await inspections.listInspections(ctx.pool, ctx.auth.storeId, { search: q.search || undefined, status: q.status, verdict: q.verdict, orderItemIds: q.orderItemIds, receivingId: q.receivingId, limit: q.size, offset: q.page * q.size });
  return { list: await toDtos(ctx.pool, ctx.auth.storeId, list), total, page: q.page, size: q.size };
}

export async function getQcInspection(ctx: UserContext, id: string): Promise<QcInspection> {
  requirePermission(ctx, "orders.manage");
  const row = await inspections.getInspection(ctx.pool, ctx.auth.storeId, id);
  if (!row) throw notFound("The inspection");
  return toDto(ctx.pool, ctx.auth.storeId, row);
}
