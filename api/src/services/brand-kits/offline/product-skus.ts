import type { ProductSku } from "@atelier/contracts/brand-kits";
import type { CategoryMarket } from "../../marketplace/get-category-market";
import { rngFor } from "./random";
import type { KitInputs } from "./brand-ideas";

/** Retail is landed unit cost × this (a 65 % gross margin, common for direct-to-consumer brands). */
export const RETAIL_MARKUP = 1 / (1 - 0.65);

/** Rounds a price to the charm price below it ($24.99 style) once above $5. */
export function charm(dollars: number): number {
  if (dollars < 5) return Math.round(dollars * 100) / 100;
  return Math.max(1, Math.ceil(dollars)) - 0.01;
}

/**
 * Six product ideas for the brand: the theme's products, priced from the marketplace's unit costs
 * for the category (median unit price with the tariff on top, times the markup) where it has any,
 * with popularity from how many listed suppliers make something similar.
 */
export function drawProductSkus(kit: KitInputs, brandName: string, seed: number, market: CategoryMarket): ProductSku[] {
  const rng = rngFor(kit.kitId, "product-sku", seed, brandName, kit.category, kit.productDescription);
  const picks = rng.sample(kit.theme.products, 6);
  return picks.map(([title, what, typical], i) => {
    const words = title.toLowerCase().split(/\s+/).filter((w) => w.length > 3);
    const similar = market.items.filter((it) => words.some((w) => it.title.toLowerCase().includes(w)));
    const basis = similar.length ? similar : market.items;
    const costs = basis.flatMap((it) => (it.unitPriceMin === null ? [] : [it.unitPriceMin * (1 + it.tariffRatePercent / 100)])).sort((a, b) => a - b);
    const unitCost = costs.length ? costs[Math.floor((costs.length - 1) / 2)]! : null;
    const suggested = unitCost !== null ? charm(Math.max(unitCost * RETAIL_MARKUP, unitCost + 2)) : charm(typical);
    const suppliers = new Set(similar.map((s) => s.supplierId)).size;
    const popularity = Math.min(100, 40 + suppliers * 6 + rng.int(0, 15));
    return {
      uuid: rng.uuid(`sku-${i}`),
      title: `${brandName} ${title}`,
      suggestedRetailPrice: suggested,
      popularity,
      description: `${what}.${unitCost !== null ? ` Made for about $${unitCost.toFixed(2)} a unit landed on the marketplace, so $${suggested.toFixed(2)} keeps a healthy margin.` : ""}`,
      image: "",
      imagePrompt: `Studio product photo of ${title.toLowerCase()} by ${brandName}, ${what.toLowerCase()}`,
      imageTray: [],
      estimatedUnitCost: unitCost === null ? null : Math.round(unitCost * 100) / 100,
    };
  });
}
