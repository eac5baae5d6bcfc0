import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analytics, type analytics as A } from "@atelier/contracts";
import { as, type TestApi, type TestUser } from "./harness";
import { createOrder, inMovedZone } from "../../test/factories";
import { expectOracleFigures, Oracle } from "./analytics-oracle";
import { nonEmpty, startSeededAnalyticsStore, storeRows, withoutRollups } from "./analytics-store-rows";
import { foldChangedOrders } from "../src/queries/analytics/fold-changes";

// Marketing channels on its month and customer rollups (migration 0562) and base zone's bands as moments
// (report-customer-sets.ts), when unfiltered: each gives the independent computation's figures over the raw rows,
// and the same rows and totals as the report read from the facts and the customers, through orders placed,
// re-channelled, returned and cancelled and folded after the write, ranges whose edges are partial months, a
// range its customers' orders straddle, orders either side of a month's first midnight in the store's zone, and
// last orders either side of base zone's 30 days to the microsecond.

const ANCHOR = new Date("2026-11-01T00:00:00Z");
const TZ = "America/New_York";
const REPORTS = ["marketing-channels", "analytics-base-zone"];
const RANGES = [
  // Whole months, and October (to 20:00 on the 31st in New York) from the facts.
  { from: "2024-11-01", to: "2026-11-01", asOf: ANCHOR.toISOString() },
  // A mid-month start and an as-of moment in the middle of a day: both edges from the facts.
  { from: "2025-05-15", to: "2026-11-01", asOf: "2026-10-20T12:00:00.000Z" },
  // No whole month: late September, then 1 October up to 02:00 in New York.
  { from: "2026-09-15", to: "2026-10-15", asOf: "2026-10-01T06:00:00.000Z" },
  // A range long before the as-of moment: most customers' first order is before it and their last after it.
  { from: "2025-03-01", to: "2025-09-01", asOf: ANCHOR.toISOString() },
];

let api: TestApi;
let owner: TestUser;
beforeAll(async () => void ({ api, owner } = await startSeededAnalyticsStore(TZ, ANCHOR)), 300_000);
afterAll(() => api.close());

const run = (reportId: string, query: A.ReportParamsInput) => as(api, owner.token, analytics.runReport, { params: { reportId }, query });
/** The report read without its rollups. */
const fromFacts = (reportId: string, q: (typeof RANGES)[number], timezone: string) => withoutRollups(api.deps.pool, reportId, { storeId: owner.store.id, ...q, timezone });

/** The totals as the raw rows give them. */
function totalsOf(o: Oracle, reportId: string): Record<string, number> {
  if (reportId === "analytics-base-zone") return { customers: o.customers.length, share: 100, revenue: o.customers.reduce((s, c) => s + c.revenue, 0) };
  return {
    orders: o.inRange.length, revenue: o.inRange.reduce((s, x) => s + x.totalCents, 0),
    customers: new Set(o.inRange.map((x) => x.customerId)).size, newCustomers: o.inRange.filter((x) => x.seq === 1).length,
  };
}

/** Both reports over every range: the independent computation's rows and totals, and the facts' rows and totals. */
async function expectExact(tz = TZ) {
  await foldChangedOrders(api.deps.pool, owner.store.id);
  const seed = await storeRows(api.deps.pool, owner.store.id);
  for (const q of RANGES) {
    const oracle = new Oracle({ seed, ...q, tz });
    const results = new Map<string, A.ReportResult>();
    for (const reportId of REPORTS) {
      // The computation holds the event loop: let the HTTP agent's idle timers run before the next request (analytics.test.ts).
      await new Promise((resolve) => setTimeout(resolve, 0));
      const r = await run(reportId, q);
      results.set(reportId, r);
      expect({ reportId, q, rows: nonEmpty(r.rows), totals: r.totals }).toEqual({ reportId, q, ...(await fromFacts(reportId, q, tz)) });
      expect({ reportId, q, totals: r.totals }).toMatchObject({ reportId, q, totals: totalsOf(oracle, reportId) });
    }
    expect(await expectOracleFigures(oracle, REPORTS, async (reportId) => results.get(reportId)!.rows)).toBeGreaterThan(10);
  }
}

