import type { CarrierRate, RateRequest, ShippingProvider } from "../../providers/shipping";
import { CarrierError } from "../../providers/shipping";

/**
 * Asks every carrier at once (Karrio's `Rating.fetch(...).from_(*gateways)`): rates come back
 * cheapest first, and a carrier that refuses or fails becomes a message instead of failing the quote.
 */
export async function rateAllCarriers(carriers: ShippingProvider[], request: RateRequest): Promise<{ rates: CarrierRate[]; messages: { carrier: string; message: string }[] }> {
  const results = await Promise.allSettled(carriers.map((c) => c.rate(request)));
  const rates: CarrierRate[] = [];
  const messages: { carrier: string; message: string }[] = [];
  results.forEach((r, i) => {
    if (r.status === "fulfilled") rates.push(...r.value);
    else messages.push({ carrier: carriers[i]!.name, message: r.reason instanceof CarrierError ? r.reason.message : `${carriers[i]!.name} did not answer; its rates are missing from this quote.` });
  });
  rates.sort((a, b) => a.priceCents - b.priceCents || a.estimatedDays - b.estimatedDays);
  return { rates, messages };
}
