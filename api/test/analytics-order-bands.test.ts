import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analytics, type analytics as A } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { createOrder, inMovedZone, seedAnalyticsHistory, setAnalyticsFlags, type AnalyticsSeed } from "../../test/factories";
import { expectOracleFigures, Oracle } from "./analytics-oracle";
import { foldChangedOrders } from "../src/queries/analytics/fold-changes";
import { reportSql } from "../src/queries/analytics/report-sql";
import { selectReportRows, selectReportTotals } from "../src/queries/analytics/run-report-sql";

// The order reports on the per-month order bands (migration 0500) when unfiltered: each gives the same
// rows and totals as the same report read from every order's facts, and as the independent computation
// over the seeded rows, through new, adjusted, returned (refunded), fulfilled, moved, deleted and cancelled orders folded after the
// write, ranges with partial months, a month boundary in the store's zone and an as-of moment before a
// month's last fulfilment; the kept rows equal a full recomputation.

const ANCHOR = new Date("2026-11-01T00:00:00Z");
const TZ = "America/New_York";
const RANGE = { from: "2024-11-01", to: "2026-11-01", asOf: ANCHOR.toISOString() } as const;
const BAND_REPORTS = ["order-time-analysis", "free-shipping-threshold", "order-aov-pre-order-count", "order-items-per-basket", "order-discounts", "fulfillment-metrics", "order-first-order-value"];

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

/** The report read from the order facts alone: its spec without the rollup's relation. */
async function fromFacts(reportId: string, q: { from: string; to: string; asOf: string; granularity?: A.ReportParams["granularity"] }, timezone: string) {
  const { sets: _, ...spec } = reportSql(reportId, q.granularity ?? "month")!;
  const args = { storeId: owner.store.id, from: q.from, to: q.to, asOf: q.asOf, timezone };
  return { rows: await selectReportRows(api.deps.pool, spec, args), totals: await selectReportTotals(api.deps.pool, spec, args) };
}

/** The report through the API (the rollup, unfiltered), its rows without the empty periods the API fills in. */
async function fromBands(reportId: string, q: { from: string; to: string; asOf: string; granularity?: A.ReportParams["granularity"] }) {
  const r = await run(reportId, q);
  return { rows: r.rows.filter((x) => Object.values(x.values).some((v) => v !== 0 && v !== null)), totals: r.totals };
}

const RANGES = [
  RANGE,
  // Partial months at both edges and an as-of moment in the middle of a day.
  { from: "2025-05-15", to: "2026-11-01", asOf: "2026-10-20T12:00:00.000Z" },
  // Across the month boundary in the store's zone, by day and by week.
  { from: "2026-09-29", to: "2026-10-03", asOf: ANCHOR.toISOString(), granularity: "day" as const },
  { from: "2026-08-15", to: "2026-10-15", asOf: ANCHOR.toISOString(), granularity: "week" as const },
  // An as-of moment before a whole month's last fulfilment: that month is read from the facts.
  { from: "2025-11-01", to: "2026-07-01", asOf: "2026-06-15T00:00:00.000Z" },
];

async function expectSameAsFacts(tz = TZ, ranges = RANGES) {
  await foldChangedOrders(api.deps.pool, owner.store.id);
  for (const reportId of BAND_REPORTS) {
    for (const q of ranges) {
      const facts = await fromFacts(reportId, q, tz);
      expect({ reportId, q, ...(await fromBands(reportId, q)) }).toEqual({ reportId, q, rows: facts.rows.filter((x) => Object.values(x.values).some((v) => v !== 0 && v !== null)), totals: facts.totals });
    }
  }
}

