// Customer orders for tests. The product has no API that creates them yet (they arrive from store
// platforms and imports, a later slice), so the factory writes a customer, the order and its lines
// in the database, the way the demo seed does.
import { poolOf, type FactoryApi } from "./accounts";

export type OrderSeedInput = {
  orderNumber: number;
  customerName?: string;
  email?: string;
  processingStatus?: "OUTSTANDING" | "PROCESSING" | "ON_HOLD" | "FINISHED";
  fulfillmentState?: "NONE" | "PARTIAL" | "FULFILLED";
  cancellationState?: "NONE" | "PARTIAL" | "CANCELED";
  returned?: boolean;
  totalCents?: number;
  placedAt?: string;
  origin?: string;
};

/** One order of the store with one line; returns its id. */
export async function createOrder(api: FactoryApi, storeId: string, input: OrderSeedInput): Promise<string> {
  const db = poolOf(api);
  const email = input.email ?? `buyer-${input.orderNumber}-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const customer = await db.query<{ id: string }>(
    `INSERT INTO customers (store_id, email, name, country_code, region, city) VALUES ($1, $2, $3, 'US', 'CA', 'Oakland')
     ON CONFLICT (store_id, email) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [storeId, email, input.customerName ?? `Buyer ${input.orderNumber}`],
  );
  const total = input.totalCents ?? 4200;
  const fulfilled = input.fulfillmentState ?? "NONE";
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO orders (store_id, customer_id, order_number, origin, email, subtotal_cents, total_cents, processing_status, fulfillment_state,
       cancellation_state, shipping_name, shipping_address1, shipping_city, shipping_region, shipping_postal_code, shipping_country_code, placed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10, '12 Harbor Way', 'Oakland', 'CA', '94607', 'US', $11) RETURNING id`,
    [storeId, customer.rows[0]!.id, input.orderNumber, input.origin ?? "SHOPIFY_CREATOR", email, total, input.processingStatus ?? "OUTSTANDING", fulfilled,
      input.cancellationState ?? "NONE", input.customerName ?? `Buyer ${input.orderNumber}`, input.placedAt ?? new Date().toISOString()],
  );
  const id = rows[0]!.id;
  await db.query(
    `INSERT INTO order_line_items (order_id, store_id, sku, title, quantity, unit_price_cents, fulfilled_quantity, returned_quantity)
     VALUES ($1, $2, 'TEE-BLK-M', 'Heavyweight tee', 2, $3, $4, $5)`,
    [id, storeId, total / 2, fulfilled === "FULFILLED" ? 2 : fulfilled === "PARTIAL" ? 1 : 0, input.returned ? 2 : 0],
  );
  return id;
}
