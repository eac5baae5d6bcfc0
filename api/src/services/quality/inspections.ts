import { qcSamplingPlan, type QcInspection } from "@atelier/contracts/shipping";
import { verdictOf } from "@atelier/contracts/aql";
import type { BodyOf, QueryOf, ResponseOf, shipping } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { AppError, notFound } from "../../errors";
import * as inspections from "../../queries/quality/inspections";

// Quality inspections: planned from the ISO 2859-1 tables at booking (the plan is stored as
// booked), reported once with the defects found per class; the lot passes when every class is at
// or under its acceptance number (a critical defect over the number fails the lot on its own).

function toDto(r: inspections.InspectionRow): QcInspection {
  const found = r.status === "REPORTED" ? { critical: r.criticalFound ?? 0, major: r.majorFound ?? 0, minor: r.minorFound ?? 0 } : null;
  return {
    id: r.id, reference: r.reference, product: r.product, stage: r.stage, lotSize: r.lotSize, level: r.level, plan: r.plan, status: r.status, found,
    classVerdicts: found ? { critical: verdictOf(r.plan.critical, found.critical), major: verdictOf(r.plan.major, found.major), minor: verdictOf(r.plan.minor, found.minor) } : null,
    verdict: r.verdict, notes: r.notes, createdAt: r.createdAt.toISOString(), reportedAt: r.reportedAt?.toISOString() ?? null,
  };
}

export async function getSamplingPlan(ctx: UserContext, q: QueryOf<typeof shipping.getSamplingPlan>): Promise<ResponseOf<typeof shipping.getSamplingPlan>> {
  requirePermission(ctx, "orders.manage");
  return qcSamplingPlan(q.lotSize, q.level, { critical: q.aqlCritical, major: q.aqlMajor, minor: q.aqlMinor });
}

export async function createQcInspection(ctx: UserContext, body: BodyOf<typeof shipping.createQcInspection>): Promise<QcInspection> {
  requirePermission(ctx, "orders.manage");
  const plan = qcSamplingPlan(body.lotSize, body.level, { critical: body.aqlCritical, major: body.aqlMajor, minor: body.aqlMinor });
  return toDto(await inspections.insertInspection(ctx.pool, ctx.auth.storeId, { reference: body.reference, product: body.product, stage: body.stage, lotSize: body.lotSize, level: body.level, plan }, ctx.auth.userId));
}

export async function listQcInspections(ctx: UserContext, q: QueryOf<typeof shipping.listQcInspections>): Promise<ResponseOf<typeof shipping.listQcInspections>> {
  requirePermission(ctx, "orders.manage");
  const { list, total } = await inspections.listInspections(ctx.pool, ctx.auth.storeId, { search: q.search || undefined, status: q.status, limit: q.size, offset: q.page * q.size });
  return { list: list.map(toDto), total, page: q.page, size: q.size };
}

export async function getQcInspection(ctx: UserContext, id: string): Promise<QcInspection> {
  requirePermission(ctx, "orders.manage");
  const row = await inspections.getInspection(ctx.pool, ctx.auth.storeId, id);
  if (!row) throw notFound("The inspection");
  return toDto(row);
}

export async function reportQcInspection(ctx: UserContext, id: string, body: BodyOf<typeof shipping.reportQcInspection>): Promise<QcInspection> {
  requirePermission(ctx, "orders.manage");
  const row = await inspections.getInspection(ctx.pool, ctx.auth.storeId, id);
  if (!row) throw notFound("The inspection");
  const p = row.plan;
  const verdict = body.critical <= p.critical.accept && body.major <= p.major.accept && body.minor <= p.minor.accept ? "PASS" : "FAIL";
  const reported = await inspections.reportInspection(ctx.pool, ctx.auth.storeId, id, { ...body, verdict });
  if (!reported) throw new AppError("CONFLICT", `The inspection of ${row.reference} was already reported; its verdict stands.`);
  return toDto(reported);
}
