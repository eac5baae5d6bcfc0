import type { RequestContext } from "../../../context";
import { AppError } from "../../../errors";
import { getCountryTariff } from "../../sourcing-agent/get-country-tariff";

/** Quotes are compared as landed in the United States, the one destination the tariff data covers. */
export const QUOTE_DESTINATION = "US";

export type LandedCost = {
  dutyRatePercent: number | null;
  dutyPerUnitCents: number | null;
  freightPerUnitCents: number | null;
  landedCostCents: number | null;
  basis: string;
};

/**
 * Unit price + duty (from the shipped tariff data, by the product's words and the supplier's
 * country) + the freight estimate, per unit. A product no tariff line matches has no landed cost,
 * and the basis says so in a sentence instead of failing the acceptance or the comparison.
 */
export async function landedCostOf(ctx: RequestContext, q: { product: string; originCountry: string; unitPriceCents: number; quantity: number }): Promise<LandedCost> {
  try {
    const t = await getCountryTariff(ctx, { product: q.product, originCountry: q.originCountry, destinationCountry: QUOTE_DESTINATION, perUnitPrice: q.unitPriceCents / 100, quantity: q.quantity });
    const cents = (usd: number | null) => (usd === null ? null : Math.round(usd * 100));
    return {
      dutyRatePercent: t.totalRatePercent,
      dutyPerUnitCents: cents(t.dutyPerUnit),
      freightPerUnitCents: cents(t.freightPerUnit),
      landedCostCents: cents(t.landedCostPerUnit),
      basis: `Duty ${t.totalRatePercent}% (HTS ${t.htsCode}, ${t.description.toLowerCase()}) on goods from ${t.originCountry.name}, and freight estimated at $${t.freightPerUnit.toFixed(2)} a unit by sea or road.`,
    };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { dutyRatePercent: null, dutyPerUnitCents: null, freightPerUnitCents: null, landedCostCents: null, basis: `No landed cost: ${err.message}.` };
  }
}
