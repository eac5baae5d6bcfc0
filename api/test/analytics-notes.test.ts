import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { analytics } from "@atelier/contracts";
import { as, registerUser, startPrivateTestApi, type TestApi } from "./harness";
import type { Database } from "../src/db/pool";
import { setAnalyticsFlags } from "../../test/factories";
import { foldChangedOrders } from "../src/queries/analytics/fold-changes";

// What an order write queues for the analytics fold (migration 0545): a new order's note stands for the
// lines written with it in the same transaction, which leave none; every other change of a line is noted
// as before. Whatever was queued, the folded rollups must equal a recomputation from the raw rows. The
// file has a database of its own and an API that runs no jobs, so no fold happens but the tests' own.

let db: Database;
let api: TestApi;
beforeAll(async () => {
  ({ db, api } = await startPrivateTestApi());
}, 120_000);
afterAll(async () => {
  await api?.close();
  await db?.close();
});

const ZONE = "America/New_York";
type Store = { storeId: string; token: string; customerId: string };

async function newStore(): Promise<Store> {
  const u = await registerUser(api);
  await setAnalyticsFlags(api, u.token, { analytics: true, fulfillmentMetrics: false }, ZONE);
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO customers (store_id, email, name, country_code) VALUES ($1, $2, 'Ada Buyer', 'US') RETURNING id`, [u.store.id, `ada-${crypto.randomUUID().slice(0, 6)}@example.com`]);
  return { storeId: u.store.id, token: u.token, customerId: rows[0]!.id };
}

let orderNumber = 5_000;
async function insertOrder(c: pg.ClientBase | pg.Pool, s: Store, placedAt: string, totalCents = 3_000): Promise<string> {
  const { rows } = await c.query<{ id: string }>(
    `INSERT INTO orders (store_id, customer_id, order_number, origin, email, subtotal_cents, total_cents, placed_at)
     VALUES ($1, $2, $3, 'SHOPIFY_CREATOR', 'ada@example.com', $4, $4, $5) RETURNING id`, [s.storeId, s.customerId, orderNumber++, totalCents, placedAt]);
  return rows[0]!.id;
}
async function insertLine(c: pg.ClientBase | pg.Pool, s: Store, orderId: string, sku: string, quantity: number, unitPriceCents = 1_000): Promise<void> {
  await c.query(`INSERT INTO order_line_items (order_id, store_id, sku, title, quantity, unit_price_cents) VALUES ($1, $2, $3, $4, $5, $6)`,
    [orderId, s.storeId, sku, `Tee — ${sku}`, quantity, unitPriceCents]);
}
/** Runs `write` in one transaction on one connection. */
async function inTransaction(write: (c: pg.ClientBase) => Promise<void>): Promise<void> {
  const c = await db.pool.connect();
  try {
    await c.query("BEGIN");
    await write(c);
    await c.query("COMMIT");
  } catch (err) {
    await c.query("ROLLBACK");
    throw err;
  } finally {
    c.release();
  }
}

const notedOrders = async (s: Store) =>
  (await db.pool.query<{ order_id: string }>(`SELECT order_id FROM analytics_changed_orders WHERE store_id = $1`, [s.storeId])).rows.map((r) => r.order_id).sort();

/**
 * The rollups recomputed in plain TypeScript from the raw orders and lines: per order its units and
 * returned value (non-cancelled orders only), per month of the store's zone and SKU the units, revenue
 * and returned units.
 */
async function fromRawRows(s: Store) {
  const { rows } = await db.pool.query<{ id: string; placed_at: Date; cancellation_state: string; sku: string | null; quantity: number | null; returned_quantity: number | null; unit_price_cents: number | null }>(
    `SELECT o.id, o.placed_at, o.cancellation_state, l.sku, l.quantity, l.returned_quantity, l.unit_price_cents
       FROM orders o LEFT JOIN order_line_items l ON l.order_id = o.id WHERE o.store_id = $1`, [s.storeId]);
  const month = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit" });
  const facts = new Map<string, { units: number; returnedCents: number }>();
  const months = new Map<string, { units: number; revenueCents: number; returnedUnits: number }>();
  for (const r of rows.filter((x) => x.cancellation_state !== "CANCELED")) {
    const f = facts.get(r.id) ?? { units: 0, returnedCents: 0 };
    facts.set(r.id, f);
    if (r.sku === null) continue;
    f.units += r.quantity!;
    f.returnedCents += r.returned_quantity! * r.unit_price_cents!;
    const key = `${month.format(r.placed_at)}-01 ${r.sku}`;
    const m = months.get(key) ?? { units: 0, revenueCents: 0, returnedUnits: 0 };
    m.units += r.quantity!;
    m.revenueCents += r.quantity! * r.unit_price_cents!;
    m.returnedUnits += r.returned_quantity!;
    months.set(key, m);
  }
  return { facts: Object.fromEntries(facts), months: Object.fromEntries(months) };
}

/** The folded rollups, in fromRawRows' shape. */
async function folded(s: Store) {
  const facts = await db.pool.query<{ order_id: string; units: number; returned_cents: string }>(
    `SELECT order_id, units, returned_cents FROM order_facts WHERE store_id = $1`, [s.storeId]);
  const months = await db.pool.query<{ month: string; sku: string; units: string; revenue_cents: string; returned_units: string }>(
    `SELECT to_char(month, 'YYYY-MM-DD') AS month, sku, units, revenue_cents, returned_units FROM product_months WHERE store_id = $1 AND units <> 0`, [s.storeId]);
  return {
    facts: Object.fromEntries(facts.rows.map((r) => [r.order_id, { units: r.units, returnedCents: Number(r.returned_cents) }])),
    months: Object.fromEntries(months.rows.map((r) => [`${r.month} ${r.sku}`, { units: Number(r.units), revenueCents: Number(r.revenue_cents), returnedUnits: Number(r.returned_units) }])),
  };
}

async function expectFoldedAsRaw(s: Store) {
  await foldChangedOrders(db.pool, s.storeId);
  expect(await notedOrders(s)).toEqual([]);
  const raw = await fromRawRows(s);
  expect(await folded(s)).toEqual(raw);
  // And through a report: the overview's orders and revenue of October in the store's zone.
  const report = await as(api, s.token, analytics.runReport, { params: { reportId: "analytics" }, query: { from: "2026-10-01", to: "2026-11-01", asOf: "2026-11-15T00:00:00Z" } });
  const { rows } = await db.pool.query<{ n: number; revenue: number }>(
    `SELECT count(*)::int AS n, sum(total_cents)::int AS revenue FROM orders
      WHERE store_id = $1 AND cancellation_state <> 'CANCELED' AND placed_at >= '2026-10-01T04:00:00Z' AND placed_at < '2026-11-01T04:00:00Z'`, [s.storeId]);
  expect(report.totals).toMatchObject({ orders: rows[0]!.n, revenue: rows[0]!.revenue });
}

describe("the notes an order write queues for the analytics fold", () => {
  it("notes a new order once for it and the lines written with it, and folds the lines", async () => {
    const s = await newStore();
    let id = "";
    await inTransaction(async (c) => {
      id = await insertOrder(c, s, "2026-10-12T15:00:00Z");
      await insertLine(c, s, id, "TEE-BLK", 2);
      await insertLine(c, s, id, "TEE-WHT", 1);
    });
    expect(await notedOrders(s)).toEqual([id]);
    await expectFoldedAsRaw(s);
    expect((await folded(s)).facts[id]).toEqual({ units: 3, returnedCents: 0 });
  });

  it("notes a line added, returned or removed later, and an order cancelled, across a month boundary of the store's zone", async () => {
    const s = await newStore();
    // 02:00 UTC on 1 October is still 30 September in New York.
    const september = await insertOrder(db.pool, s, "2026-10-01T02:00:00Z");
    const october = await insertOrder(db.pool, s, "2026-10-01T05:00:00Z");
    await expectFoldedAsRaw(s);

    await insertLine(db.pool, s, september, "TEE-BLK", 2);
    await insertLine(db.pool, s, october, "TEE-BLK", 3);
    expect(await notedOrders(s)).toEqual([september, october].sort());
    await expectFoldedAsRaw(s);

    await db.pool.query(`UPDATE order_line_items SET returned_quantity = 1 WHERE order_id = $1`, [october]);
    expect(await notedOrders(s)).toEqual([october]);
    await expectFoldedAsRaw(s);

    await db.pool.query(`DELETE FROM order_line_items WHERE order_id = $1`, [september]);
    await db.pool.query(`UPDATE orders SET cancellation_state = 'CANCELED' WHERE id = $1`, [october]);
    expect(await notedOrders(s)).toEqual([september, october].sort());
    await expectFoldedAsRaw(s);
  });

  it("notes a line written after a fold inside the order's own transaction", async () => {
    const s = await newStore();
    let id = "";
    await inTransaction(async (c) => {
      id = await insertOrder(c, s, "2026-10-20T15:00:00Z");
      await insertLine(c, s, id, "TEE-BLK", 1);
      // The fold takes the order's note here; the line below has no note standing for it any more.
      await c.query(`SELECT analytics_fold_changes($1)`, [s.storeId]);
      await insertLine(c, s, id, "TEE-WHT", 4);
    });
    expect(await notedOrders(s)).toEqual([id]);
    await expectFoldedAsRaw(s);
    expect((await folded(s)).facts[id]).toEqual({ units: 5, returnedCents: 0 });
  });

  it("notes the lines of every order but the last one written in a transaction of several", async () => {
    const s = await newStore();
    const ids: string[] = [];
    await inTransaction(async (c) => {
      ids.push(await insertOrder(c, s, "2026-10-03T15:00:00Z"), await insertOrder(c, s, "2026-10-04T15:00:00Z"));
      await insertLine(c, s, ids[0]!, "TEE-BLK", 1);
      await insertLine(c, s, ids[1]!, "TEE-WHT", 2);
    });
    // Two orders' notes and the first order's line's (its order is no longer the one marked).
    expect(await notedOrders(s)).toEqual([ids[0]!, ids[0]!, ids[1]!].sort());
    await expectFoldedAsRaw(s);
  });

  it("keeps a new order's mark through a rolled-back savepoint", async () => {
    const s = await newStore();
    let id = "";
    await inTransaction(async (c) => {
      id = await insertOrder(c, s, "2026-10-05T15:00:00Z");
      await c.query("SAVEPOINT other");
      await insertOrder(c, s, "2026-10-06T15:00:00Z");
      await c.query("ROLLBACK TO SAVEPOINT other");
      // The other order and its note are gone; the mark is this order's again, so its line needs no note.
      await insertLine(c, s, id, "TEE-BLK", 2);
    });
    expect(await notedOrders(s)).toEqual([id]);
    await expectFoldedAsRaw(s);
    expect((await folded(s)).facts[id]).toEqual({ units: 2, returnedCents: 0 });
  });
});
