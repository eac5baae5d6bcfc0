import type { QueryOf, ResponseOf } from "@atelier/contracts";
import type { QuoteComparisonRow, compareQuotes as contract } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { forbidden, notFound } from "../../../errors";
import { latestQuotesOfProject } from "../../../queries/inbox/quotes";
import { supplierOrigins } from "../../../queries/marketplace/suppliers";
import { projectForQuotes } from "../../projects/record-quoted-terms";
import { viewerOf } from "../inbox-viewer";
import { QUOTE_DESTINATION, landedCostOf } from "./landed-cost";
import { lapsed } from "./quote-view";

/**
 * The latest quote of each supplier for one custom project, side by side with its landed cost per
 * unit (unit price + duty + freight), cheapest landed first; quotes without a landed cost last.
 */
export async function compareQuotes(ctx: UserContext, q: QueryOf<typeof contract>): Promise<ResponseOf<typeof contract>> {
  const viewer = viewerOf(ctx);
  if (viewer.side !== "STORE") throw forbidden("Only the store compares the quotes it received.");
  const comparison = await comparisonOfProject(ctx, viewer.storeId, q.projectId);
  if (!comparison) throw notFound("This custom project");
  return comparison;
}

/** One project's comparison (compareQuotes, and each group of compareQuotesByProject); null when the store has no such project. */
export async function comparisonOfProject(ctx: UserContext, storeId: string, projectId: string): Promise<ResponseOf<typeof contract> | null> {
  const project = await projectForQuotes(ctx.pool, storeId, projectId);
  if (!project) return null;
  const quotes = await latestQuotesOfProject(ctx.pool, storeId, projectId);
  const suppliers = await supplierOrigins(ctx.pool, quotes.map((r) => r.supplierId));
  const rows: QuoteComparisonRow[] = [];
  for (const quote of quotes) {
    const supplier = suppliers.get(quote.supplierId);
    const landed = supplier
      ? await landedCostOf(ctx, { product: project.title || quote.title, originCountry: supplier.countryCode, unitPriceCents: quote.unitPriceCents, quantity: quote.quantity })
      : { dutyRatePercent: null, dutyPerUnitCents: null, freightPerUnitCents: null, landedCostCents: null, basis: "No landed cost: the supplier's country is not known." };
    rows.push({
      quoteId: quote.id,
      supplierId: quote.supplierId,
      supplierName: supplier?.name ?? "",
      originCountry: supplier?.countryCode ?? "",
      status: lapsed(quote) ? "EXPIRED" : quote.status,
      unitPriceCents: quote.unitPriceCents,
      quantity: quote.quantity,
      moq: quote.moq,
      leadTimeDays: quote.leadTimeDays,
      samplePriceCents: quote.samplePriceCents,
      validUntil: quote.validUntil.toISOString(),
      dutyRatePercent: landed.dutyRatePercent,
      dutyPerUnitCents: landed.dutyPerUnitCents,
      freightPerUnitCents: landed.freightPerUnitCents,
      landedCostCents: landed.landedCostCents,
      totalLandedCents: landed.landedCostCents === null ? null : landed.landedCostCents * quote.quantity,
      basis: landed.basis,
    });
  }
  const cost = (r: QuoteComparisonRow) => r.landedCostCents ?? Number.MAX_SAFE_INTEGER;
  rows.sort((a, b) => cost(a) - cost(b) || a.unitPriceCents - b.unitPriceCents);
  const open = rows.filter((r) => r.status === "PROPOSED" || r.status === "COUNTERED");
  return { project: { id: project.id, title: project.title, quantity: project.quantity }, destinationCountry: QUOTE_DESTINATION, rows, cheapestQuoteId: open[0]?.quoteId ?? null };
}
