import type { Queryable } from "../../db/pool";
import { factValues, type FactArgs } from "./facts";
import type { ReportSql } from "./report-sql";
import { idsCte, withClause } from "./run-report-sql";

// Saved customer lists (customer_lists, customer_list_members): the customers behind one row of a
// customer report, frozen when saved.

export type CustomerListRow = {
  id: string; name: string; report_id: string; segment_key: string; segment_label: string; params: { from: string; to: string; asOf: string };
  customer_count: number; created_at: Date;
};
const COLUMNS = "id, name, report_id, segment_key, segment_label, params, customer_count, created_at";

/**
 * Creates the list and its members in one statement: the report's customers behind the row ($10),
 * as the drill-down lists them. Returns null (nothing written) when the row has no customers.
 */
export async function insertCustomerListFromReport(
  db: Queryable, spec: ReportSql, args: FactArgs, key: string,
  v: { name: string; reportId: string; segmentLabel: string; params: unknown; createdBy: string },
): Promise<CustomerListRow | null> {
  const sql = `${withClause(spec)}, ${idsCte(spec, undefined)},
    members AS (SELECT cu.id FROM customers cu WHERE cu.store_id = $1 AND cu.id IN (SELECT id FROM ids)),
    list AS (
      INSERT INTO customer_lists (store_id, name, report_id, segment_key, segment_label, params, customer_count, created_by)
      SELECT $1, $11, $12, $10, $13, $14, count(*), $15 FROM members HAVING count(*) > 0
      RETURNING ${COLUMNS}
    ),
    saved AS (INSERT INTO customer_list_members (list_id, customer_id) SELECT list.id, members.id FROM list, members)
    SELECT * FROM list`;
  const { rows } = await db.query<CustomerListRow>(sql, [...factValues(args), key, v.name, v.reportId, v.segmentLabel, JSON.stringify(v.params), v.createdBy]);
  return rows[0] ?? null;
}

export async function listCustomerListRows(db: Queryable, storeId: string, limit: number, offset: number): Promise<{ rows: CustomerListRow[]; total: number }> {
  const { rows } = await db.query<CustomerListRow & { total: number }>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM customer_lists WHERE store_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
    [storeId, limit, offset],
  );
  if (rows.length || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const { rows: [n] } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM customer_lists WHERE store_id = $1", [storeId]);
  return { rows, total: n?.n ?? 0 };
}

export async function findCustomerList(db: Queryable, storeId: string, id: string): Promise<CustomerListRow | null> {
  const { rows } = await db.query<CustomerListRow>(`SELECT ${COLUMNS} FROM customer_lists WHERE store_id = $1 AND id = $2`, [storeId, id]);
  return rows[0] ?? null;
}

export type ListMemberRow = { id: string; name: string; email: string; orders_count: number | null; revenue_cents: number | null; last_order_at: Date | null; total: number };

/** A list's customers with their orders and revenue today (the customer rollup), most valuable first. */
export async function selectListMembers(db: Queryable, listId: string, limit: number, offset: number): Promise<ListMemberRow[]> {
  const { rows } = await db.query<ListMemberRow>(
    `SELECT cu.id, cu.name, cu.email::text AS email, m.orders_count, m.revenue_cents, m.last_order_at, count(*) OVER ()::int AS total
       FROM customer_list_members x JOIN customers cu ON cu.id = x.customer_id LEFT JOIN customer_metrics m ON m.customer_id = cu.id
      WHERE x.list_id = $1
      ORDER BY coalesce(m.revenue_cents, 0) DESC, cu.id LIMIT $2 OFFSET $3`,
    [listId, limit, offset],
  );
  return rows;
}
