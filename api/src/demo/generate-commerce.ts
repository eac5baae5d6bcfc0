// The demo store's customers and 24 months of orders: a growing store with a holiday peak,
// repeat buyers, discount codes, wholesale orders, cancellations and returns.
import type { Rng } from "./prng";
import { ageInDays, daysBefore } from "./dates";
import type { ItemSeed, SupplierSeed } from "./generate-catalog";
import { CUSTOMER_LOCATIONS, DISCOUNT_CODES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, STORE_PRODUCTS, STREETS } from "./words";

/** Rows per unit of scale; scale 1 is the full demo store. */
export const COMMERCE_BASE = { customers: 2200, orders: 5400, months: 24 };

export type CustomerSeed = {
  id: string; email: string; name: string; phoneNumber: string | null; countryCode: string; region: string; city: string;
  acceptsMarketing: boolean; createdAt: string;
};

export type OrderSeed = {
  id: string; customerId: string; orderNumber: number; origin: string; email: string; subtotalCents: number; discountCents: number;
  shippingCents: number; taxCents: number; totalCents: number; processingStatus: string; fulfillmentState: string; cancellationState: string;
  discountCode: string | null; shippingName: string; shippingAddress1: string; shippingCity: string; shippingRegion: string;
  shippingPostalCode: string; shippingCountryCode: string; placedAt: string; fulfilledAt: string | null; canceledAt: string | null;
};

export type LineItemSeed = { id: string; orderId: string; sku: string; title: string; quantity: number; unitPriceCents: number; fulfilledQuantity: number; returnedQuantity: number; createdAt: string };

export type CreatorOrderItemSeed = {
  id: string; catalogItemId: string; supplierId: string; kind: "SAMPLE" | "PRODUCTION"; status: string; title: string; quantity: number;
  unitPriceCents: number; paidAt: string | null; shippedAt: string | null; createdAt: string;
};

export type CommerceSeed = { customers: CustomerSeed[]; orders: OrderSeed[]; lineItems: LineItemSeed[]; creatorOrderItems: CreatorOrderItemSeed[] };

// Relative order volume by calendar month (0 = January): the holiday peak, a January dip, a summer bump.
const SEASON = [0.75, 0.8, 0.9, 0.95, 1.0, 1.05, 1.1, 1.0, 0.95, 1.05, 1.6, 1.9];

/** Order timestamps over the window, oldest first: growth × season × weekday, drawn day by day. */
function orderTimes(rng: Rng, anchor: Date, count: number): string[] {
  const days = Math.round(COMMERCE_BASE.months * 30.44);
  const weights: number[] = [];
  for (let d = days; d >= 1; d--) {
    const date = new Date(anchor.getTime() - d * 86_400_000);
    const growth = 0.35 + 0.65 * ((days - d) / days);
    const weekday = [0.9, 1.05, 1.0, 1.0, 1.05, 1.0, 0.9][date.getUTCDay()]!;
    weights.push(growth * SEASON[date.getUTCMonth()]! * weekday);
  }
  const total = weights.reduce((a, b) => a + b, 0);
  const out: string[] = [];
  let acc = 0;
  // Systematic sampling keeps the total exact while still following the curve.
  const offset = rng.next();
  let k = 0;
  weights.forEach((w, i) => {
    acc += (w / total) * count;
    while (k + offset < acc && out.length < count) {
      const hour = rng.weighted([[rng.int(0, 7), 8], [rng.int(8, 17), 45], [rng.int(18, 23), 47]] as const);
      out.push(daysBefore(anchor, days - i - (hour * 60 + rng.int(0, 59)) / 1440));
      k++;
    }
  });
  return out.sort();
}

function makeCustomer(rng: Rng, index: number, createdAt: string): CustomerSeed {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const [countryCode, region, city] = rng.weighted(CUSTOMER_LOCATIONS.map((l) => [l, l[3]] as const));
  const local = `${first}.${last}`.toLowerCase().normalize("NFKD").replace(/[^a-z.]/g, "");
  return {
    id: rng.uuid(), email: `${local}${index}@${rng.pick(EMAIL_DOMAINS)}`, name: `${first} ${last}`,
    phoneNumber: rng.chance(0.4) ? `+1 ${rng.int(200, 989)} ${rng.int(200, 999)} ${rng.int(1000, 9999)}` : null,
    countryCode, region, city, acceptsMarketing: rng.chance(0.55), createdAt,
  };
}

