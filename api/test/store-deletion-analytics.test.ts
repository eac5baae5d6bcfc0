import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analytics } from "@atelier/contracts";
import { as, registerUser, startPrivateTestApi, type TestApi, type TestUser } from "./harness";
import type { Database } from "../src/db/pool";
import { seedAnalyticsHistory, setAnalyticsFlags } from "../../test/factories";
import { foldChangedOrders } from "../src/queries/analytics/fold-changes";

// Deleting a store whose orders are folded into the rollups (migration 0520): the cascade from stores
// to orders, facts and months must not make the rollups' triggers write rows again for the store being
// deleted (the foreign key to stores refuses them). A database of its own and no jobs: the fold happens
// when the test says so, and the other store's rows change only if the deletion touches them.

const ANCHOR = new Date("2026-11-01T00:00:00Z");
const RANGE = { from: "2025-11-01", to: "2026-11-01", asOf: ANCHOR.toISOString() } as const;
const REPORTS = ["analytics", "analytics-cohorts", "analytics-rfm", "analytics-churn-risk", "marketing-channels", "product-return-rate", "order-time-analysis", "order-items-per-basket",
  "order-avg-value", "analytics-time-between-purchase"];

let db: Database;
let api: TestApi;
beforeAll(async () => {
  ({ db, api } = await startPrivateTestApi());
}, 120_000);
afterAll(async () => {
  await api?.close();
  await db?.close();
});

/** Every table that holds rows by store (the rollups, the facts, the fold's notes among them). */
async function storeTables(): Promise<string[]> {
  const { rows } = await db.pool.query<{ table_name: string }>(
    `SELECT c.table_name FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND c.column_name = 'store_id' AND t.table_type = 'BASE TABLE' ORDER BY 1`,
  );
  return rows.map((r) => r.table_name);
}

/** The store's rows in each table, as text sorted, so a change anywhere shows. */
async function rowsOf(storeId: string, tables: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await db.pool.query<{ r: string }>(`SELECT x::text AS r FROM "${table}" x WHERE x.store_id = $1 ORDER BY 1`, [storeId]);
    out[table] = rows.map((r) => r.r);
  }
  return out;
}

async function seededStore(seed: number, timezone: string): Promise<TestUser> {
  const u = await registerUser(api);
  await setAnalyticsFlags(api, u.token, { analytics: true, fulfillmentMetrics: true }, timezone);
  await seedAnalyticsHistory(api, u.store.id, { anchor: ANCHOR, seed, customers: 40, orders: 160 });
  await foldChangedOrders(db.pool, u.store.id);
  return u;
}

const reports = async (u: TestUser) =>
  Promise.all(REPORTS.map((reportId) => as(api, u.token, analytics.runReport, { params: { reportId }, query: RANGE })));

describe("deleting a store with folded analytics", () => {
  it("takes every row of the store with it and leaves another store's rollups as they were", async () => {
    const [gone, kept] = [await seededStore(11, "America/New_York"), await seededStore(12, "Europe/Berlin")];
    const tables = await storeTables();
    // The seed has what the rollups fold: several months, returns, cancellations, multi-line orders (pairs).
    const shape = await db.pool.query<{ months: number; returned: number; cancelled: number; pairs: number; facts: number }>(
      `SELECT (SELECT count(DISTINCT date_trunc('month', placed_at))::int FROM orders WHERE store_id = $1) AS months,
              (SELECT count(*)::int FROM order_line_items WHERE store_id = $1 AND returned_quantity > 0) AS returned,
              (SELECT count(*)::int FROM orders WHERE store_id = $1 AND canceled_at IS NOT NULL) AS cancelled,
              (SELECT count(*)::int FROM product_pair_months WHERE store_id = $1) AS pairs,
              (SELECT count(*)::int FROM order_facts WHERE store_id = $1) AS facts`,
      [gone.store.id],
    );
    const s = shape.rows[0]!;
    expect([s.months > 3, s.returned > 0, s.cancelled > 0, s.pairs > 0, s.facts > 0]).toEqual([true, true, true, true, true]);
    const goneBefore = await rowsOf(gone.store.id, tables);
    expect(goneBefore.customer_months?.length).toBeGreaterThan(0);
    expect(goneBefore.order_band_months?.length).toBeGreaterThan(0);
    expect(goneBefore.order_value_months?.length).toBeGreaterThan(0);
    expect(goneBefore.order_value_month_sums?.length).toBeGreaterThan(0);
    expect(goneBefore.order_gap_counts?.length).toBeGreaterThan(0);

    const keptReports = await reports(kept);
    const keptRows = await rowsOf(kept.store.id, tables);

    await db.pool.query("DELETE FROM stores WHERE id = $1", [gone.store.id]);

    const left = Object.entries(await rowsOf(gone.store.id, tables)).filter(([, rows]) => rows.length > 0).map(([table]) => table);
    expect(left).toEqual([]);
    expect(await rowsOf(kept.store.id, tables)).toEqual(keptRows);
    expect(await reports(kept)).toEqual(keptReports);
  }, 120_000);
});
