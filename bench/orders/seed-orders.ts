// The orders benchmark's store, written set-wise: each statement generates its rows in SQL from
// generate_series (a few statements of 10,000 orders each) through the product's own indexes and
// triggers (the tab counts, has_returns, the analytics notes). Building 100,000 orders as rows in
// TypeScript and sending them a thousand at a time did not finish in 25 minutes on PGlite on a loaded
// machine. Every value is a hash of the row's number, so a seed is the same on every run and on
// both databases.
import type { Queryable } from "../../api/src/db/pool";
import { EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES } from "../../api/src/demo/words";

export type OrdersAtScale = { orders: number; skus: number; customers: number; anchor: Date };
export type SeededOrders = { middleOrder: { id: string; orderNumber: number }; customer: { name: string; email: string } };

const BATCH = 10_000;
const WINDOW_DAYS = 730;
/** BENCH_VERBOSE=1 prints each seed statement's wall time (where a slow seed spends it). */
const VERBOSE = process.env.BENCH_VERBOSE === "1";

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  if (VERBOSE) console.log(`seed: ${label} ${((performance.now() - started) / 1000).toFixed(2)} s`);
  return result;
}

/** A version-4 shaped uuid made from a key (SQL text expression), so lines can name their order's id without reading it back. */
const uuidOf = (key: string) => `overlay(overlay(md5(${key}) placing '4' from 13) placing '8' from 17)::uuid`;
/** A number in [0, 1) drawn from a key (SQL text expression). */
const draw = (key: string) => `((hashtext(${key}) & 2147483647)::float8 / 2147483648)`;

// $1 store, $2 anchor, $3 orders, $4 customers, $5 skus, $6 first order of the batch, $7 last.
// o: one row per order with its state drawn by age as the demo generator does (new orders
// outstanding, a few days old in processing, on hold or partly shipped, older ones fulfilled; 2 %
// canceled, 1 % partly canceled, 4 % of the fulfilled returned). l: its lines (1–4, popular SKUs
// drawn more often), wholesale orders by the dozen.
const ORDERS_AND_LINES = `
  WITH s AS (
    SELECT i, ($3::int - i) * (${WINDOW_DAYS}.0 / $3::int) AS age, ${draw("'state' || i")} AS u_state, ${draw("'cancel' || i")} AS u_cancel,
           ${draw("'origin' || i")} AS u_origin, ${draw("'lines' || i")} AS u_lines, ${draw("'ret' || i")} AS u_ret,
           1 + floor($4::int * power(${draw("'cust' || i")}, 1.4))::int AS customer_no
      FROM generate_series($6::int, $7::int) i
  ), o AS (
    SELECT i, ${uuidOf("$1::text || ':o:' || i")} AS id, ${uuidOf("$1::text || ':c:' || customer_no")} AS customer_id, age,
           $2::timestamptz - (age + ${draw("'minute' || i")} * ${WINDOW_DAYS}.0 / $3::int) * interval '1 day' AS placed_at,
           CASE WHEN u_origin < 0.70 THEN 'SHOPIFY_CREATOR' WHEN u_origin < 0.85 THEN 'SHOPIFY_PLATFORM' WHEN u_origin < 0.90 THEN 'MANUAL_RETAIL'
                WHEN u_origin < 0.93 THEN 'MANUAL_WHOLESALE' WHEN u_origin < 0.98 THEN CASE WHEN age > 365 THEN 'IMPORT' ELSE 'SHOPIFY_CREATOR' END
                ELSE 'CART_ROVER' END AS origin,
           CASE WHEN u_cancel < 0.02 THEN 'CANCELED' WHEN age < 2 THEN 'OUTSTANDING'
                WHEN age < 5 THEN CASE WHEN u_state < 5 / 12.0 THEN 'PROCESSING' WHEN u_state < 7 / 12.0 THEN 'PARTIAL' WHEN u_state < 8 / 12.0 THEN 'ON_HOLD' ELSE 'FULFILLED' END
                WHEN u_cancel < 0.03 THEN 'PART_CANCELED' ELSE 'FULFILLED' END AS state,
           CASE WHEN u_lines < 0.55 THEN 1 WHEN u_lines < 0.83 THEN 2 WHEN u_lines < 0.95 THEN 3 ELSE 4 END AS line_count, u_ret
      FROM s
  ), l AS (
    SELECT o.i, k, o.id AS order_id, o.placed_at, sku_no, 900 + (sku_no * 7919) % 9000 AS price, o.state,
           o.state = 'FULFILLED' AND o.u_ret < 0.04 AS returned,
           CASE WHEN o.origin = 'MANUAL_WHOLESALE' THEN 12 + floor(37 * ${draw("'qty' || o.i || ':' || k")})::int
                ELSE CASE WHEN ${draw("'qty' || o.i || ':' || k")} < 0.8 THEN 1 WHEN ${draw("'qty' || o.i || ':' || k")} < 0.95 THEN 2 ELSE 3 END END AS quantity
      FROM o CROSS JOIN generate_series(1, o.line_count) k
      CROSS JOIN LATERAL (SELECT 1 + floor($5::int * power(${draw("'sku' || o.i || ':' || k")}, 2))::int AS sku_no) p
  )`;

