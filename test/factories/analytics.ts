// A store's commerce history for analytics tests: the demo generator's customers, orders and lines
// (seasonality, repeat buyers, discounts, channels, several countries, cancellations, returns) at a
// small scale, written to the database as the demo seed writes them, with fresh ids so tests never
// collide. The analytics flags go on through the settings API an owner uses.
import { stores } from "@atelier/contracts";
import { createRng } from "../../api/src/demo/prng";
import { generateCommerce, type CommerceSeed } from "../../api/src/demo/generate-commerce";
import { insertRows } from "../../api/src/demo/queries";
import { poolOf, type FactoryApi } from "./accounts";

export type AnalyticsSeed = CommerceSeed;

/** Turns the store's analytics (and fulfilment metrics) flags on or off, and sets its time zone. */
export async function setAnalyticsFlags(api: FactoryApi, token: string, features: { analytics: boolean; fulfillmentMetrics: boolean }, timezone?: string) {
  return api.client.call(stores.updateStoreConfigs, { body: { features, ...(timezone && { timezone }) } }, { token });
}

/**
 * Runs `check` with the store's zone moved to `timezone` and its rollup `table` rebuilt in it (asserted:
 * every row of the store in the new zone), then moves the store back to `back`.
 */
export async function inMovedZone(api: FactoryApi, token: string, storeId: string, table: string, timezone: string, back: string, check: () => Promise<void>): Promise<void> {
  const flags = { analytics: true, fulfillmentMetrics: true };
  await setAnalyticsFlags(api, token, flags, timezone);
  try {
    const { rows } = await poolOf(api).query<{ timezone: string }>(`SELECT DISTINCT timezone FROM ${table} WHERE store_id = $1`, [storeId]);
    if (rows.length !== 1 || rows[0]!.timezone !== timezone) throw new Error(`${table} was not rebuilt in ${timezone}: ${rows.map((r) => r.timezone).join(", ")}`);
    await check();
  } finally {
    await setAnalyticsFlags(api, token, flags, back);
  }
}

/** Generates and writes a store's history ending at `anchor`; returns the rows as written. */
export async function seedAnalyticsHistory(api: FactoryApi, storeId: string, options: { anchor: Date; scale?: number; seed?: number; customers?: number; orders?: number }): Promise<AnalyticsSeed> {
  const raw = generateCommerce(createRng(options.seed ?? 7_202_611, "analytics"), options.anchor, options.scale ?? 0.06, { items: [], suppliers: [] }, { customers: options.customers, orders: options.orders });
  const ids = new Map<string, string>();
  const fresh = (id: string) => ids.get(id) ?? (ids.set(id, crypto.randomUUID()), ids.get(id)!);
  const seed: AnalyticsSeed = {
    customers: raw.customers.map((c) => ({ ...c, id: fresh(c.id), email: `${crypto.randomUUID().slice(0, 8)}-${c.email}` })),
    orders: raw.orders.map((o) => ({ ...o, id: fresh(o.id), customerId: fresh(o.customerId) })),
    lineItems: raw.lineItems.map((l) => ({ ...l, id: fresh(l.id), orderId: fresh(l.orderId) })),
    creatorOrderItems: [],
  };
  const db = poolOf(api);
  const t = (name: string, type: string) => ({ name, type });
  await insertRows(db, "customers", [t("id", "uuid"), t("store_id", "uuid"), t("email", "text"), t("name", "text"), t("country_code", "text"), t("region", "text"), t("city", "text"), t("created_at", "timestamptz")],
    seed.customers.map((c) => [c.id, storeId, c.email, c.name, c.countryCode, c.region, c.city, c.createdAt]));
  await insertRows(db, "orders", [
    t("id", "uuid"), t("store_id", "uuid"), t("customer_id", "uuid"), t("order_number", "int"), t("origin", "text"), t("email", "text"), t("subtotal_cents", "int"),
    t("discount_cents", "int"), t("shipping_cents", "int"), t("tax_cents", "int"), t("total_cents", "int"), t("processing_status", "text"), t("fulfillment_state", "text"),
    t("cancellation_state", "text"), t("discount_code", "text"), t("shipping_name", "text"), t("shipping_country_code", "text"), t("placed_at", "timestamptz"),
    t("fulfilled_at", "timestamptz"), t("canceled_at", "timestamptz"),
  ], seed.orders.map((o) => [o.id, storeId, o.customerId, o.orderNumber, o.origin, o.email, o.subtotalCents, o.discountCents, o.shippingCents, o.taxCents, o.totalCents,
    o.processingStatus, o.fulfillmentState, o.cancellationState, o.discountCode, o.shippingName, o.shippingCountryCode, o.placedAt, o.fulfilledAt, o.canceledAt]));
  await insertRows(db, "order_line_items", [t("id", "uuid"), t("order_id", "uuid"), t("store_id", "uuid"), t("sku", "text"), t("title", "text"), t("quantity", "int"),
    t("unit_price_cents", "int"), t("fulfilled_quantity", "int"), t("returned_quantity", "int"), t("created_at", "timestamptz")],
    seed.lineItems.map((l) => [l.id, l.orderId, storeId, l.sku, l.title, l.quantity, l.unitPriceCents, l.fulfilledQuantity, l.returnedQuantity, l.createdAt]));
  return seed;
}
