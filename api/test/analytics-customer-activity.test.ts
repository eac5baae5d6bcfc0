import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analytics, type analytics as A } from "@atelier/contracts";
import { as, type TestApi, type TestUser } from "./harness";
import { createOrder } from "../../test/factories";
import { foldChangedOrders } from "../src/queries/analytics/fold-changes";
import { startSeededAnalyticsStore } from "./analytics-store-rows";
import { local, localMidnight, pct2, percentileCont, roundHalfEven } from "./analytics-oracle-math";

// The customer activity reports by month (new vs returning customers, zone development, the all-customers
// graph), which read the customers' month steps without filters (0510, 0530), time between purchases
// (its bands compared as intervals, its medians read at their places: 0566) and the average order value by month
// (its months' sums and medians kept, the totals' median walked in its value bucket: 0567): their rows and totals against
// a recomputation in plain TypeScript over the orders' raw rows, over whole months and over a range with
// partial months at both edges, before and after orders are placed, returned and cancelled, either side of
// a month's first midnight in the store's zone.

const ANCHOR = new Date("2026-11-01T00:00:00Z");
const TZ = "America/New_York";
const WHOLE = { from: "2024-11-01", to: "2026-11-01", asOf: ANCHOR.toISOString() } as const;
const EDGES = { from: "2025-05-15", to: "2026-11-01", asOf: "2026-10-20T12:00:00.000Z" } as const;
const DAY = 86_400_000;

let api: TestApi;
let owner: TestUser;
beforeAll(async () => void ({ api, owner } = await startSeededAnalyticsStore(TZ, ANCHOR)), 120_000);
afterAll(() => api.close());

type Placed = { customerId: string | null; at: number; seq: number; prevAt: number | null; total: number };
type Figures = { rows: Map<string, Record<string, number | null>>; totals: Record<string, number | null> };

/** The store's live orders as of the range's as-of moment, each with its place in its customer's history. */
async function history(asOf: string): Promise<Placed[]> {
  const { rows } = await api.deps.pool.query<{ id: string; customer_id: string | null; placed_at: Date; total_cents: number }>(
    `SELECT id, customer_id, placed_at, total_cents FROM orders WHERE store_id = $1 AND cancellation_state <> 'CANCELED' AND placed_at < $2`, [owner.store.id, asOf]);
  const byCustomer = new Map<string, typeof rows>();
  const out: Placed[] = [];
  for (const o of rows) {
    if (!o.customer_id) out.push({ customerId: null, at: o.placed_at.getTime(), seq: 1, prevAt: null, total: o.total_cents });
    else byCustomer.set(o.customer_id, [...(byCustomer.get(o.customer_id) ?? []), o]);
  }
  for (const list of byCustomer.values()) {
    list.sort((a, b) => a.placed_at.getTime() - b.placed_at.getTime() || (a.id < b.id ? -1 : 1));
    list.forEach((o, i) => out.push({ customerId: o.customer_id, at: o.placed_at.getTime(), seq: i + 1, prevAt: i > 0 ? list[i - 1]!.placed_at.getTime() : null, total: o.total_cents }));
  }
  return out;
}

/** Distinct customers among the orders matching each predicate, per month of the range and over it. */
function distinctByMonth(range: { from: string; asOf: string }, orders: Placed[], kinds: Record<string, (o: Placed) => boolean>, share?: [string, string, string]): Figures {
  const fromAt = localMidnight(range.from, TZ);
  const cutoff = Math.min(Date.parse(range.asOf), localMidnight(WHOLE.to, TZ));
  const inRange = orders.filter((o) => o.at >= fromAt && o.at < cutoff);
  const count = (list: Placed[]) => Object.fromEntries(Object.entries(kinds).map(([k, f]) => [k, new Set(list.filter((o) => o.customerId && f(o)).map((o) => o.customerId)).size])) as Record<string, number>;
  const withShare = (v: Record<string, number>) => (share ? { ...v, [share[0]]: v[share[2]] ? pct2(v[share[1]]!, v[share[2]]!) : null } : v);
  const months = new Map<string, Placed[]>();
  for (const o of inRange) months.set(local(o.at, TZ).month, [...(months.get(local(o.at, TZ).month) ?? []), o]);
  return { rows: new Map([...months].map(([m, list]) => [m, withShare(count(list))])), totals: withShare(count(inRange)) };
}