/** Writes `skus` inventory items (two bins each), `customers` customers and `orders` orders with their lines, holds and returns. */
export async function seedOrdersAtScale(db: Queryable, storeId: string, scale: OrdersAtScale): Promise<SeededOrders> {
  await timed("inventory", () => seedInventory(db, storeId, scale.skus));
  await timed("customers", () => seedCustomers(db, storeId, scale));
  const params = [storeId, scale.anchor.toISOString(), scale.orders, scale.customers, scale.skus];
  for (let first = 1; first <= scale.orders; first += BATCH) {
    const batch = [...params, first, Math.min(scale.orders, first + BATCH - 1)];
    const range = `${batch[5]}–${batch[6]}`;
    await timed(`orders ${range}`, () => db.query(`${ORDERS_AND_LINES}, t AS (SELECT i, sum(quantity * price)::int AS subtotal FROM l GROUP BY i), m AS (
        SELECT o.*, t.subtotal, CASE WHEN c.country_code = 'US' THEN 1 ELSE 0 END AS domestic,
               CASE WHEN o.origin <> 'MANUAL_WHOLESALE' AND ${draw("'code' || o.i")} < 0.15 THEN 'WELCOME10' END AS code, c.email, c.name, c.city, c.region, c.country_code
          FROM o JOIN t USING (i) JOIN customers c ON c.id = o.customer_id
      ), v AS (
        SELECT m.*, CASE WHEN code IS NULL THEN 0 ELSE subtotal / 10 END AS discount FROM m
      ), w AS (
        SELECT v.*, CASE WHEN subtotal - discount >= 7500 OR origin = 'MANUAL_WHOLESALE' THEN 0 WHEN domestic = 1 THEN 695 ELSE 1495 END AS shipping,
               domestic * round((subtotal - discount) * 0.07)::int AS tax
          FROM v
      )
      INSERT INTO orders (id, store_id, customer_id, order_number, origin, email, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents,
                          processing_status, fulfillment_state, cancellation_state, held_from_status, discount_code, shipping_name, shipping_address1,
                          shipping_city, shipping_region, shipping_postal_code, shipping_country_code, placed_at, fulfilled_at, canceled_at, created_at, updated_at)
      SELECT id, $1::uuid, customer_id, 1000 + i, origin, email, subtotal, discount, shipping, tax, subtotal - discount + shipping + tax,
             CASE state WHEN 'OUTSTANDING' THEN 'OUTSTANDING' WHEN 'PROCESSING' THEN 'PROCESSING' WHEN 'PARTIAL' THEN 'PROCESSING' WHEN 'ON_HOLD' THEN 'ON_HOLD' ELSE 'FINISHED' END,
             CASE WHEN state IN ('FULFILLED', 'PART_CANCELED') THEN 'FULFILLED' WHEN state = 'PARTIAL' THEN 'PARTIAL' ELSE 'NONE' END,
             CASE state WHEN 'CANCELED' THEN 'CANCELED' WHEN 'PART_CANCELED' THEN 'PARTIAL' ELSE 'NONE' END,
             CASE WHEN state = 'ON_HOLD' THEN 'PROCESSING' END, code, name, (10 + i % 9000) || ' Market Street', city, region,
             lpad(((i * 7919) % 90000 + 10000)::text, 5, '0'), country_code, placed_at,
             CASE WHEN state IN ('FULFILLED', 'PART_CANCELED') THEN placed_at + interval '2 days' END,
             CASE WHEN state = 'CANCELED' THEN placed_at + interval '3 hours' END, placed_at, placed_at
        FROM w ORDER BY i`, batch));
    await timed(`lines of orders ${range}`, () => db.query(`${ORDERS_AND_LINES}
      INSERT INTO order_line_items (id, order_id, store_id, sku, title, quantity, unit_price_cents, fulfilled_quantity, returned_quantity, created_at)
      SELECT ${uuidOf("$1::text || ':l:' || i || ':' || k")}, order_id, $1::uuid, 'SKU-' || lpad(sku_no::text, 5, '0'), 'Product ' || sku_no, quantity, price,
             CASE WHEN state IN ('FULFILLED', 'PART_CANCELED') THEN quantity WHEN state = 'PARTIAL' AND k = 1 THEN quantity ELSE 0 END,
             CASE WHEN returned THEN quantity ELSE 0 END, placed_at
        FROM l ORDER BY i, k`, batch));
  }
  await timed("holds and returns", () => seedHoldsAndReturns(db, storeId));
  return pickSamples(db, storeId);
}

