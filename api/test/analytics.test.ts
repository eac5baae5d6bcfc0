import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analytics, ApiError, type analytics as A } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { createOrder, previewStore, seedAnalyticsHistory, setAnalyticsFlags, teamMember, type AnalyticsSeed } from "../../test/factories";
import { Oracle } from "./analytics-oracle";
import { foldChangedOrders } from "../src/queries/analytics/fold-changes";

// The analytics suite through HTTP: every report's figures against an independent computation over
// the rows the test wrote, reproducibility as of a moment, the store's time zone, drill-downs, CSV,
// share links, flags, roles, tenants and bad input.

const ANCHOR = new Date("2026-11-01T00:00:00Z");
const TZ = "America/New_York";
const RANGE = { from: "2024-11-01", to: "2026-11-01", asOf: ANCHOR.toISOString() } as const;

// The reports on the per-month customer sets and the customer rollup when unfiltered (0421, 0441), and the
// overview on the customers' month steps (0510) and daily LTV on the per-cohort days (0511).
const COHORT_REPORTS = ["analytics", "customer-daily-ltv", "analytics-cohorts", "analytics-repeat-purchase", "analytics-ltv", "analytics-revenue-by-cohorts", "analytics-recovered-customers", "analytics-churn-risk-development"];
const PRODUCT_REPORTS = ["product-all", "product-all-variants", "product-best-item", "product-sold-item", "product-return-rate", "product-return-items", "analytics-product", "product-cross-selling-analysis", "product-follow-up-purchases"]; // on the rollups of 0470 and 0471 when unfiltered

let api: TestApi;
let owner: TestUser;
let seed: AnalyticsSeed;
beforeAll(async () => {
  api = await startTestApi();
  owner = await registerUser(api);
  await setAnalyticsFlags(api, owner.token, { analytics: true, fulfillmentMetrics: true }, TZ);
  seed = await seedAnalyticsHistory(api, owner.store.id, { anchor: ANCHOR });
}, 120_000);
afterAll(() => api.close());

const run = (token: string, reportId: string, query: A.ReportParamsInput) => as(api, token, analytics.runReport, { params: { reportId }, query });

/** The overview's totals as the orders give them: customers are distinct over the whole range, not a sum of its months. */
function overviewTotals(o: Oracle) {
  const customers = (orders: typeof o.inRange) => new Set(orders.filter((x) => x.customerId).map((x) => x.customerId)).size;
  return { orders: o.inRange.length, revenue: o.inRange.reduce((sum, x) => sum + x.totalCents, 0), customers: customers(o.inRange), newCustomers: customers(o.inRange.filter((x) => x.seq === 1)) };
}
/** Daily LTV's totals as the orders give them: the cohort's revenue over its customers, in whole cents (an integer division). */
function dailyLtvTotals(o: Oracle) {
  const cohort = o.history.filter((x) => x.customerId && x.at < o.cutoff && x.firstAt >= o.fromAt && x.firstAt < o.cutoff);
  const perCustomer = Math.trunc(cohort.reduce((sum, x) => sum + x.totalCents, 0) / cohort.filter((x) => x.seq === 1).length);
  return { revenuePerCustomer: perCustomer, cumulativeLtv: perCustomer, orders: cohort.length };
}
const totalsOf = (r: A.ReportResult) => ({ orders: r.totals.orders, revenue: r.totals.revenue, customers: r.totals.customers, newCustomers: r.totals.newCustomers });

async function expectError(promise: Promise<unknown>, status: number, field?: string): Promise<ApiError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).status).toBe(status);
  if (field) expect((err as ApiError).details?.[0]?.field).toBe(field);
  return err as ApiError;
}