const gap = (o: Placed) => (o.prevAt === null ? null : (o.at - o.prevAt) / DAY);
const expectedOf: Record<string, (range: { from: string; asOf: string }, orders: Placed[]) => Figures> = {
  "analytics-customer": (range, orders) => distinctByMonth(range, orders, { customers: () => true, newCustomers: (o) => o.seq === 1, returningCustomers: (o) => o.seq > 1 }, ["returningShare", "returningCustomers", "customers"]),
  "analytics-zone-development": (range, orders) => distinctByMonth(range, orders, { newCustomers: (o) => o.seq === 1, returning: (o) => gap(o) !== null && gap(o)! <= 180, reactivated: (o) => gap(o) !== null && gap(o)! > 180 }),
  "analytics-time-between-purchase": (range, orders) => gapBands(range, orders),
  "order-avg-value": (range, orders) => orderValues(range, orders),
  "analytics-all-customers-graph": (range, orders) => {
    const fromAt = localMidnight(range.from, TZ);
    const cutoff = Math.min(Date.parse(range.asOf), localMidnight(WHOLE.to, TZ));
    const firsts = orders.filter((o) => o.customerId && o.seq === 1 && o.at < cutoff);
    const rows = new Map<string, Record<string, number | null>>();
    for (const o of firsts.filter((x) => x.at >= fromAt)) {
      const m = local(o.at, TZ).month;
      rows.set(m, { newCustomers: (rows.get(m)?.newCustomers ?? 0) + 1 });
    }
    // The running total over the months in order, from the customers who came before the range.
    let running = firsts.filter((o) => o.at < fromAt).length;
    for (const m of [...rows.keys()].sort()) rows.set(m, { newCustomers: rows.get(m)!.newCustomers!, totalCustomers: (running += rows.get(m)!.newCustomers!) });
    return { rows, totals: { newCustomers: firsts.filter((o) => o.at >= fromAt).length, totalCustomers: firsts.length } };
  },
};

/** Average order value by month: orders, their mean total (a numeric rounded half away from zero) and median (a double rounded half to even). */
function orderValues(range: { from: string; asOf: string }, orders: Placed[]): Figures {
  const fromAt = localMidnight(range.from, TZ);
  const cutoff = Math.min(Date.parse(range.asOf), localMidnight(WHOLE.to, TZ));
  const figures = (totals: number[]) => ({
    aov: Math.round(totals.reduce((a, b) => a + b, 0) / totals.length),
    medianValue: roundHalfEven(percentileCont([...totals].sort((a, b) => a - b), 0.5)),
    orders: totals.length,
  });
  const inRange = orders.filter((o) => o.at >= fromAt && o.at < cutoff);
  const months = new Map<string, number[]>();
  for (const o of inRange) months.set(local(o.at, TZ).month, [...(months.get(local(o.at, TZ).month) ?? []), o.total]);
  return { rows: new Map([...months].map(([m, totals]) => [m, figures(totals)])), totals: figures(inRange.map((o) => o.total)) };
}

/** round(x::numeric, 1) of a double, as the reports say a median in days (the double read to 15 digits, halves away from zero). */
const round1 = (x: number) => Math.sign(x) * Math.round(Number((Math.abs(Number(x.toPrecision(15))) * 10).toPrecision(14))) / 10;
/** Time between purchases: the reorders of the range by whole days since the previous order, with their median gap. */
function gapBands(range: { from: string; asOf: string }, orders: Placed[]): Figures {
  const fromAt = localMidnight(range.from, TZ);
  const cutoff = Math.min(Date.parse(range.asOf), localMidnight(WHOLE.to, TZ));
  const gaps = orders.filter((o) => o.prevAt !== null && o.at >= fromAt && o.at < cutoff).map((o) => gap(o)!);
  const median = (list: number[]) => round1(percentileCont([...list].sort((a, b) => a - b), 0.5));
  const bands = new Map<string, number[]>();
  for (const g of gaps) {
    const i = [7, 14, 30, 60, 90, 180, 365].findIndex((edge) => Math.floor(g) <= edge);
    const key = String((i < 0 ? 7 : i) + 1).padStart(2, "0");
    bands.set(key, [...(bands.get(key) ?? []), g]);
  }
  const rows = new Map([...bands].map(([k, list]) => [k, { reorders: list.length, share: pct2(list.length, gaps.length), medianDays: median(list) }]));
  return { rows, totals: { reorders: gaps.length, share: 100, medianDays: median(gaps) } };
}

/** Each report's rows and totals from the API, against the recomputation; months without orders are zero (or carried, for a running total). */
async function expectReportsMatch(range: typeof WHOLE | typeof EDGES) {
  const orders = await history(range.asOf);
  for (const [reportId, expected] of Object.entries(expectedOf)) {
    const want = expected(range, orders);
    const got = await as(api, owner.token, analytics.runReport, { params: { reportId }, query: range satisfies A.ReportParamsInput });
    expect({ reportId, totals: got.totals }).toEqual({ reportId, totals: want.totals });
    const keys = got.rows.map((r) => r.key);
    expect(keys.filter((k) => !want.rows.has(k)).length + want.rows.size, reportId).toBe(keys.length);
    let carried: number | null = null;
    for (const row of got.rows) {
      const empty = Object.fromEntries(Object.keys(row.values).map((k) => [k, k === "totalCustomers" ? carried : k === "returningShare" ? null : 0]));
      expect({ reportId, key: row.key, values: row.values }).toEqual({ reportId, key: row.key, values: want.rows.get(row.key) ?? empty });
      carried = row.values.totalCustomers ?? null;
    }
  }
}

