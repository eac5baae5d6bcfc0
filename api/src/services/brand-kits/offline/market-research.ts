import { findCountry } from "../../../data/countries";
import type { CategoryMarket } from "../../marketplace/get-category-market";
import type { KitInputs } from "./brand-ideas";

const money = (n: number) => `$${n.toFixed(2)}`;
const countryName = (code: string) => findCountry(code)?.name ?? code;

/** Market research written from the marketplace's own figures for the category (no invented numbers). */
export function writeMarketResearch(kit: KitInputs, brandName: string | null, market: CategoryMarket): string {
  const who = brandName ?? "your brand";
  const lines: string[] = [];
  lines.push(`Market snapshot: ${kit.category}`);
  if (!market.supplierCount) {
    lines.push(`The marketplace has no listed suppliers for ${kit.category.toLowerCase()} yet, so these figures can't be drawn from it. Start a sourcing request to reach factories outside the network, and compare at least three quotes before you set prices.`);
    return lines.join("\n\n");
  }
  const facts: string[] = [`${market.supplierCount} supplier${market.supplierCount === 1 ? "" : "s"} on the marketplace make products like this (${market.items.length} listings).`];
  if (market.unitPrice) facts.push(`Unit prices run from ${money(market.unitPrice.min)} to ${money(market.unitPrice.max)}, with a typical listing at ${money(market.unitPrice.median)} a unit.`);
  if (market.samplePrice) facts.push(`Samples cost ${money(market.samplePrice.min)} to ${money(market.samplePrice.max)}.`);
  if (market.moq) facts.push(`Minimum orders start at ${market.moq.min} units; half the listings ask ${market.moq.median} or fewer.`);
  if (market.productionDays) facts.push(`Production takes ${market.productionDays.min} to ${market.productionDays.max} days.`);
  if (market.tariffRatePercent) facts.push(`US import duty on these suppliers' goods is ${market.tariffRatePercent.min.toFixed(1)} % to ${market.tariffRatePercent.max.toFixed(1)} % (${market.tariffRatePercent.average.toFixed(1)} % on average).`);
  if (market.topCountries.length) facts.push(`Most suppliers are in ${market.topCountries.slice(0, 3).map((c) => `${countryName(c.countryCode)} (${c.suppliers})`).join(", ")}.`);
  lines.push(facts.join(" "));
  const cheapestLowMoq = market.items.filter((i) => i.moq !== null && i.unitPriceMin !== null).sort((a, b) => a.moq! - b.moq! || a.unitPriceMin! - b.unitPriceMin!)[0];
  const plan: string[] = [];
  if (cheapestLowMoq) plan.push(`To test demand with little cash, ${cheapestLowMoq.supplierName} (${countryName(cheapestLowMoq.countryCode)}) takes orders from ${cheapestLowMoq.moq} units at ${money(cheapestLowMoq.unitPriceMin!)} for "${cheapestLowMoq.title}".`);
  if (market.unitPrice && market.moq) plan.push(`A first run of ${market.moq.median} units at the typical price is about ${money(market.unitPrice.median * market.moq.median)} before shipping and duty.`);
  plan.push(`Order samples from two or three suppliers, then launch ${who} with a waitlist page to confirm interest before the first production run.`);
  lines.push(plan.join(" "));
  return lines.join("\n\n");
}
