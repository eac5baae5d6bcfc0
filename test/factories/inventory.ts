// Stock for tests, through the API a store owner uses (the Products screen's "Add SKU").
import { inventory } from "@atelier/contracts";
import type { FactoryApi } from "./accounts";

/** Adds a SKU with units in one bin (default A-01) to the owner's store. */
export async function stockSku(api: FactoryApi, token: string, sku: string, onHand: number, extra: { bin?: string; title?: string; lowStockThreshold?: number } = {}) {
  return api.client.call(
    inventory.createInventoryItem,
    { body: { sku, title: extra.title ?? `Product ${sku}`, bin: extra.bin ?? "A-01", onHand, lowStockThreshold: extra.lowStockThreshold ?? 5 } },
    { token },
  );
}

/** A manual retail order's body for these lines (a fixed customer and address). */
export function manualOrderBody(lines: { sku: string; quantity: number; unitPriceCents?: number }[], email = `buyer-${crypto.randomUUID().slice(0, 6)}@example.com`) {
  return {
    customer: { name: "Ada Lovelace", email },
    shippingAddress: { address1: "12 Harbor Way", city: "Oakland", region: "CA", postalCode: "94607", countryCode: "US" },
    lines: lines.map((l) => ({ sku: l.sku, quantity: l.quantity, unitPriceCents: l.unitPriceCents ?? 2500 })),
  };
}