describe("analytics reports", () => {
  it("computes every report, and each figure the independent computation covers matches it", async () => {
    const oracle = new Oracle({ seed, ...RANGE, tz: TZ });
    let compared = 0;
    // Every report of the registry has its figures computed independently, not only its shape checked.
    expect(analytics.REPORTS.filter((def) => !oracle.expected(def.id)).map((def) => def.id)).toEqual([]);
    // The computation above holds the event loop for seconds: let the HTTP agent's idle timers run
    // before the next request, or it may reuse a keep-alive socket the server has just closed.
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const def of analytics.REPORTS) {
      const result = await run(owner.token, def.id, RANGE);
      expect(result.params).toMatchObject({ asOf: RANGE.asOf, timezone: TZ });
      expect(result.report.id).toBe(def.id);
      for (const row of result.rows) expect(Object.keys(row.values).sort()).toEqual(def.measures.map((m) => m.key).sort());
      const expected = oracle.expected(def.id);
      if (!expected) continue;
      const actual = new Map(result.rows.map((r) => [r.key, r.values]));
      for (const [key, values] of expected) {
        for (const [measure, value] of Object.entries(values)) {
          expect({ report: def.id, key, measure, value: actual.get(key)?.[measure] ?? null }).toEqual({ report: def.id, key, measure, value });
          compared++;
        }
      }
      // No row the computation doesn't know of, except empty period rows.
      for (const row of result.rows) if (!expected.has(row.key)) expect(Object.values(row.values).every((v) => v === 0 || v === null), `${def.id} ${row.key}`).toBe(true);
    }
    expect(compared).toBeGreaterThan(500);
  }, 120_000);

  it("gives the same rows for the same as-of moment after new orders arrive, and the customer rollup stays exact", async () => {
    const before = await run(owner.token, "analytics-rfm", RANGE);
    const orders = await run(owner.token, "analytics", { ...RANGE, from: "2026-10-01" });
    const customerId = seed.orders[seed.orders.length - 1]!.customerId;
    const email = seed.customers.find((c) => c.id === customerId)!.email;
    await createOrder(api, owner.store.id, { orderNumber: 90_001, email, totalCents: 99_900, placedAt: "2026-11-01T10:00:00Z" });
    expect(await run(owner.token, "analytics-rfm", RANGE)).toEqual(before);
    expect(await run(owner.token, "analytics", { ...RANGE, from: "2026-10-01" })).toEqual(orders);
    const later = await run(owner.token, "analytics", { from: "2026-11-01", to: "2026-11-02", asOf: "2026-11-02T00:00:00Z" });
    expect(later.totals).toMatchObject({ orders: 1, revenue: 99_900 });
    const { rows } = await api.deps.pool.query<{ orders_count: number; revenue_cents: number }>(`SELECT orders_count, revenue_cents::float8 AS revenue_cents FROM customer_metrics WHERE customer_id = $1`, [customerId]);
    const mine = seed.orders.filter((o) => o.customerId === customerId && o.cancellationState !== "CANCELED");
    expect(rows[0]).toEqual({ orders_count: mine.length + 1, revenue_cents: mine.reduce((s, o) => s + o.totalCents, 0) + 99_900 });
  });

  it("puts an order at 23:30 in the store's zone on that day, not the next", async () => {
    const user = await registerUser(api);
    await setAnalyticsFlags(api, user.token, { analytics: true, fulfillmentMetrics: false }, TZ);
    // 23:30 in New York on 2026-03-14 is 03:30 UTC on the 15th.
    const id = await createOrder(api, user.store.id, { orderNumber: 1001, totalCents: 5000, placedAt: "2026-03-15T03:30:00Z" });
    const r = await run(user.token, "analytics", { from: "2026-03-14", to: "2026-03-16", granularity: "day", asOf: "2026-04-01T00:00:00Z" });
    expect(r.rows.map((x) => [x.key, x.values.orders])).toEqual([["2026-03-14", 1], ["2026-03-15", 0]]);
    const hours = await run(user.token, "order-time-analysis", { from: "2026-03-14", to: "2026-03-16", asOf: "2026-04-01T00:00:00Z" });
    expect(hours.rows.map((x) => x.key)).toEqual(["23"]);
    // A guest order (no customer) is in no per-month customer set: revenue by cohorts reads it beside
    // them (0441), as its own first order, and gives what the facts give (a filter reads those).
    await api.deps.pool.query(`UPDATE orders SET customer_id = NULL WHERE id = $1`, [id]);
    const march = { from: "2026-03-01", to: "2026-04-01", asOf: "2026-04-01T00:00:00Z" };
    const bySets = await run(user.token, "analytics-revenue-by-cohorts", march);
    expect(bySets.rows.map((x) => [x.key, x.values.revenue, x.values.orders, x.values.customers])).toEqual([["2026-03-01", 5000, 1, 0]]);
    expect((await run(user.token, "analytics-revenue-by-cohorts", { ...march, origin: "SHOPIFY_CREATOR" })).rows).toEqual(bySets.rows);
  });

  it("compares periods, drills into a row and a cohort cell, and exports CSV", async () => {
    const r = await run(owner.token, "analytics", { ...RANGE, from: "2026-10-01", compare: "PREVIOUS_YEAR" });
    expect(r.comparison).toMatchObject({ from: "2025-10-01", to: "2025-11-01" });
    const oracle = new Oracle({ seed, from: "2025-10-01", to: "2025-11-01", asOf: RANGE.asOf, tz: TZ });
    expect(r.comparison!.totals.orders).toBe(oracle.inRange.length);
    expect(r.notes.some((n) => n.startsWith("Revenue:"))).toBe(true);

    const month = r.rows[0]!;
    const drill = await as(api, owner.token, analytics.drillDownReport, { params: { reportId: "analytics" }, query: { ...RANGE, from: "2026-10-01", key: month.key, size: 100 } });
    expect(drill.kind).toBe("orders");
    expect(drill.orders!.total).toBe(month.values.orders);
    expect(drill.orders!.list.reduce((s, o) => s + o.totalCents, 0)).toBe(month.values.revenue);

    const cohorts = await run(owner.token, "analytics-cohorts", RANGE);
    const cohort = cohorts.rows.find((c) => (c.values.m1 ?? 0) > 0)!;
    const cell = await as(api, owner.token, analytics.drillDownReport, { params: { reportId: "analytics-cohorts" }, query: { ...RANGE, key: cohort.key, measure: "m1", size: 100 } });
    expect(cell.kind).toBe("customers");
    expect(Math.round((10000 * cell.customers!.total) / cohort.values.customers!) / 100).toBe(cohort.values.m1);

    const csv = await as(api, owner.token, analytics.exportReportCsv, { params: { reportId: "marketing-channels" }, query: RANGE });
    const lines = csv.csv.trim().split("\n");
    expect(lines[0]).toBe("Channel,Orders,Revenue (USD),Average order value (USD),Customers,New customers");
    expect(lines.at(-1)).toMatch(/^Total,/);
    expect(csv.filename).toBe("marketing-channels_2024-11-01_2026-11-01.csv");
  });

  it("shares a report: snapshot or live, with a password, expiring, revocable, and nothing else reachable", async () => {
    const share = await as(api, owner.token, analytics.createReportShare, { body: { reportId: "analytics-cohorts", params: RANGE, password: "correct horse", mode: "SNAPSHOT" } });
    expect(share).toMatchObject({ hasPassword: true, mode: "SNAPSHOT", path: `/share-report/${share.token}` });
    const open = (token: string, password?: string) => api.client.call(analytics.openSharedReport, { params: { token }, body: password ? { password } : {} });
    expect((await open(share.token)).state).toBe("PASSWORD_REQUIRED");
    expect((await open(share.token, "wrong horse")).state).toBe("WRONG_PASSWORD");
    const ok = await open(share.token, "correct horse");
    expect(ok).toMatchObject({ state: "OK", title: "Cohorts", storeName: owner.store.title });
    expect(ok.result!.rows).toEqual((await run(owner.token, "analytics-cohorts", RANGE)).rows);
    // The visitor chooses nothing: extra parameters are refused.
    expect((await api.raw("POST", `/web/share-reports/${share.token}/open`, { body: { reportId: "analytics-rfm" } })).status).toBe(400);

    const live = await as(api, owner.token, analytics.createReportShare, { body: { reportId: "analytics", params: { from: "2026-10-01", to: "2026-11-01" }, mode: "LIVE", expiresAt: "2099-01-01T00:00:00Z" } });
    expect((await open(live.token)).result!.totals.orders).toBe(new Oracle({ seed, from: "2026-10-01", to: "2026-11-01", asOf: RANGE.asOf, tz: TZ }).inRange.length);
    await as(api, owner.token, analytics.revokeReportShare, { params: { shareId: live.id } });
    expect(await open(live.token)).toMatchObject({ state: "REVOKED", result: null });

    const expired = await as(api, owner.token, analytics.createReportShare, { body: { reportId: "analytics", params: RANGE, expiresAt: new Date(Date.now() + 1500).toISOString() } });
    await api.deps.pool.query(`UPDATE report_shares SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
    expect(await open(expired.token)).toMatchObject({ state: "EXPIRED", result: null });
    expect((await open("x".repeat(32))).state).toBe("REVOKED");

    const listed = await as(api, owner.token, analytics.listReportShares, {});
    expect(listed.list.map((s) => s.id)).toEqual([expired.id, live.id, share.id]);
    const stored = await api.deps.pool.query<{ password_hash: string }>(`SELECT password_hash FROM report_shares WHERE id = $1`, [share.id]);
    expect(stored.rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("refuses when the flags are off, hides fulfilment metrics behind its own flag, and keeps stores apart", async () => {
    const other = await registerUser(api);
    await expectError(run(other.token, "analytics", RANGE), 403);
    expect((await as(api, other.token, analytics.listReports, {})).reports).toEqual([]);
    await setAnalyticsFlags(api, other.token, { analytics: true, fulfillmentMetrics: false });
    const listed = await as(api, other.token, analytics.listReports, {});
    expect(listed.reports.map((r) => r.id)).not.toContain("fulfillment-metrics");
    expect(listed.reports).toHaveLength(40);
    await expectError(run(other.token, "fulfillment-metrics", RANGE), 403);
    // Another store sees none of the owner's orders, and none of its links.
    expect((await run(other.token, "analytics", RANGE)).totals.orders).toBe(0);
    const share = await as(api, owner.token, analytics.createReportShare, { body: { reportId: "analytics", params: RANGE } });
    await expectError(as(api, other.token, analytics.revokeReportShare, { params: { shareId: share.id } }), 404);
    expect((await as(api, other.token, analytics.listReportShares, {})).total).toBe(0);
  });

  it("lets every member read, only owners and admins share, and refuses preview accounts' links", async () => {
    const cx = await teamMember(api, owner, "CX");
    expect((await run(cx.token, "analytics", { ...RANGE, from: "2026-10-01" })).totals.orders).toBeGreaterThan(0);
    await expectError(as(api, cx.token, analytics.createReportShare, { body: { reportId: "analytics", params: RANGE } }), 403);
    const preview = await previewStore(api);
    await setAnalyticsFlags(api, owner.token, { analytics: true, fulfillmentMetrics: true });
    await expectError(as(api, preview.token, analytics.createReportShare, { body: { reportId: "analytics", params: RANGE } }), 403);
  });

  it("answers bad input with the field and the reason", async () => {
    await expectError(run(owner.token, "analytics", { from: "2026-02-30", to: "2026-03-01" }), 400, "query.from");
    await expectError(run(owner.token, "analytics", { from: "2026-03-01", to: "2026-03-01" }), 400, "query.to");
    await expectError(run(owner.token, "analytics", { from: "2010-01-01", to: "2026-03-01" }), 400, "query.to");
    await expectError(run(owner.token, "analytics", { ...RANGE, asOf: "yesterday" }), 400, "query.asOf");
    await expectError(run(owner.token, "analytics", { ...RANGE, country: "usa" }), 400, "query.country");
    await expectError(as(api, owner.token, analytics.runReport, { params: { reportId: "nope" as "analytics" }, query: RANGE }), 400, "params.reportId");
    await expectError(as(api, owner.token, analytics.drillDownReport, { params: { reportId: "analytics" }, query: { ...RANGE, key: "2026-10-01", measure: "nope" } }), 400, "query.measure");
    await expectError(as(api, owner.token, analytics.createReportShare, { body: { reportId: "analytics", params: RANGE, password: "short" } }), 400, "body.password");
    await expectError(as(api, owner.token, analytics.createReportShare, { body: { reportId: "analytics", params: RANGE, expiresAt: "2001-01-01T00:00:00Z" } }), 400, "body.expiresAt");
  });

  it("honours the channel and product filters in cohorts, daily LTV and follow-up purchases, and refuses a segment filter that means nothing", async () => {
    const compare = async (reportId: string, query: A.ReportParamsInput, oracle: Oracle) => {
      const r = await run(owner.token, reportId, query);
      const expected = oracle.expected(reportId)!;
      expect(expected.size).toBeGreaterThan(0);
      const actual = new Map(r.rows.map((row) => [row.key, row.values]));
      for (const [key, values] of expected) for (const [measure, value] of Object.entries(values)) expect({ reportId, key, measure, value: actual.get(key)?.[measure] ?? null }).toEqual({ reportId, key, measure, value });
      for (const row of r.rows) if (!expected.has(row.key)) expect(Object.values(row.values).every((v) => v === 0 || v === null), `${reportId} ${row.key}`).toBe(true);
    };
    const all = new Oracle({ seed, ...RANGE, tz: TZ });
    const origin = "SHOPIFY_PLATFORM";
    const sku = seed.lineItems[0]!.sku;
    const skuOrders = new Set(seed.lineItems.filter((l) => l.sku === sku).map((l) => l.orderId));
    // Cohorts with a filter are built from the matching orders only: first matching order, later matching orders.
    await compare("analytics-cohorts", { ...RANGE, origin }, new Oracle({ seed: { ...seed, orders: seed.orders.filter((o) => o.origin === origin) }, ...RANGE, tz: TZ }));
    await compare("analytics-cohorts", { ...RANGE, sku }, new Oracle({ seed: { ...seed, orders: seed.orders.filter((o) => skuOrders.has(o.id)) }, ...RANGE, tz: TZ }));
    // By month without a filter, whole months come from the per-month customer sets (0421) and the
    // partial months at the edges (a mid-month start, the month of a mid-month as-of) from the facts.
    const edges = { from: "2025-05-15", to: "2026-11-01", asOf: "2026-10-20T12:00:00.000Z" };
    await compare("analytics-customer", edges, new Oracle({ seed, ...edges, tz: TZ }));
    // The cohort reports read the sets too (the customer rollup for who is in a cohort, 0441 for guests and recovered orders), the product
    // reports the rollups of 0470 and 0471 (partial months from the lines): the same edges, the same independent computation; totals count an order once.
    for (const reportId of [...COHORT_REPORTS, ...PRODUCT_REPORTS]) await compare(reportId, edges, new Oracle({ seed, ...edges, tz: TZ }));
    // The overview's customers over a range with partial months at both ends, and over whole months only.
    for (const range of [RANGE, edges, { from: "2025-06-01", to: "2026-10-01", asOf: RANGE.asOf }, { from: "2026-03-10", to: "2026-03-20", asOf: RANGE.asOf }]) {
      expect(totalsOf(await run(owner.token, "analytics", range))).toEqual(overviewTotals(new Oracle({ seed, ...range, tz: TZ })));
      expect((await run(owner.token, "customer-daily-ltv", range)).totals).toEqual(dailyLtvTotals(new Oracle({ seed, ...range, tz: TZ })));
      const { newCustomers: _, ...byCohort } = overviewTotals(new Oracle({ seed, ...range, tz: TZ }));
      expect((await run(owner.token, "analytics-revenue-by-cohorts", range)).totals).toEqual({ ...byCohort, share: 100 });
    }
    const edgeLines = new Oracle({ seed, ...edges, tz: TZ }).lines;
    for (const [reportId, measure, returned] of [["product-all", "orders", false], ["product-all-variants", "orders", false], ["product-sold-item", "orders", false], ["product-return-items", "ordersWithReturns", true]] as const) expect((await run(owner.token, reportId, edges)).totals[measure]).toBe(new Set(edgeLines.filter((l) => !returned || l.returnedQuantity > 0).map((l) => l.orderId)).size);
    // Daily LTV and follow-up purchases follow the customers whose first order matches, through all their orders.
    const firstMatching = (f: (o: (typeof all.history)[number]) => boolean) => new Set(all.history.filter((o) => o.seq === 1 && f(o)).map((o) => o.customerId));
    const acquired = firstMatching((o) => o.origin === origin);
    const boughtFirst = firstMatching((o) => skuOrders.has(o.id));
    for (const reportId of ["customer-daily-ltv", "product-follow-up-purchases"]) {
      await compare(reportId, { ...RANGE, origin }, new Oracle({ seed: { ...seed, orders: seed.orders.filter((o) => acquired.has(o.customerId)) }, ...RANGE, tz: TZ }));
      await compare(reportId, { ...RANGE, sku }, new Oracle({ seed: { ...seed, orders: seed.orders.filter((o) => boughtFirst.has(o.customerId)) }, ...RANGE, tz: TZ }));
      const err = await expectError(run(owner.token, reportId, { ...RANGE, segment: "NEW" }), 400, "query.segment");
      expect(err.message).toMatch(/^The new or returning customers filter doesn't apply to this report/);
    }
  }, 120_000);

  it("keeps the order facts and the daily rollup exact through cancellations, returns and a zone change", async () => {
    const db = api.deps.pool;
    // The days as the orders say them, summed here rather than by the triggers' functions.
    const fromOrders = async (tz: string) => (await db.query<{ day: string; orders: number; revenue: number; units: number }>(
      `SELECT to_char((o.placed_at AT TIME ZONE $2)::date, 'YYYY-MM-DD') AS day, count(*)::int AS orders, sum(o.total_cents)::float8 AS revenue,
              sum((SELECT coalesce(sum(l.quantity), 0) FROM order_line_items l WHERE l.order_id = o.id))::float8 AS units
         FROM orders o WHERE o.store_id = $1 AND o.cancellation_state <> 'CANCELED' GROUP BY 1 ORDER BY 1`, [owner.store.id, tz])).rows;
    // The rollups as a report reads them: the orders written since the last fold folded first (0420).
    const fold = () => foldChangedOrders(db, owner.store.id);
    const rollup = async () => (await fold(), await db.query<{ day: string; orders: number; revenue: number; units: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, orders, revenue_cents::float8 AS revenue, units::float8 AS units FROM order_daily WHERE store_id = $1 ORDER BY day`, [owner.store.id])).rows;
    expect(await rollup()).toEqual(await fromOrders(TZ));

    // Each seeded order's place in its customer's history, as the independent computation says it.
    const oracle = new Oracle({ seed, ...RANGE, tz: TZ });
    await fold();
    const { rows: facts } = await db.query<{ order_id: string; seq: number; prev_at: Date | null }>(`SELECT order_id, seq, prev_at FROM order_facts WHERE store_id = $1`, [owner.store.id]);
    const byId = new Map(facts.map((f) => [f.order_id, f]));
    for (const o of oracle.history) expect({ id: o.id, seq: byId.get(o.id)?.seq, prev: byId.get(o.id)?.prev_at?.getTime() ?? null }).toEqual({ id: o.id, seq: o.seq, prev: o.prevAt });

    // A cancelled first order renumbers its customer's later orders; a return changes only its line's order.
    const repeater = oracle.history.find((o) => o.seq === 1 && o.nextAt !== null)!;
    await db.query(`UPDATE orders SET cancellation_state = 'CANCELED', canceled_at = now() WHERE id = $1`, [repeater.id]);
    await fold();
    const { rows: after } = await db.query<{ seq: number; prev_at: Date | null }>(`SELECT seq, prev_at FROM order_facts WHERE customer_id = $1 ORDER BY seq LIMIT 1`, [repeater.customerId]);
    expect(after[0]).toEqual({ seq: 1, prev_at: null });
    expect(byId.has(repeater.id) && (await db.query(`SELECT 1 FROM order_facts WHERE order_id = $1`, [repeater.id])).rowCount).toBe(0);
    await db.query(`UPDATE order_line_items SET returned_quantity = quantity WHERE order_id = (SELECT order_id FROM order_facts WHERE customer_id = $1 AND seq = 1)`, [repeater.customerId]);
    expect(await rollup()).toEqual(await fromOrders(TZ));

    // A zone change rebuilds the days in the new zone, and the daily reports read them.
    await setAnalyticsFlags(api, owner.token, { analytics: true, fulfillmentMetrics: true }, "Europe/Berlin");
    try {
      expect(await rollup()).toEqual(await fromOrders("Europe/Berlin"));
      const berlin = new Oracle({ seed: { ...seed, orders: seed.orders.map((o) => (o.id === repeater.id ? { ...o, cancellationState: "CANCELED" } : o)) }, ...RANGE, tz: "Europe/Berlin" });
      const r = await run(owner.token, "analytics-all-order", RANGE);
      const expected = berlin.expected("analytics-all-order")!;
      for (const row of r.rows) expect([row.key, row.values.orders, row.values.revenue]).toEqual([row.key, expected.get(row.key)?.orders ?? 0, expected.get(row.key)?.revenue ?? 0]);

      // The per-month customer sets were rebuilt in the new zone (0421), equal to the months the orders
      // give in it, and the reports that read them agree with the independent computation in Berlin.
      const setsFromOrders = (await db.query(
        `SELECT customer_id, to_char(date_trunc('month', placed_at AT TIME ZONE 'Europe/Berlin'), 'YYYY-MM-DD') AS month, count(*)::int AS orders, sum(total_cents)::float8 AS revenue
           FROM orders WHERE store_id = $1 AND customer_id IS NOT NULL AND cancellation_state <> 'CANCELED' GROUP BY 1, 2 ORDER BY 1, 2`, [owner.store.id])).rows;
      const sets = await db.query(`SELECT customer_id, to_char(month, 'YYYY-MM-DD') AS month, orders, revenue_cents::float8 AS revenue, timezone FROM customer_months WHERE store_id = $1 ORDER BY 1, 2`, [owner.store.id]);
      expect(new Set(sets.rows.map((x) => x.timezone))).toEqual(new Set(["Europe/Berlin"]));
      expect(sets.rows.map(({ timezone: _, ...x }) => x)).toEqual(setsFromOrders);
      const edges = { from: "2025-05-15", to: "2026-11-01", asOf: "2026-10-20T12:00:00.000Z" };
      const berlinEdges = new Oracle({ ...berlin.input, ...edges });
      for (const reportId of ["analytics-customer", "analytics-zone-development", "analytics-all-customers-graph", ...COHORT_REPORTS, ...PRODUCT_REPORTS]) {
        const rows = new Map((await run(owner.token, reportId, edges)).rows.map((x) => [x.key, x.values]));
        for (const [key, values] of berlinEdges.expected(reportId)!) for (const [measure, value] of Object.entries(values)) expect({ reportId, key, measure, value: rows.get(key)?.[measure] ?? null }).toEqual({ reportId, key, measure, value });
      }
      expect(totalsOf(await run(owner.token, "analytics", edges))).toEqual(overviewTotals(berlinEdges));
      expect((await run(owner.token, "customer-daily-ltv", edges)).totals).toEqual(dailyLtvTotals(berlinEdges));
    } finally {
      await setAnalyticsFlags(api, owner.token, { analytics: true, fulfillmentMetrics: true }, TZ);
    }
  });
  it("keeps every rollup equal to a full recomputation through appends, back-dated orders, returns, cancellations, moves and deletions", async () => {
    const db = api.deps.pool;
    const store = owner.store.id;
    const tag = Date.now();
    const email = (n: number) => `rollup-${tag}-${n}@example.com`;
    const order = (n: number, who: number, placedAt: string, totalCents = 5_000) =>
      createOrder(api, store, { orderNumber: 95_000 + n, email: email(who), totalCents, placedAt });
    // Appends (the cheap path), then an order before the customer's first (a recomputed history).
    const a1 = await order(1, 1, "2026-09-01T12:00:00Z");
    const a2 = await order(2, 1, "2026-09-15T12:00:00Z", 7_000);
    const a3 = await order(3, 1, "2026-10-20T03:30:00Z", 3_000);
    await order(4, 1, "2026-08-01T12:00:00Z", 2_000);
    const b1 = await order(5, 2, "2026-10-01T12:00:00Z");
    const b2 = await order(6, 2, "2026-10-02T12:00:00Z");
    // Either side of a month's first midnight in the store's zone (New York): August 31st, then September 1st.
    const c1 = await order(7, 3, "2026-09-01T03:30:00Z");
    await order(8, 3, "2026-09-01T04:30:00Z");
    // Folds at several points, so each later fold applies its changes to rollups already folded once.
    const fold = () => foldChangedOrders(db, store);
    expect(await fold()).toBeGreaterThanOrEqual(6);
    // A second line and a return on it, a line added and removed; a fulfilment and a new total copied over.
    await db.query(`INSERT INTO order_line_items (order_id, store_id, sku, title, quantity, unit_price_cents, returned_quantity) VALUES ($1, $2, 'CAP-${tag}', 'Cap', 3, 1500, 0)`, [a2, store]);
    await db.query(`UPDATE order_line_items SET returned_quantity = 2 WHERE order_id = $1 AND sku = 'CAP-${tag}'`, [a2]);
    await db.query(`UPDATE order_line_items SET returned_quantity = 1 WHERE order_id = $1 AND sku <> 'CAP-${tag}'`, [a3]);
    await db.query(`INSERT INTO order_line_items (order_id, store_id, sku, title, quantity, unit_price_cents) VALUES ($1, $2, 'PIN-${tag}', 'Pin', 5, 300)`, [b2, store]);
    await db.query(`DELETE FROM order_line_items WHERE order_id = $1 AND sku = 'PIN-${tag}'`, [b2]);
    await db.query(`UPDATE orders SET fulfilled_at = '2026-10-22T00:00:00Z', subtotal_cents = 3_000, shipping_cents = 100, total_cents = 3_100 WHERE id = $1`, [a3]);
    await fold();
    // The latest order cancelled (its predecessor becomes the latest), then restored; a first order cancelled.
    await db.query(`UPDATE orders SET cancellation_state = 'CANCELED', canceled_at = now() WHERE id = $1`, [a3]);
    await db.query(`UPDATE orders SET cancellation_state = 'NONE', canceled_at = NULL WHERE id = $1`, [a3]);
    await db.query(`UPDATE orders SET cancellation_state = 'CANCELED', canceled_at = now() WHERE id = $1`, [b1]);
    await db.query(`UPDATE orders SET cancellation_state = 'CANCELED', canceled_at = now() WHERE id = $1`, [c1]);
    await fold();
    // An order moved to another customer and to another day; a line moved between orders; an order deleted.
    await db.query(`UPDATE orders SET customer_id = (SELECT customer_id FROM orders WHERE id = $2), placed_at = '2026-07-04T23:30:00Z' WHERE id = $1`, [b2, a1]);
    await db.query(`UPDATE order_line_items SET order_id = $2 WHERE order_id = $1 AND sku = 'CAP-${tag}'`, [a2, a1]);
    await db.query(`DELETE FROM orders WHERE id = $1`, [a2]);
    await db.query(`INSERT INTO order_line_items (order_id, store_id, sku, title, quantity, unit_price_cents) VALUES ($1, $2, 'CAPB-${tag}', 'Cap — Blue', 1, 1500)`, [a1, store]); // two variants of one product in one order
    // One statement writing a customer's orders out of time order, the way an import does.
    await db.query(
      `INSERT INTO orders (store_id, customer_id, order_number, origin, email, subtotal_cents, total_cents, placed_at)
       SELECT $1, c.id, 95_100 + g, 'SHOPIFY_CREATOR', c.email, 1_000 * g, 1_000 * g, timestamptz '2026-06-01T00:00:00Z' + (4 - g) * interval '9 days'
         FROM customers c, generate_series(1, 3) g WHERE c.store_id = $1 AND c.email = $2`,
      [store, email(1)],
    );

    await fold(); // then a line's title renamed (the product rollups read it, 0470) is noted and folded
    await db.query(`UPDATE order_line_items SET title = 'Cap — Navy' WHERE order_id = $1 AND sku = 'CAPB-${tag}'`, [a1]);
    expect(await fold()).toBe(1);
    // A write that changes nothing a rollup reads notes nothing: the fold has no order to refresh.
    await db.query(`UPDATE orders SET processing_status = 'PROCESSING', note = 'packed' WHERE id = $1`, [a1]);
    await db.query(`UPDATE order_line_items SET fulfilled_quantity = fulfilled_quantity WHERE order_id = $1`, [a1]);
    expect(await fold()).toBe(0);
    const snapshot = async () => ({
      facts: (await db.query(`SELECT * FROM order_facts WHERE store_id = $1 ORDER BY order_id`, [store])).rows,
      customers: (await db.query(`SELECT customer_id, first_order_at, last_order_at, previous_order_at, orders_count, revenue_cents, returned_cents,
                                         avg_interval_days::text, first_origin FROM customer_metrics WHERE store_id = $1 ORDER BY customer_id`, [store])).rows,
      days: (await db.query(`SELECT * FROM order_daily WHERE store_id = $1 ORDER BY day`, [store])).rows,
      months: (await db.query(`SELECT * FROM customer_months WHERE store_id = $1 ORDER BY month, customer_id`, [store])).rows,
      products: (await db.query(`SELECT * FROM product_months WHERE store_id = $1 ORDER BY month, sku, title`, [store])).rows,
      pairs: (await db.query(`SELECT * FROM product_pair_months WHERE store_id = $1 ORDER BY month, a_product, b_product`, [store])).rows, followUps: (await db.query(`SELECT * FROM customer_follow_ups WHERE store_id = $1 ORDER BY customer_id, a_product, b_product`, [store])).rows,
      steps: (await db.query(`SELECT * FROM customer_month_steps WHERE store_id = $1 ORDER BY month, prev_month, cohort`, [store])).rows,
      cohortDays: (await db.query(`SELECT * FROM cohort_days WHERE store_id = $1 ORDER BY cohort, month, since_day`, [store])).rows,
      activity: (await db.query(`SELECT * FROM customer_activity_months WHERE store_id = $1 ORDER BY kind, month, customer_id`, [store])).rows,
      activitySteps: (await db.query(`SELECT * FROM customer_activity_steps WHERE store_id = $1 ORDER BY kind, month, prev_month`, [store])).rows,
      channelMonths: (await db.query(`SELECT * FROM channel_months WHERE store_id = $1 ORDER BY month, origin`, [store])).rows,
      customerChannels: (await db.query(`SELECT * FROM customer_channels WHERE store_id = $1 ORDER BY customer_id, origin`, [store])).rows,
    });
    const kept = await snapshot();
    expect([kept.customers.length > 0, kept.days.length > 0, kept.months.length > 0]).toEqual([true, true, true]);
    expect(kept.products.filter((p) => p.sku.endsWith(`-${tag}`)).map((p) => [p.title, p.orders, p.product_orders])).toEqual([["Cap", 1, 1], ["Cap — Navy", 1, 0]]);
    const first = (await db.query<{ customer_id: string }>(`SELECT customer_id FROM orders WHERE id = $1`, [a1])).rows[0]!.customer_id;
    // a1, a3, the back-dated one, b2 moved in and the three imported: a2 was deleted.
    expect(kept.facts.filter((f) => f.customer_id === first).map((f) => f.seq).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The full recomputations of 0100, 0170 and 0171, from the orders and lines alone.
    await db.query(`SELECT refresh_order_facts(ARRAY(SELECT DISTINCT customer_id FROM orders WHERE store_id = $1 AND customer_id IS NOT NULL),
                                               ARRAY(SELECT id FROM orders WHERE store_id = $1 AND customer_id IS NULL))`, [store]);
    await db.query(`SELECT refresh_customer_metrics(ARRAY(SELECT id FROM customers WHERE store_id = $1))`, [store]);
    await db.query(`SELECT order_daily_rebuild_store($1)`, [store]);
    await db.query(`SELECT customer_months_rebuild_store($1)`, [store]);
    await db.query(`SELECT customer_month_steps_rebuild_store($1)`, [store]);
    await db.query(`SELECT cohort_days_rebuild_store($1)`, [store]);
    await db.query(`SELECT customer_activity_rebuild_store($1)`, [store]);
    await db.query(`SELECT product_months_rebuild($1, NULL), customer_follow_ups_refresh($1, NULL)`, [store]);
    await db.query(`SELECT channel_months_rebuild_store($1), customer_channels_refresh(ARRAY(SELECT id FROM customers WHERE store_id = $1))`, [store]);
    expect(await snapshot()).toEqual(kept);
  });
});
