import type pg from "pg";
import { seedAnalyticsHistory, setAnalyticsFlags, type AnalyticsSeed } from "../../test/factories";
import { registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import type { Queryable } from "../src/db/pool";
import type { FactArgs } from "../src/queries/analytics/facts";
import { reportSql } from "../src/queries/analytics/report-sql";
import { selectReportRows, selectReportTotals } from "../src/queries/analytics/run-report-sql";

/** A store's orders, lines and customers as the database holds them now, in the seed's shape (the raw rows the computation reads). */
export async function storeRows(db: Pick<pg.Pool, "query">, store: string): Promise<AnalyticsSeed> {
  const orders = (await db.query(
    `SELECT id, customer_id AS "customerId", origin, cancellation_state AS "cancellationState", placed_at AS "placedAt", total_cents AS "totalCents",
            subtotal_cents AS "subtotalCents", discount_cents AS "discountCents", shipping_cents AS "shippingCents", tax_cents AS "taxCents",
            discount_code AS "discountCode", fulfilled_at AS "fulfilledAt"
       FROM orders WHERE store_id = $1`, [store])).rows.map((o) => ({ ...o, placedAt: o.placedAt.toISOString(), fulfilledAt: o.fulfilledAt?.toISOString() ?? null }));
  const lineItems = (await db.query(
    `SELECT id, order_id AS "orderId", sku, title, quantity, unit_price_cents AS "unitPriceCents", returned_quantity AS "returnedQuantity"
       FROM order_line_items WHERE store_id = $1`, [store])).rows;
  const customers = (await db.query(`SELECT id, country_code AS "countryCode" FROM customers WHERE store_id = $1`, [store])).rows;
  return { orders, lineItems, customers, creatorOrderItems: [] } as unknown as AnalyticsSeed;
}

type Rows = { key: string; values: Record<string, number | null> }[];
/** The rows with a figure, by key (the API words a channel's key as its label). */
export const nonEmpty = (rows: Rows) => rows.filter((x) => Object.values(x.values).some((v) => v !== 0 && v !== null)).map((x) => ({ key: x.key, values: x.values }));

/** A report read without its rollups (from the facts, lines and customers): its spec without the rollups' relation, rows and totals apart. */
export async function withoutRollups(db: Queryable, reportId: string, args: FactArgs) {
  const { sets: _, oneStatement: __, ...spec } = reportSql(reportId, "month")!;
  return { rows: nonEmpty(await selectReportRows(db, spec, args)), totals: await selectReportTotals(db, spec, args) };
}

/** A test API and an owner whose store has the analytics flags on, in the time zone `zone`, and the seeded two years of history up to `anchor`. */
export async function startSeededAnalyticsStore(zone: string, anchor: Date): Promise<{ api: TestApi; owner: TestUser }> {
  const api = await startTestApi();
  const owner = await registerUser(api);
  await setAnalyticsFlags(api, owner.token, { analytics: true, fulfillmentMetrics: true }, zone);
  await seedAnalyticsHistory(api, owner.store.id, { anchor });
  return { api, owner };
}