describe("customer activity reports", () => {
  it("match the orders over whole months and over partial edges, before and after orders are placed, returned and cancelled", async () => {
    const db = api.deps.pool;
    const store = owner.store.id;
    await expectReportsMatch(WHOLE);
    await expectReportsMatch(EDGES);

    // A new customer either side of September's first midnight in New York (August 31st, then September 1st),
    // then back in the edge month; an existing customer reactivated after a long gap in the edge month.
    const email = `activity-${Date.now()}@example.com`;
    await createOrder(api, store, { orderNumber: 97_001, email, totalCents: 4_000, placedAt: "2026-09-01T03:30:00Z" });
    await createOrder(api, store, { orderNumber: 97_002, email, totalCents: 5_000, placedAt: "2026-09-01T04:30:00Z" });
    const back = await createOrder(api, store, { orderNumber: 97_003, email, totalCents: 6_000, placedAt: "2026-10-10T12:00:00Z" });
    // Gaps of exactly 8 days (8–14 days) and of a second under 8 days (0–7 days): the bands' edges.
    const edge = `gaps-${Date.now()}@example.com`;
    await createOrder(api, store, { orderNumber: 97_005, email: edge, placedAt: "2026-08-01T12:00:00Z" });
    await createOrder(api, store, { orderNumber: 97_006, email: edge, placedAt: "2026-08-09T12:00:00Z" });
    await createOrder(api, store, { orderNumber: 97_007, email: edge, placedAt: "2026-08-17T11:59:59Z" });
    // Customers at both edges of EDGES: one in both partial months and none of the whole months between, one
    // also in the whole months (a repeat there), one whose first and second orders are both in the last edge.
    const both = `both-edges-${Date.now()}@example.com`;
    await createOrder(api, store, { orderNumber: 97_008, email: both, placedAt: "2025-05-20T12:00:00Z" });
    await createOrder(api, store, { orderNumber: 97_009, email: both, placedAt: "2026-10-08T12:00:00Z" });
    const through = `through-${Date.now()}@example.com`;
    await createOrder(api, store, { orderNumber: 97_010, email: through, placedAt: "2025-05-21T12:00:00Z" });
    await createOrder(api, store, { orderNumber: 97_011, email: through, placedAt: "2025-08-01T12:00:00Z" });
    await createOrder(api, store, { orderNumber: 97_012, email: through, placedAt: "2026-10-07T12:00:00Z" });
    const twice = `twice-${Date.now()}@example.com`;
    await createOrder(api, store, { orderNumber: 97_013, email: twice, placedAt: "2026-10-03T12:00:00Z" });
    await createOrder(api, store, { orderNumber: 97_014, email: twice, placedAt: "2026-10-06T12:00:00Z" });
    const { rows: [quiet] } = await db.query<{ email: string }>(
      `SELECT cu.email::text AS email FROM customers cu JOIN customer_metrics m ON m.customer_id = cu.id
        WHERE cu.store_id = $1 AND m.last_order_at < '2026-03-01' ORDER BY m.last_order_at DESC LIMIT 1`, [store]);
    await createOrder(api, store, { orderNumber: 97_004, email: quiet!.email, totalCents: 7_000, placedAt: "2026-10-05T12:00:00Z" });
    // A return on one order; a repeater's first order cancelled, which renumbers their later orders.
    await db.query(`UPDATE order_line_items SET returned_quantity = quantity WHERE order_id = $1`, [back]);
    const { rows: [repeater] } = await db.query<{ order_id: string }>(
      `SELECT order_id FROM order_facts WHERE store_id = $1 AND seq = 1 AND next_at BETWEEN '2025-08-01' AND '2026-06-01' AND customer_id IS NOT NULL LIMIT 1`, [store]);
    await db.query(`UPDATE orders SET cancellation_state = 'CANCELED', canceled_at = now() WHERE id = $1`, [repeater!.order_id]);
    expect(await foldChangedOrders(db, store)).toBeGreaterThanOrEqual(15);
    await expectReportsMatch(WHOLE);
    await expectReportsMatch(EDGES);

    // The kept rows are the full recomputation's (0530).
    const snapshot = async () => ({
      months: (await db.query(`SELECT * FROM customer_activity_months WHERE store_id = $1 ORDER BY kind, month, customer_id`, [store])).rows,
      steps: (await db.query(`SELECT * FROM customer_activity_steps WHERE store_id = $1 ORDER BY kind, month, prev_month`, [store])).rows,
    });
    const kept = await snapshot();
    expect(new Set(kept.steps.map((s) => s.kind))).toEqual(new Set(["repeat", "returning", "reactivated"]));
    await db.query(`SELECT customer_activity_rebuild_store($1)`, [store]);
    expect(await snapshot()).toEqual(kept);
  }, 120_000);
});
