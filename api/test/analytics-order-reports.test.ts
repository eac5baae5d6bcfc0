import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analytics, type analytics as A } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { createOrder, inMovedZone, seedAnalyticsHistory, setAnalyticsFlags, type AnalyticsSeed } from "../../test/factories";
import { expectOracleFigures, Oracle } from "./analytics-oracle";
import { foldChangedOrders } from "../src/queries/analytics/fold-changes";
import { reportSql } from "../src/queries/analytics/report-sql";
import { selectReportRows, selectReportTotals } from "../src/queries/analytics/run-report-sql";

// The average order value by month on the per-month order values (migrations 0540, 0567: the months' sums and
// medians kept, the totals' median walked in its value bucket), time between purchases on the reorders per month
// and bucket of gap (0566: each median read at its place) and cross-selling on the
// product rollups with its edge months' lines read once, when unfiltered: the same rows and totals (the
// medians to the cent and to the tenth of a day) as the report read from every order's facts, and as the
// independent computation over the seeded rows, through placed, adjusted, returned, extended (a line added), moved, deleted and
// cancelled orders folded after the write, ranges with partial months and a month boundary in the store's
// zone; the kept rows equal a full recomputation, and a zone change rebuilds them.

const ANCHOR = new Date("2026-11-01T00:00:00Z");
const TZ = "America/New_York";
// Cross-selling reads its edge months' lines once (cross-selling.ts) instead of through 0470's two functions.
const REPORTS = ["order-avg-value", "product-cross-selling-analysis", "analytics-time-between-purchase"];
const RANGE = { from: "2024-11-01", to: "2026-11-01", asOf: ANCHOR.toISOString() } as const;

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

type Range = { from: string; to: string; asOf: string };
const nonEmpty = <R extends { values: Record<string, number | null> }>(rows: R[]) => rows.filter((x) => Object.values(x.values).some((v) => v !== 0 && v !== null));

/** The report read from the order facts alone: its spec without the rollup's relation. */
async function fromFacts(reportId: string, q: Range, timezone: string) {
  const { sets: _, ...spec } = reportSql(reportId, "month")!;
  const args = { storeId: owner.store.id, from: q.from, to: q.to, asOf: q.asOf, timezone };
  return { rows: nonEmpty(await selectReportRows(api.deps.pool, spec, args)), totals: await selectReportTotals(api.deps.pool, spec, args) };
}

/** The report through the API (the rollup, unfiltered), without the empty months the API fills in. */
async function fromValues(reportId: string, q: Range) {
  const r = await as(api, owner.token, analytics.runReport, { params: { reportId }, query: q as A.ReportParamsInput });
  return { rows: nonEmpty(r.rows), totals: r.totals };
}

const RANGES: Range[] = [
  RANGE,
  // Partial months at both edges and an as-of moment in the middle of a day.
  { from: "2025-05-15", to: "2026-11-01", asOf: "2026-10-20T12:00:00.000Z" },
  // Across the month boundary in the store's zone.
  { from: "2026-09-29", to: "2026-10-03", asOf: ANCHOR.toISOString() },
  { from: "2025-11-01", to: "2026-07-01", asOf: "2026-06-15T00:00:00.000Z" },
];

async function expectSameAsFacts(tz = TZ) {
  await foldChangedOrders(api.deps.pool, owner.store.id);
  for (const reportId of REPORTS) {
    for (const q of RANGES) expect({ reportId, q, ...(await fromValues(reportId, q)) }).toEqual({ reportId, q, ...(await fromFacts(reportId, q, tz)) });
  }
}

/** The kept rows of 0540, 0566 and 0567 for the store, in their keys' order. */
async function keptRows(store: string) {
  const db = api.deps.pool;
  const of = async (table: string, order: string) => (await db.query(`SELECT * FROM ${table} WHERE store_id = $1 ORDER BY ${order}`, [store])).rows;
  return { values: await of("order_value_months", "month, total_cents"), sums: await of("order_value_month_sums", "month"), gaps: await of("order_gap_counts", "month, gap_bucket") };
}