function orderStatus(rng: Rng, ageDays: number) {
  if (rng.chance(0.02)) return { processing: "FINISHED", fulfillment: "NONE", cancellation: "CANCELED" };
  if (ageDays < 2) return { processing: "OUTSTANDING", fulfillment: "NONE", cancellation: "NONE" };
  if (ageDays < 5) return rng.weighted([[{ processing: "PROCESSING", fulfillment: "NONE", cancellation: "NONE" }, 5], [{ processing: "PROCESSING", fulfillment: "PARTIAL", cancellation: "NONE" }, 2], [{ processing: "ON_HOLD", fulfillment: "NONE", cancellation: "NONE" }, 1], [{ processing: "FINISHED", fulfillment: "FULFILLED", cancellation: "NONE" }, 4]] as const);
  if (rng.chance(0.01)) return { processing: "FINISHED", fulfillment: "FULFILLED", cancellation: "PARTIAL" };
  return { processing: "FINISHED", fulfillment: "FULFILLED", cancellation: "NONE" };
}

function makeOrder(rng: Rng, anchor: Date, placedAt: string, number: number, customer: CustomerSeed) {
  const age = ageInDays(anchor, placedAt);
  const origin = rng.weighted<string>([["SHOPIFY_CREATOR", 70], ["SHOPIFY_PLATFORM", 15], ["MANUAL_RETAIL", 5], ["MANUAL_WHOLESALE", 3], [age > 365 ? "IMPORT" : "SHOPIFY_CREATOR", 5], ["CART_ROVER", 2]]);
  const wholesale = origin === "MANUAL_WHOLESALE";
  const lines = rng.weighted([[1, 55], [2, 28], [3, 12], [4, 5]] as const);
  const products = rng.sample(STORE_PRODUCTS.filter((p) => !wholesale || !p[0].startsWith("GIFT")), lines);
  const status = orderStatus(rng, age);
  const id = rng.uuid();
  const lineItems: LineItemSeed[] = products.map(([sku, title, price]) => {
    const quantity = wholesale ? rng.int(12, 48) : rng.weighted([[1, 80], [2, 15], [3, 5]] as const);
    const fulfilled = status.fulfillment === "FULFILLED" ? quantity : status.fulfillment === "PARTIAL" ? rng.int(0, quantity - 1) : 0;
    return {
      id: rng.uuid(), orderId: id, sku, title, quantity, unitPriceCents: wholesale ? Math.round(price * 0.5) : price,
      fulfilledQuantity: status.cancellation === "CANCELED" ? 0 : fulfilled,
      returnedQuantity: status.fulfillment === "FULFILLED" && rng.chance(0.04) ? quantity : 0, createdAt: placedAt,
    };
  });
  const subtotal = lineItems.reduce((s, l) => s + l.quantity * l.unitPriceCents, 0);
  const month = new Date(placedAt).getUTCMonth();
  const code = wholesale || !rng.chance(month >= 10 ? 0.4 : 0.16) ? null : month >= 10 ? "BFCM25" : rng.pick(DISCOUNT_CODES.filter((c) => c !== "BFCM25"));
  const percent = code ? Number(code.replace(/\D/g, "")) || 0 : 0;
  const discount = Math.round((subtotal * percent) / 100);
  const domestic = customer.countryCode === "US";
  const shipping = wholesale || code === "FREESHIP" || subtotal - discount >= 7500 ? 0 : domestic ? 695 : 1495;
  const tax = domestic ? Math.round((subtotal - discount) * (0.06 + (customer.region.charCodeAt(0) % 4) * 0.01)) : 0;
  const street = `${rng.int(10, 9999)} ${rng.pick(STREETS)}`;
  const order: OrderSeed = {
    id, customerId: customer.id, orderNumber: number, origin, email: customer.email, subtotalCents: subtotal, discountCents: discount,
    shippingCents: shipping, taxCents: tax, totalCents: subtotal - discount + shipping + tax, processingStatus: status.processing,
    fulfillmentState: status.fulfillment, cancellationState: status.cancellation, discountCode: code, shippingName: customer.name,
    shippingAddress1: street, shippingCity: customer.city, shippingRegion: customer.region, shippingPostalCode: String(rng.int(10000, 99999)),
    shippingCountryCode: customer.countryCode, placedAt,
    fulfilledAt: status.fulfillment === "FULFILLED" ? daysBefore(anchor, Math.max(0, age - rng.int(1, 4))) : null,
    canceledAt: status.cancellation === "CANCELED" ? daysBefore(anchor, Math.max(0, age - rng.next())) : null,
  };
  return { order, lineItems };
}

