import type { QuoteDetail } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { conflict, notFound } from "../../../errors";
import { appendQuoteEvent, findQuote, settleQuote, type QuoteRow } from "../../../queries/inbox/quotes";
import { supplierOrigins } from "../../../queries/marketplace/suppliers";
import { projectForQuotes, recordQuotedTerms } from "../../projects/record-quoted-terms";
import { viewerOf } from "../inbox-viewer";
import { landedCostOf, type LandedCost } from "./landed-cost";
import { actOnQuote, termsSentence, usd } from "./quote-action";

/**
 * The side whose turn it is accepts the standing terms. The landed cost is worked out first,
 * outside the transaction (the tariff data loads on first use); the transaction then checks the
 * terms did not move meanwhile, settles the quote, and writes the terms and landed cost into the
 * custom project through the projects domain.
 */
export async function acceptQuote(ctx: UserContext, id: string): Promise<QuoteDetail> {
  const seen = await findQuote(ctx.pool, viewerOf(ctx), id);
  if (!seen) throw notFound("This quote");
  const landed = await landedCostOfQuote(ctx, seen);
  return actOnQuote(ctx, id, "accepted", "sourcing.purchase", async ({ tx, quote, conversation, viewer }) => {
    if (quote.updatedAt.getTime() !== seen.updatedAt.getTime()) throw conflict("This quote changed while you were accepting it; look at the new terms and accept again.");
    await settleQuote(tx, quote.id, "ACCEPTED", { cents: landed.landedCostCents, basis: landed.basis });
    const actorName = viewer.side === "STORE" ? conversation.storeName : conversation.supplierName;
    await appendQuoteEvent(tx, quote.id, { action: "ACCEPTED", side: viewer.side, actorUserId: viewer.userId, actorName, note: "" });
    if (quote.projectId) {
      await recordQuotedTerms(tx, quote.storeId, quote.projectId, {
        quoteId: quote.id,
        supplierId: quote.supplierId,
        supplierName: conversation.supplierName,
        unitPriceCents: quote.unitPriceCents,
        quantity: quote.quantity,
        moq: quote.moq,
        leadTimeDays: quote.leadTimeDays,
        samplePriceCents: quote.samplePriceCents,
        totalCents: quote.unitPriceCents * quote.quantity,
        landedCostCents: landed.landedCostCents,
        landedCostBasis: landed.basis,
        acceptedAt: new Date().toISOString(),
      });
    }
    const landedLine = landed.landedCostCents === null ? "" : ` Landed cost ${usd(landed.landedCostCents)} a unit with duty and freight.`;
    return `Accepted the quote “${quote.title}”: ${termsSentence(quote)}.${landedLine}`;
  });
}

/** The landed cost of a quote's terms: the product named by its project (or its own title), from the supplier's country. */
export async function landedCostOfQuote(ctx: UserContext, quote: QuoteRow): Promise<LandedCost> {
  const project = quote.projectId ? await projectForQuotes(ctx.pool, quote.storeId, quote.projectId) : null;
  const supplier = (await supplierOrigins(ctx.pool, [quote.supplierId])).get(quote.supplierId);
  if (!supplier) return { dutyRatePercent: null, dutyPerUnitCents: null, freightPerUnitCents: null, landedCostCents: null, basis: "No landed cost: the supplier's country is not known." };
  return landedCostOf(ctx, { product: project?.title || quote.title, originCountry: supplier.countryCode, unitPriceCents: quote.unitPriceCents, quantity: quote.quantity });
}