/** The SKUs the lines use, each in two bins (one with stock on the way). */
async function seedInventory(db: Queryable, storeId: string, skus: number) {
  await db.query(
    `WITH items AS (
       INSERT INTO inventory_items (store_id, sku, title) SELECT $1, 'SKU-' || lpad(n::text, 5, '0'), 'Product ' || n FROM generate_series(1, $2::int) n RETURNING id, sku)
     INSERT INTO inventory_levels (store_id, item_id, bin, on_hand, reserved, incoming)
     SELECT $1, i.id, b.bin, (hashtext(i.sku || b.bin) & 255), (hashtext(i.sku || b.bin) & 255) / 4, CASE WHEN b.bin = 'B-02' THEN 12 ELSE 0 END
       FROM items i CROSS JOIN (VALUES ('A-01'), ('B-02')) b(bin)`,
    [storeId, skus],
  );
}

/** Customers named from the demo's word lists, each with a unique e-mail. */
async function seedCustomers(db: Queryable, storeId: string, scale: OrdersAtScale) {
  await db.query(
    `WITH n AS (
       SELECT g, ($3::text[])[1 + (hashtext('first' || g) & 65535) % array_length($3::text[], 1)] AS first,
              ($4::text[])[1 + (hashtext('last' || g) & 65535) % array_length($4::text[], 1)] AS last,
              ($5::text[])[1 + (hashtext('domain' || g) & 65535) % array_length($5::text[], 1)] AS domain,
              (ARRAY[['US', 'CA', 'Los Angeles'], ['US', 'NY', 'New York'], ['US', 'TX', 'Austin'], ['CA', 'ON', 'Toronto'], ['GB', 'England', 'London'], ['DE', 'BE', 'Berlin'], ['AU', 'NSW', 'Sydney']])[1 + (hashtext('place' || g) & 65535) % 7:1 + (hashtext('place' || g) & 65535) % 7] AS place
         FROM generate_series(1, $2::int) g
     )
     INSERT INTO customers (id, store_id, email, name, country_code, region, city, accepts_marketing, created_at)
     SELECT ${uuidOf("$1::text || ':c:' || g")}, $1::uuid, regexp_replace(lower(first || '.' || last), '[^a-z.]', '', 'g') || g || '@' || domain, first || ' ' || last,
            place[1][1], place[1][2], place[1][3], g % 2 = 0, $6::timestamptz - (${WINDOW_DAYS} * (1 - g::float8 / $2::int) + 1) * interval '1 day'
       FROM n`,
    [storeId, scale.customers, FIRST_NAMES, LAST_NAMES, EMAIL_DOMAINS, scale.anchor.toISOString()],
  );
}

/** An open hold on every order on hold, a released one on one old order in fifty, and a received return for every returned order. */
async function seedHoldsAndReturns(db: Queryable, storeId: string) {
  await db.query(
    `INSERT INTO order_holds (store_id, order_id, reason, created_at)
     SELECT store_id, id, 'Address needs checking with the customer', placed_at + interval '1 hour' FROM orders WHERE store_id = $1 AND processing_status = 'ON_HOLD'`,
    [storeId],
  );
  await db.query(
    `INSERT INTO order_holds (store_id, order_id, reason, created_at, released_at, release_note)
     SELECT store_id, id, 'Payment under review', placed_at + interval '1 hour', placed_at + interval '5 hours', 'Payment cleared'
       FROM orders WHERE store_id = $1 AND order_number % 50 = 7 AND fulfillment_state = 'FULFILLED'`,
    [storeId],
  );
  await db.query(
    `WITH r AS (
       INSERT INTO return_orders (id, store_id, order_id, number, status, refund_method, return_fee, refund_destination, reason, created_at, received_at)
       SELECT ${uuidOf("o.id::text || ':r'")}, o.store_id, o.id, 1000 + row_number() OVER (ORDER BY o.placed_at), 'RECEIVED', 'AUTOMATIC', 'FREE', 'ORIGINAL_PAYMENT',
              'Did not fit', o.placed_at + interval '10 days', o.placed_at + interval '16 days'
         FROM orders o WHERE o.store_id = $1 AND o.has_returns
       RETURNING id, order_id)
     INSERT INTO return_order_lines (store_id, return_id, line_id, quantity, restocked_quantity)
     SELECT $1::uuid, r.id, l.id, l.returned_quantity, l.returned_quantity FROM r JOIN order_line_items l ON l.order_id = r.order_id AND l.returned_quantity > 0`,
    [storeId],
  );
}

/** An order in the middle of the history and a customer with orders, for the bench's detail and searches. */
async function pickSamples(db: Queryable, storeId: string): Promise<SeededOrders> {
  const { rows } = await db.query<{ id: string; order_number: number; name: string; email: string }>(
    `SELECT o.id, o.order_number, c.name, c.email::text AS email FROM orders o JOIN customers c ON c.id = o.customer_id
      WHERE o.store_id = $1 ORDER BY o.order_number LIMIT 1 OFFSET (SELECT count(*) / 2 FROM orders WHERE store_id = $1)`,
    [storeId],
  );
  const r = rows[0]!;
  return { middleOrder: { id: r.id, orderNumber: r.order_number }, customer: { name: r.name, email: r.email } };
}
