import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analytics, type analytics as A } from "@atelier/contracts";
import { as, type TestApi, type TestUser } from "./harness";
import { createOrder } from "../../test/factories";
import { Oracle } from "./analytics-oracle";
import { startSeededAnalyticsStore, storeRows } from "./analytics-store-rows";
import { local, pct2 } from "./analytics-oracle-math";
import { foldChangedOrders } from "../src/queries/analytics/fold-changes";

// The segment and cohort reports on their rollups (customer personas 0535, the customer rollup alone, the
// customers' month steps and per-cohort days): every figure against the independent computation over the
// rows as they are in the database, over whole and partial months, and again after orders are placed,
// returned, cancelled and renamed and the fold has run, with orders either side of a month's first midnight.

const ANCHOR = new Date("2026-11-01T00:00:00Z");
const TZ = "America/New_York";
const RANGES = [
  { from: "2024-11-01", to: "2026-11-01", asOf: ANCHOR.toISOString() },
  // A range starting mid-month and an as-of moment mid-month: both edges are partial months.
  { from: "2025-05-15", to: "2026-11-01", asOf: "2026-10-20T12:00:00.000Z" },
  // The cutoff a few hours after a month's first midnight in New York.
  { from: "2025-01-01", to: "2026-09-02", asOf: "2026-09-01T09:00:00.000Z" },
] as const;
const REPORTS = ["analytics-customer-persona", "analytics-churn-risk", "analytics-cohorts", "analytics-ltv", "analytics-rfm", "analytics-churn-risk-development", "analytics-percentile-analysis",
  "analytics-repeat-purchase", "analytics-base-zone"];
/** The reports whose totals are checked against the customers' (cohortTotals). */
const WITH_TOTALS = ["analytics-cohorts", "analytics-ltv", "analytics-repeat-purchase", "analytics-base-zone", "analytics-rfm"];

let api: TestApi;
let owner: TestUser;
beforeAll(async () => void ({ api, owner } = await startSeededAnalyticsStore(TZ, ANCHOR)), 120_000);
afterAll(() => api.close());

/** The totals as the customers give them: over every customer whose first order is in the range (base zone and RFM: every customer). */
function cohortTotals(o: Oracle, reportId: string): Record<string, number> {
  if (reportId === "analytics-base-zone") {
    return { customers: o.customers.length, share: 100, revenue: o.customers.reduce((s, c) => s + c.revenue, 0) };
  }
  if (reportId === "analytics-rfm") {
    const all = o.customers;
    return {
      customers: all.length, share: 100, revenue: all.reduce((s, c) => s + c.revenue, 0),
      avgRecency: Math.round((10 * all.reduce((s, c) => s + c.recency, 0)) / all.length) / 10,
      avgOrders: Math.round((100 * all.reduce((s, c) => s + c.count, 0)) / all.length) / 100,
    };
  }
  const customers = o.customers.filter((c) => c.first >= o.fromAt);
  const n = customers.length;
  const revenue = customers.reduce((s, c) => s + c.revenue, 0);
  const repeaters = customers.filter((c) => c.count > 1).length;
  if (reportId === "analytics-repeat-purchase") return { customers: n, repeaters, repeatRate: pct2(repeaters, n) };
  if (reportId === "analytics-ltv") return { customers: n, revenue, ltv: Math.round(revenue / n), avgOrders: Math.round((100 * customers.reduce((s, c) => s + c.count, 0)) / n) / 100 };
  const monthIndex = (at: number) => { const [y, m] = local(at, TZ).month.split("-").map(Number); return y! * 12 + m!; };
  const cameBack = (k: number) => customers.filter((c) => c.orders.some((x) => monthIndex(x.at) - monthIndex(c.first) === k)).length;
  const cell = (k: number) => Math.round((10000 * cameBack(k)) / n) / 100;
  return { customers: n, cohortRevenue: revenue, m1: cell(1), m2: cell(2), m3: cell(3), m6: cell(6), m12: cell(12) };
}