describe("the order reports on the per-month order bands", () => {
  it("give the independent computation's figures over the seeded orders", async () => {
    const oracle = new Oracle({ seed, ...RANGE, tz: TZ });
    const compared = await expectOracleFigures(oracle, BAND_REPORTS, async (reportId) => (await run(reportId, RANGE)).rows);
    expect(compared).toBeGreaterThan(100);
  }, 300_000);

  it("stay equal to the facts and to a full recomputation through placed, adjusted, returned, fulfilled, moved, deleted and cancelled orders", async () => {
    const db = api.deps.pool;
    const store = owner.store.id;
    await expectSameAsFacts();

    // 23:30 in New York on 30 September is 03:30 UTC on 1 October: September's row, in the store's zone.
    const boundary = await createOrder(api, store, { orderNumber: 97_001, totalCents: 18_400, placedAt: "2026-10-01T03:30:00Z" });
    await db.query(`UPDATE orders SET discount_code = 'FALL10', discount_cents = 1_000, shipping_cents = 500, total_cents = subtotal_cents - 1_000 + 500 + tax_cents WHERE id = $1`, [boundary]);
    // A March order fulfilled on 1 July: as of 15 June it is not fulfilled yet.
    const late = (await db.query<{ id: string }>(`SELECT id FROM orders WHERE store_id = $1 AND cancellation_state <> 'CANCELED' AND fulfilled_at IS NOT NULL
                                                    AND placed_at >= '2026-03-05' AND placed_at < '2026-03-25' ORDER BY placed_at LIMIT 1`, [store])).rows[0]!.id;
    await db.query(`UPDATE orders SET fulfilled_at = '2026-07-01T10:00:00Z' WHERE id = $1`, [late]);
    await expectSameAsFacts(TZ, RANGES.slice(2));

    // A price adjustment lowers an order's total; a return refunds another's lines; a first order with a later one cancelled (its customer's orders renumber).
    const [adjusted, returned] = (await db.query<{ id: string }>(`SELECT id FROM orders WHERE store_id = $1 AND cancellation_state <> 'CANCELED' AND total_cents >= 500 ORDER BY placed_at DESC LIMIT 2 OFFSET 10`, [store])).rows;
    await db.query(`UPDATE orders SET discount_cents = discount_cents + 500, total_cents = total_cents - 500 WHERE id = $1`, [adjusted!.id]);
    await db.query(`UPDATE order_line_items SET returned_quantity = quantity WHERE order_id = $1`, [returned!.id]);
    const first = (await db.query<{ order_id: string }>(`SELECT order_id FROM order_facts WHERE store_id = $1 AND seq = 1 AND next_at IS NOT NULL ORDER BY placed_at LIMIT 1`, [store])).rows[0]!.order_id;
    await db.query(`UPDATE orders SET cancellation_state = 'CANCELED', canceled_at = now() WHERE id = $1`, [first]);
    // A line added to the boundary order (its basket grows) and the order moved into October.
    await db.query(`INSERT INTO order_line_items (order_id, store_id, sku, title, quantity, unit_price_cents) VALUES ($1, $2, 'MUG-1', 'Mug', 5, 900)`, [boundary, store]);
    await expectSameAsFacts(TZ, RANGES.slice(1, 3));
    await db.query(`UPDATE orders SET placed_at = '2026-10-01T04:30:00Z' WHERE id = $1`, [boundary]);
    await db.query(`DELETE FROM orders WHERE id = $1`, [adjusted!.id]);
    await expectSameAsFacts();

    const kept = async () => (await db.query(`SELECT * FROM order_band_months WHERE store_id = $1 ORDER BY dim, month, band`, [store])).rows
      .map(({ latest_at: _, ...x }) => x);
    const before = await kept();
    expect(new Set(before.map((x) => x.dim))).toEqual(new Set(["hour", "ship", "seq", "basket", "discount", "day", "first"]));
    await db.query(`SELECT order_band_months_rebuild_store($1)`, [store]);
    expect(await kept()).toEqual(before);
  }, 600_000);

  it("are rebuilt in the new zone when the store's zone changes", async () => {
    await inMovedZone(api, owner.token, owner.store.id, "order_band_months", "Europe/Berlin", TZ, () => expectSameAsFacts("Europe/Berlin"));
  }, 300_000);
});
