import { MAX_SAMPLE_QUANTITY } from "@atelier/contracts/purchasing";
import { conflict, invalid } from "../../errors";
import type { ItemForPurchase } from "../../queries/marketplace/items";

/**
 * The unit price of an order from the catalogue. Samples cost the item's sample price. Production
 * is tiered by quantity against the MOQ: below 3× MOQ the top of the price range, from 3× to 10×
 * the middle, from 10× the bottom (docs/decisions.md). Items priced "custom quote" cannot be
 * bought here: they go through a custom project.
 */
export function unitPriceFor(item: ItemForPurchase, kind: "SAMPLE" | "PRODUCTION", quantity: number, field = "body.quantity"): number {
  if (kind === "SAMPLE") {
    if (item.samplePriceCents === null) throw conflict("This item's sample is priced by quote. Start a custom project to ask the supplier.");
    if (quantity > MAX_SAMPLE_QUANTITY) throw invalid(field, `must be at most ${MAX_SAMPLE_QUANTITY} for a sample order`);
    return item.samplePriceCents;
  }
  if (item.priceMinCents === null) throw conflict("This item's production price is a custom quote. Start a custom project to ask the supplier.");
  const moq = item.moq ?? 1;
  if (quantity < moq) throw invalid(field, `must be at least the minimum order quantity of ${moq}`);
  const max = item.priceMaxCents ?? item.priceMinCents;
  if (quantity >= moq * 10) return item.priceMinCents;
  if (quantity >= moq * 3) return Math.round((item.priceMinCents + max) / 2);
  return max;
}