describe("the average order value on the per-month order values, time between purchases on the gap counts, and cross-selling", () => {
  it("gives the independent computation's figures over the seeded orders", async () => {
    const oracle = new Oracle({ seed, ...RANGE, tz: TZ });
    const compared = await expectOracleFigures(oracle, REPORTS, async (reportId) => (await fromValues(reportId, RANGE)).rows);
    expect(compared).toBeGreaterThan(100);
    // An even count of orders in some month, so a median between two values is compared too.
    expect([...oracle.expected("order-avg-value")!.values()].some((v) => v.orders! % 2 === 0)).toBe(true);
  }, 300_000);

  it("stays equal to the facts and to a full recomputation through placed, adjusted, returned, extended, moved, deleted and cancelled orders", async () => {
    const db = api.deps.pool;
    const store = owner.store.id;
    await expectSameAsFacts();

    // 23:30 in New York on 30 September is 03:30 UTC on 1 October: September's row, in the store's zone.
    const boundary = await createOrder(api, store, { orderNumber: 97_101, totalCents: 18_402, placedAt: "2026-10-01T03:30:00Z" });
    await createOrder(api, store, { orderNumber: 97_102, totalCents: 18_402, placedAt: "2026-09-20T12:00:00Z" });
    await expectSameAsFacts();

    // A price adjustment lowers an order's total; a return refunds another's lines; an order cancelled.
    const [adjusted, returned, cancelled] = (await db.query<{ id: string }>(`SELECT id FROM orders WHERE store_id = $1 AND cancellation_state <> 'CANCELED' AND total_cents >= 500 ORDER BY placed_at DESC LIMIT 3 OFFSET 10`, [store])).rows;
    await db.query(`UPDATE orders SET discount_cents = discount_cents + 500, total_cents = total_cents - 500 WHERE id = $1`, [adjusted!.id]);
    await db.query(`UPDATE order_line_items SET returned_quantity = quantity WHERE order_id = $1`, [returned!.id]);
    await db.query(`UPDATE orders SET cancellation_state = 'CANCELED', canceled_at = now() WHERE id = $1`, [cancelled!.id]);
    await expectSameAsFacts();

    // A customer's reorder 15½ hours after their first order, across September's last midnight in New York (October in UTC).
    const email = `gap-${Date.now()}@example.com`;
    await createOrder(api, store, { orderNumber: 97_103, email, totalCents: 4_100, placedAt: "2026-09-30T12:00:00Z" });
    await createOrder(api, store, { orderNumber: 97_104, email, totalCents: 4_200, placedAt: "2026-10-01T03:30:00Z" });
    await expectSameAsFacts();

    // A line of another product added to the boundary order (new pairs), then the order moved into October, then one order deleted.
    await db.query(`INSERT INTO order_line_items (order_id, store_id, sku, title, quantity, unit_price_cents) VALUES ($1, $2, 'MUG-1', 'Mug', 1, 900)`, [boundary, store]);
    await expectSameAsFacts();
    await db.query(`UPDATE orders SET placed_at = '2026-10-01T04:30:00Z' WHERE id = $1`, [boundary]);
    await db.query(`DELETE FROM orders WHERE id = $1`, [adjusted!.id]);
    await expectSameAsFacts();

    // The kept rows are a full recomputation's: the value counts rebuilt (their sums and medians recomputed with them), the gap counts rebuilt.
    const before = await keptRows(store);
    expect(before.values.every((x) => x.orders > 0) && before.gaps.every((x) => x.reorders > 0)).toBe(true);
    expect(before.sums.map((x) => String(x.month))).toEqual([...new Set(before.values.map((x) => String(x.month)))]);
    await db.query(`SELECT order_value_months_rebuild_store($1)`, [store]);
    await db.query(`SELECT order_gap_counts_rebuild_store($1)`, [store]);
    expect(await keptRows(store)).toEqual(before);
  }, 600_000);

  it("is rebuilt in the new zone when the store's zone changes", async () => {
    await inMovedZone(api, owner.token, owner.store.id, "order_value_months", "Europe/Berlin", TZ, async () => {
      const kept = await keptRows(owner.store.id);
      expect(new Set([...kept.sums, ...kept.gaps].map((x) => x.timezone))).toEqual(new Set(["Europe/Berlin"]));
      await expectSameAsFacts("Europe/Berlin");
    });
  }, 300_000);
});
