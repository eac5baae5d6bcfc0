// Shipping labels for tests: a store with a card on file, a typical parcel, a label bought through the API.
import { payments, shipping, type CallInput } from "@atelier/contracts";
import type { FactoryApi } from "./accounts";

export const SHIP_FROM = { name: "Atelier Studio", addressLine1: "500 Howard St", city: "San Francisco", stateCode: "CA", zipCode: "94105", phone: "(415) 555-0132" };
export const SHIP_TO = { name: "Grace Hopper", addressLine1: "1 Main St", city: "Brooklyn", stateCode: "NY", zipCode: "11201" };

/** A 2 lb box, 10×8×4 in, to Brooklyn from San Francisco, in the body the quote and create contracts take. */
export function labelBody(overrides: Partial<CallInput<typeof shipping.quoteShippingLabel>["body"]> = {}): CallInput<typeof shipping.quoteShippingLabel>["body"] {
  return { fromAddress: SHIP_FROM, toAddress: SHIP_TO, parcel: { weight: 2, length: 10, width: 8, height: 4 }, ...overrides };
}

/** Saves a card as the store's default (4242… succeeds; 4000000000000002 is declined). */
export async function cardOnFile(api: FactoryApi, token: string, cardNumber = "4242424242424242") {
  return api.client.call(payments.attachPaymentMethod, { body: { cardNumber, expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: "123", makeDefault: true } }, { token });
}

/** Buys a ground label (or the given service) for the parcel. */
export async function buyLabel(api: FactoryApi, token: string, overrides: Partial<CallInput<typeof shipping.createShippingLabel>["body"]> = {}, idempotencyKey?: string) {
  return api.client.call(shipping.createShippingLabel, { body: { ...labelBody(), serviceCode: "GROUND", ...overrides } }, { token, idempotencyKey });
}

/** Freight cargo: 20 cartons (300 kg, 2.4 m³) of one SKU of mugs from Shenzhen. */
export function freightCargo(sku = "MUG-FREIGHT") {
  return { origin: "CNSZX" as const, cartons: 20, weightKg: 300, volumeCbm: 2.4, goods: [{ sku, description: "Ceramic mugs", hsCode: "6912.00.44", units: 600, valueCents: 150_000 }] };
}