describe("marketing channels and base zone on their rollups", () => {
  it("stay exact through orders placed, re-channelled, returned and cancelled, across a month's first midnight and base zone's 30 days", async () => {
    const db = api.deps.pool;
    const store = owner.store.id;
    await expectExact();

    const tag = Date.now();
    // A new customer's first order at 23:30 on 30 September in New York through Cart Rover, the next at 00:30 on 1 October.
    const first = await createOrder(api, store, { orderNumber: 96_001, email: `ch-${tag}@example.com`, totalCents: 7_000, placedAt: "2026-10-01T03:30:00Z", origin: "CART_ROVER" });
    await createOrder(api, store, { orderNumber: 96_002, email: `ch-${tag}@example.com`, totalCents: 5_000, placedAt: "2026-10-01T04:30:00Z" });
    // One-order customers whose only order is exactly 30 days before the cutoff (New), and a millisecond earlier (Active).
    await createOrder(api, store, { orderNumber: 96_003, totalCents: 3_000, placedAt: "2026-10-02T00:00:00.000Z" });
    await createOrder(api, store, { orderNumber: 96_004, totalCents: 3_000, placedAt: "2026-10-01T23:59:59.999Z" });
    // A customer of the straddled range orders in it through a channel they had not used.
    const seeded = await storeRows(db, store);
    const live = seeded.orders.filter((o) => o.cancellationState !== "CANCELED");
    const straddler = seeded.customers.find((c) => {
      const at = live.filter((o) => o.customerId === c.id).map((o) => o.placedAt).sort();
      return at.length > 1 && at[0]! < "2025-03-01" && at.at(-1)! > "2025-09-02" && !at.some((x) => x >= "2025-03-01" && x < "2025-09-02");
    });
    if (straddler) {
      const email = (await db.query<{ email: string }>(`SELECT email FROM customers WHERE id = $1`, [straddler.id])).rows[0]!.email;
      await createOrder(api, store, { orderNumber: 96_005, email, totalCents: 9_000, placedAt: "2025-06-10T15:00:00Z", origin: "MANUAL_RETAIL" });
    }
    await expectExact();

    // An order moved to another channel, a return, a customer's first order cancelled (their second becomes their first),
    // and the Cart Rover order cancelled (the customer leaves that channel).
    const moved = live.find((o) => o.origin === "SHOPIFY_CREATOR" && o.placedAt >= "2026-06-01")!;
    await db.query(`UPDATE orders SET origin = 'IMPORT' WHERE id = $1`, [moved.id]);
    await db.query(`UPDATE order_line_items SET returned_quantity = quantity WHERE order_id = $1`, [live[3]!.id]);
    const firstOrder = live.find((o) => o.placedAt >= "2025-01-01" && live.some((x) => x.customerId === o.customerId && x.placedAt > o.placedAt)
      && !live.some((x) => x.customerId === o.customerId && x.placedAt < o.placedAt))!;
    for (const id of [firstOrder.id, first]) await db.query(`UPDATE orders SET cancellation_state = 'CANCELED', canceled_at = now() WHERE id = $1`, [id]);
    await expectExact();

    // The rollups as kept through those folds are what a full recomputation gives.
    const kept = async () => ({
      months: (await db.query(`SELECT * FROM channel_months WHERE store_id = $1 ORDER BY month, origin`, [store])).rows,
      customers: (await db.query(`SELECT * FROM customer_channels WHERE store_id = $1 ORDER BY customer_id, origin`, [store])).rows,
    });
    const before = await kept();
    expect(before.months.length).toBeGreaterThan(20);
    expect(before.customers.some((c) => c.origin === "CART_ROVER" && c.first_at.toISOString() === "2026-10-01T03:30:00.000Z")).toBe(false);
    await db.query(`SELECT channel_months_rebuild_store($1)`, [store]);
    await db.query(`SELECT customer_channels_refresh(ARRAY(SELECT id FROM customers WHERE store_id = $1))`, [store]);
    expect(await kept()).toEqual(before);

    // A zone change rebuilds the months in the new zone, and the reports agree with the computation there.
    await inMovedZone(api, owner.token, store, "channel_months", "Europe/Berlin", TZ, () => expectExact("Europe/Berlin"));
  }, 600_000);
});