/** Every figure the independent computation gives for the seven reports, over every range, against the API's. */
async function expectReportsMatch(): Promise<number> {
  const seed = await storeRows(api.deps.pool, owner.store.id);
  let compared = 0;
  for (const range of RANGES) {
    const oracle = new Oracle({ seed, ...range, tz: TZ });
    for (const reportId of REPORTS) {
      // The computation holds the event loop: let the HTTP agent's idle timers run before the next request, or it
      // may reuse a keep-alive socket the server has just closed (as analytics.test.ts does).
      await new Promise((resolve) => setTimeout(resolve, 0));
      const result: A.ReportResult = await as(api, owner.token, analytics.runReport, { params: { reportId }, query: range });
      const actual = new Map(result.rows.map((r) => [r.key, r.values]));
      const expected = oracle.expected(reportId)!;
      for (const [key, values] of expected) {
        for (const [measure, value] of Object.entries(values)) {
          expect({ reportId, range: range.from, key, measure, value: actual.get(key)?.[measure] ?? null }).toEqual({ reportId, range: range.from, key, measure, value });
          compared++;
        }
      }
      for (const row of result.rows) if (!expected.has(row.key)) expect(Object.values(row.values).every((v) => v === 0 || v === null), `${reportId} ${row.key}`).toBe(true);
      if (WITH_TOTALS.includes(reportId)) {
        const totals = cohortTotals(oracle, reportId);
        for (const [measure, value] of Object.entries(totals)) expect({ reportId, range: range.from, measure, value: result.totals[measure] }).toEqual({ reportId, range: range.from, measure, value });
      }
    }
  }
  return compared;
}

describe("segment and cohort reports on their rollups", () => {
  it("give every figure of the independent computation, over whole and partial months", async () => {
    expect(await expectReportsMatch()).toBeGreaterThan(300);
  }, 120_000);

  it("stay exact after orders are placed, returned, cancelled and renamed and the fold runs, across a month's first midnight", async () => {
    const db = api.deps.pool;
    const store = owner.store.id;
    const tag = Date.now();
    const seeded = await storeRows(db, store);
    const live = seeded.orders.filter((o) => o.cancellationState !== "CANCELED" && o.placedAt < "2026-08-01");
    // A new customer's orders either side of September's first midnight in New York (August 31st 23:30, September 1st 00:30).
    await createOrder(api, store, { orderNumber: 97_001, email: `seg-${tag}@example.com`, totalCents: 12_000, placedAt: "2026-09-01T03:30:00Z" });
    const late = await createOrder(api, store, { orderNumber: 97_002, email: `seg-${tag}@example.com`, totalCents: 8_000, placedAt: "2026-09-01T04:30:00Z" });
    // An existing customer orders again, wholesale, with a gift card; another's order is returned; a first order is cancelled.
    const regular = seeded.customers.find((c) => live.filter((o) => o.customerId === c.id).length === 1)!;
    const email = (await db.query<{ email: string }>(`SELECT email FROM customers WHERE id = $1`, [regular.id])).rows[0]!.email;
    const wholesale = await createOrder(api, store, { orderNumber: 97_003, email, totalCents: 30_000, placedAt: "2026-10-10T15:00:00Z", origin: "MANUAL_WHOLESALE" });
    await db.query(`INSERT INTO order_line_items (order_id, store_id, sku, title, quantity, unit_price_cents) VALUES ($1, $2, 'GIFT-${tag}', 'Gift card', 1, 2500)`, [wholesale, store]);
    await db.query(`UPDATE order_line_items SET returned_quantity = quantity WHERE order_id = $1`, [live[5]!.id]);
    const firstOrders = live.filter((o) => live.some((x) => x.customerId === o.customerId && x.placedAt > o.placedAt));
    await db.query(`UPDATE orders SET cancellation_state = 'CANCELED', canceled_at = now() WHERE id = $1`, [firstOrders[0]!.id]);
    // A line renamed to a gift card: no order figure moves, only the persona's gift.
    await db.query(`UPDATE order_line_items SET sku = 'GIFT-R-${tag}' WHERE order_id = $1`, [late]);
    expect(await foldChangedOrders(db, store)).toBeGreaterThanOrEqual(5);

    // The persona rollup equals its full recomputation from the orders and lines.
    const personas = async () => (await db.query(`SELECT * FROM customer_personas WHERE store_id = $1 ORDER BY customer_id`, [store])).rows;
    const kept = await personas();
    expect(kept.find((p) => p.customer_id === regular.id)).toMatchObject({ wholesale_orders: 1, gift_orders: 1 });
    await db.query(`SELECT customer_personas_refresh(ARRAY(SELECT id FROM customers WHERE store_id = $1))`, [store]);
    expect(await personas()).toEqual(kept);

    expect(await expectReportsMatch()).toBeGreaterThan(300);
  }, 120_000);
});
