import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analytics, type analytics as A } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { createOrder, inMovedZone, seedAnalyticsHistory, setAnalyticsFlags, type AnalyticsSeed } from "../../test/factories";
import { expectOracleFigures, Oracle } from "./analytics-oracle";
import { nonEmpty, withoutRollups } from "./analytics-store-rows";
import { foldChangedOrders } from "../src/queries/analytics/fold-changes";

// The product reports on the per-product monthly and daily rollups (migrations 0470, 0561) when unfiltered
// (marketing channels: analytics-channels.test.ts):
// each gives the independent computation's figures over the rows the test wrote (kept beside the database's
// in plain objects, changed as the test changes the database), and the same rows and totals as the report
// read from the lines, through orders placed, returned and cancelled and folded after the write, ranges whose
// edges fall on whole days, on the cutoff's day and across a month's first midnight in the store's zone.

const ANCHOR = new Date("2026-11-01T00:00:00Z");
const TZ = "America/New_York";
const REPORTS = ["product-all", "product-all-variants", "product-best-item", "product-sold-item", "product-return-rate", "product-return-items", "analytics-product"];
const RANGES = [
  // The cutoff's month read from the days (1–30 October) and the cutoff's day (31 October, to 20:00 in New York) from the lines.
  { from: "2024-11-01", to: "2026-11-01", asOf: ANCHOR.toISOString() },
  // A mid-month start (days 15–31 May) and an as-of moment in the middle of a day (08:00 on 20 October in New York).
  { from: "2025-05-15", to: "2026-11-01", asOf: "2026-10-20T12:00:00.000Z" },
  // No whole month: the days of late September, then 1 October up to 02:00 in New York from the lines.
  { from: "2026-09-15", to: "2026-10-15", asOf: "2026-10-01T06:00:00.000Z" },
  // A range that ends before the as-of moment: every day of it whole.
  { from: "2026-09-20", to: "2026-10-10", asOf: ANCHOR.toISOString() },
];

let api: TestApi;
let owner: TestUser;
let seed: AnalyticsSeed;
beforeAll(async () => {
  api = await startTestApi();
  owner = await registerUser(api);
  await setAnalyticsFlags(api, owner.token, { analytics: true, fulfillmentMetrics: true }, TZ);
  seed = await seedAnalyticsHistory(api, owner.store.id, { anchor: ANCHOR });
}, 300_000);
afterAll(() => api.close());

const run = (reportId: string, query: A.ReportParamsInput) => as(api, owner.token, analytics.runReport, { params: { reportId }, query });
/** The report read without its rollups. */
const fromLines = (reportId: string, q: (typeof RANGES)[number], timezone: string) => withoutRollups(api.deps.pool, reportId, { storeId: owner.store.id, ...q, timezone });

/** Every report over every range: the independent computation's rows, and the lines' rows and totals. */
async function expectExact(rows: AnalyticsSeed, tz = TZ) {
  await foldChangedOrders(api.deps.pool, owner.store.id);
  for (const q of RANGES) {
    const results = new Map<string, A.ReportResult>();
    for (const reportId of REPORTS) {
      const r = await run(reportId, q);
      results.set(reportId, r);
      expect({ reportId, q, rows: nonEmpty(r.rows), totals: r.totals }).toEqual({ reportId, q, ...(await fromLines(reportId, q, tz)) });
    }
    expect(await expectOracleFigures(new Oracle({ seed: rows, ...q, tz }), REPORTS, async (reportId) => results.get(reportId)!.rows)).toBeGreaterThan(0);
  }
}

describe("the product reports on the per-product months and days", () => {
  it("stay exact through orders placed, returned and cancelled, across a month's first midnight in the store's zone", async () => {
    const db = api.deps.pool;
    const store = owner.store.id;
    // The rows as written, changed below exactly as the database is.
    const rows: AnalyticsSeed = { ...seed, orders: seed.orders.map((o) => ({ ...o })), lineItems: seed.lineItems.map((l) => ({ ...l })) };
    await expectExact(rows);

    // 23:30 in New York on 30 September (03:30 UTC on 1 October): September's day; 00:30 on 1 October: October's;
    // one on the last range's cutoff day (20 October, 06:00 in New York) and one on 31 October.
    const placed = [["2026-10-01T03:30:00Z", 98_001], ["2026-10-01T04:30:00Z", 98_002], ["2026-10-20T10:00:00Z", 98_003], ["2026-10-31T12:00:00Z", 98_004]] as const;
    for (const [placedAt, orderNumber] of placed) {
      const id = await createOrder(api, store, { orderNumber, totalCents: 6_000, placedAt });
      const customerId = (await db.query<{ customer_id: string }>(`SELECT customer_id FROM orders WHERE id = $1`, [id])).rows[0]!.customer_id;
      rows.orders.push({ ...seed.orders[0]!, id, customerId, orderNumber, placedAt, origin: "SHOPIFY_CREATOR", totalCents: 6_000, cancellationState: "NONE" });
      rows.lineItems.push({ ...seed.lineItems[0]!, id: `${id}-line`, orderId: id, sku: "TEE-BLK-M", title: "Heavyweight tee", quantity: 2, unitPriceCents: 3_000, returnedQuantity: 0 });
    }
    await expectExact(rows);

    // A return on a seeded order of 12 October (a day the daily rollup serves), a cancelled one of 5 October,
    // and the 1 October order returned too.
    const octoberOrder = (day: string) => rows.orders.find((o) => o.cancellationState !== "CANCELED" && o.placedAt >= `${day}T12:00:00` && o.placedAt < `${day}T23:00:00`
      && rows.lineItems.some((l) => l.orderId === o.id))!;
    const returned = octoberOrder("2026-10-12");
    const cancelled = octoberOrder("2026-10-05");
    const boundary = rows.orders.find((o) => o.orderNumber === 98_002)!;
    for (const id of [returned.id, boundary.id]) {
      await db.query(`UPDATE order_line_items SET returned_quantity = quantity WHERE order_id = $1`, [id]);
      for (const l of rows.lineItems) if (l.orderId === id) l.returnedQuantity = l.quantity;
    }
    await db.query(`UPDATE orders SET cancellation_state = 'CANCELED', canceled_at = now() WHERE id = $1`, [cancelled.id]);
    cancelled.cancellationState = "CANCELED";
    await expectExact(rows);

    // The days as kept through those folds are the days a full recomputation gives.
    const days = async () => (await db.query(`SELECT * FROM product_days WHERE store_id = $1 ORDER BY day, sku, title`, [store])).rows;
    const kept = await days();
    expect(kept.length).toBeGreaterThan(100);
    await db.query(`SELECT product_months_rebuild($1, NULL)`, [store]);
    expect(await days()).toEqual(kept);

    // A zone change rebuilds the days in the new zone, and the reports agree with the computation there.
    await inMovedZone(api, owner.token, store, "product_days", "Europe/Berlin", TZ, () => expectExact(rows, "Europe/Berlin"));
  }, 600_000);
});
