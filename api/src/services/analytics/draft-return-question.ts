import { analytics, type ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { invalid } from "../../errors";
import { latestReturnedOrder, productSkus } from "../../queries/analytics/return-questions";
import { supplierOfSkus } from "../../queries/receivings/supplier-of-skus";
import { openReport } from "./analytics-access";
import { computeReport, resolveParams } from "./compute-report";

type Draft = ResponseOf<typeof analytics.draftReturnQuestion>;
type Ask = { product: string; from: string; to: string; asOf?: string };

const DAY = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
const dayWords = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));
/** The range's last day: `to` is the day after it (half-open). */
const lastDay = (to: string) => new Date(Date.parse(`${to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The question about one product's returns, before anything is sent: the product's row of the
 * return-rate report for the range (so the figures are the report's), who would receive it (the
 * supplier its stock came from, else the fulfilment center as a ticket about the latest order with
 * a return of it) and the message with the figures in words. `field` is where the product came from
 * (query or body), so a refusal names the caller's own field.
 */
export async function draftReturnQuestion(ctx: UserContext, ask: Ask, field = "query"): Promise<Draft> {
  const { def, timezone } = await openReport(ctx, "product-return-rate");
  const p = resolveParams(analytics.reportParamsSchema.parse({ from: ask.from, to: ask.to, asOf: ask.asOf }), timezone, new Date());
  const result = await computeReport(ctx.pool, ctx.auth.storeId, def, p);
  const row = result.rows.find((r) => r.key === ask.product);
  if (!row) throw invalid(`${field}.product`, "must be a product sold in these dates, as the return-rate report names it");
  const returnedUnits = row.values.returnedUnits ?? 0;
  if (returnedUnits <= 0) throw invalid(`${field}.product`, "has no returns in these dates, so there is nothing to ask about");
  const figures = {
    units: row.values.units ?? 0, returnedUnits, returnRate: row.values.returnRate ?? 0, returnedValueCents: row.values.returnedValue ?? 0,
    from: p.from, to: p.to, asOf: p.asOf,
  };
  const supplier = await supplierOfSkus(ctx.pool, ctx.auth.storeId, await productSkus(ctx.pool, ctx.auth.storeId, ask.product));
  const order = supplier ? null : await latestReturnedOrder(ctx.pool, ctx.auth.storeId, ask.product, p.asOf);
  const recipient = supplier
    ? { kind: "SUPPLIER" as const, supplierId: supplier.supplierId, name: supplier.name }
    : { kind: "WAREHOUSE" as const, supplierId: null, name: "the fulfilment center" };
  const period = `between ${dayWords(p.from)} and ${dayWords(lastDay(p.to))}`;
  const said = `${analytics.formatMeasure(returnedUnits, "count")} of the ${analytics.formatMeasure(figures.units, "count")} units of ${ask.product} we sold ${period} came back (${analytics.formatMeasure(figures.returnRate, "percent")}, ${analytics.formatMeasure(figures.returnedValueCents, "money")} of goods).`;
  const message = supplier
    ? `Hello ${supplier.name}, ${said} That is more than we expect. Could you look into what might cause it (sizing, materials, finishing or packing) and tell us what you can change in the next production run? Thank you.`
    : `${said} Could you look at the returned units of ${ask.product} you hold and tell us what you see (damage, wrong items, condition), so we can take it up with the maker?`;
  return { product: ask.product, figures, recipient, orderNumber: order?.orderNumber ?? null, message };
}