/** The store's sample and production purchases from marketplace suppliers. */
function creatorOrderItems(rng: Rng, anchor: Date, items: ItemSeed[], suppliers: SupplierSeed[]): CreatorOrderItemSeed[] {
  const products = items.filter((i) => i.type === "PRODUCT" && i.samplePriceCents !== null);
  if (products.length === 0) return [];
  const picks = rng.sample(products, Math.min(12, products.length));
  const supplierIds = new Set(suppliers.map((s) => s.id));
  return picks.filter((i) => supplierIds.has(i.supplierId)).map((item, n) => {
    const kind = n < 8 ? "SAMPLE" : "PRODUCTION";
    const status = kind === "SAMPLE"
      ? rng.weighted([["SHIPPED", 6], ["IN_PRODUCTION", 2], ["IN_SHOPPING_CART", 1], ["CANCELED", 1]] as const)
      : rng.weighted([["SHIPPED", 2], ["IN_PRODUCTION", 2], ["CHARGE_PENDING", 1]] as const);
    const created = rng.int(5, 600);
    const paid = status === "SHIPPED" || status === "IN_PRODUCTION";
    return {
      id: rng.uuid(), catalogItemId: item.id, supplierId: item.supplierId, kind, status, title: item.title,
      quantity: kind === "SAMPLE" ? 1 : Math.max(item.moq ?? 100, 50) * rng.int(1, 4),
      unitPriceCents: kind === "SAMPLE" ? item.samplePriceCents! : item.priceMinCents,
      paidAt: paid ? daysBefore(anchor, created - 1) : null,
      shippedAt: status === "SHIPPED" ? daysBefore(anchor, Math.max(0, created - rng.int(7, 40))) : null, createdAt: daysBefore(anchor, created),
    };
  });
}

/**
 * A store's customers, orders, line items and supplier purchases for a scale; `counts` sets the
 * customers and orders directly (the analytics benchmark's 20,000 customers and 100,000 orders).
 */
export function generateCommerce(rng: Rng, anchor: Date, scale: number, catalog: { items: ItemSeed[]; suppliers: SupplierSeed[] }, counts: { customers?: number; orders?: number } = {}): CommerceSeed {
  const customerTarget = Math.max(1, counts.customers ?? Math.round(COMMERCE_BASE.customers * scale));
  const orderCount = Math.max(1, counts.orders ?? Math.round(COMMERCE_BASE.orders * scale));
  const times = orderTimes(rng.fork("times"), anchor, orderCount);
  const crng = rng.fork("customers");
  const orng = rng.fork("orders");
  // About one customer in ten signs up without buying; the rest arrive with their first order.
  const buyers = Math.max(1, Math.round(customerTarget * 0.9));
  const pNew = Math.min(1, buyers / orderCount);
  const customers: CustomerSeed[] = [];
  const orderCustomers: CustomerSeed[] = [];
  const orders: OrderSeed[] = [];
  const lineItems: LineItemSeed[] = [];
  times.forEach((placedAt, i) => {
    let customer: CustomerSeed;
    if (orderCustomers.length === 0 || (customers.length < buyers && crng.chance(pNew))) {
      customer = makeCustomer(crng, customers.length + 1, daysBefore(new Date(placedAt), crng.next() / 24));
      customers.push(customer);
    } else {
      // Picking a past order's buyer favours those who bought often: a few loyal customers, many one-off buyers.
      customer = crng.pick(orderCustomers);
    }
    orderCustomers.push(customer);
    const made = makeOrder(orng, anchor, placedAt, 1001 + i, customer);
    orders.push(made.order);
    lineItems.push(...made.lineItems);
  });
  while (customers.length < customerTarget) customers.push(makeCustomer(crng, customers.length + 1, daysBefore(anchor, crng.int(1, 720))));
  return { customers, orders, lineItems, creatorOrderItems: creatorOrderItems(rng.fork("purchases"), anchor, catalog.items, catalog.suppliers) };
}
