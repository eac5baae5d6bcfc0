import type { analytics, QueryOf, ResponseOf } from "@atelier/contracts";
import type { OrderOrigin } from "@atelier/contracts/orders";
import type { UserContext } from "../../context";
import { AppError } from "../../errors";
import { foldChangedOrders } from "../../queries/analytics/fold-changes";
import { selectDrillCustomers, selectDrillOrders } from "../../queries/analytics/run-report-sql";
import { openReport } from "./analytics-access";
import { factArgs, resolveParams, specOf } from "./compute-report";

type Answer = ResponseOf<typeof analytics.drillDownReport>;

/** The orders or customers behind one row (or one cell) of a report, with the report's own parameters. */
export async function drillDownReport(ctx: UserContext, reportId: string, query: QueryOf<typeof analytics.drillDownReport>): Promise<Answer> {
  const { def, timezone } = await openReport(ctx, reportId);
  const { key, measure, page, size, ...params } = query;
  if (measure !== undefined && !def.measures.some((m) => m.key === measure)) {
    throw new AppError("VALIDATION_FAILED", "This report has no such figure.", [{ field: "query.measure", reason: `must be one of ${def.measures.map((m) => m.key).join(", ")}` }]);
  }
  const p = resolveParams(params, timezone, new Date());
  const spec = specOf(def, p);
  const args = factArgs(ctx.auth.storeId, p);
  await foldChangedOrders(ctx.pool, ctx.auth.storeId);
  const measureLabel = measure ? def.measures.find((m) => m.key === measure)?.label : undefined;
  const label = measureLabel ? `${key} · ${measureLabel}` : key;
  if (def.drill === "orders") {
    const rows = await selectDrillOrders(ctx.pool, spec, args, key, measure, size, page * size);
    const list = rows.map((r) => ({ id: r.id, orderNumber: r.order_number, placedAt: r.placed_at.toISOString(), customerName: r.customer_name, totalCents: r.total_cents, origin: r.origin as OrderOrigin }));
    return { kind: "orders", label, orders: { list, total: Number(rows[0]?.total ?? 0), page, size }, customers: null };
  }
  const rows = await selectDrillCustomers(ctx.pool, spec, args, key, measure, size, page * size);
  const list = rows.map((r) => ({ id: r.id, name: r.name, email: r.email, ordersCount: r.orders_count, revenueCents: Number(r.revenue_cents), lastOrderAt: r.last_order_at?.toISOString() ?? null }));
  return { kind: "customers", label, orders: null, customers: { list, total: Number(rows[0]?.total ?? 0), page, size } };
}
