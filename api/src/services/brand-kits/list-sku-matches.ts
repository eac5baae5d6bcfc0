import type { SkuMatch } from "@atelier/contracts/brand-kits";
import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { getCategoryMarket } from "../marketplace/get-category-market";
import { findKit } from "./find-kit";
import { kitInputs, marketWords } from "./write-generation";

const round = (n: number) => Math.round(n * 100) / 100;

/** Catalog items that can make one product idea: its title's words first, the category's otherwise; cheapest landed first. */
export async function listSkuMatches(ctx: UserContext, id: string, uuid: string, maxUnitCost?: number): Promise<{ list: SkuMatch[] }> {
  const kit = await findKit(ctx.pool, ctx, id);
  const sku = kit.parts.productSkus.generations.find((s) => s.uuid === uuid);
  if (!sku) throw notFound("Product idea");
  const inputs = kitInputs({ id: kit.id, category: kit.category, productDescription: kit.product_description });
  const market = await getCategoryMarket(ctx.pool, marketWords(inputs));
  const words = sku.title.toLowerCase().split(/\s+/).filter((w) => w.length > 3);
  const similar = market.items.filter((i) => words.some((w) => i.title.toLowerCase().includes(w)));
  const list = (similar.length ? similar : market.items)
    .map((i) => ({
      itemId: i.itemId, title: i.title, supplierId: i.supplierId, supplierName: i.supplierName, countryCode: i.countryCode,
      unitPriceMin: i.unitPriceMin, unitPriceMax: i.unitPriceMax, moq: i.moq, samplePrice: i.samplePrice, tariffRatePercent: i.tariffRatePercent,
      landedUnitCost: i.unitPriceMin === null ? null : round(i.unitPriceMin * (1 + i.tariffRatePercent / 100)),
    }))
    .filter((m) => maxUnitCost === undefined || (m.landedUnitCost !== null && m.landedUnitCost <= maxUnitCost))
    .sort((a, b) => (a.landedUnitCost ?? Infinity) - (b.landedUnitCost ?? Infinity))
    .slice(0, 12);
  return { list };
}
