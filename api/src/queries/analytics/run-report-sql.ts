import type { Queryable } from "../../db/pool";
import { factValues, factsSql, unfiltered, type FactArgs } from "./facts";
import type { ReportSql } from "./report-sql";

// Runs one report's SQL: its rows, its totals, and the ids behind one row for a drill-down.

export type SqlRow = { key: string; label: string; values: Record<string, number | null> };

/** The rows of the report's relation, each with its key and label. */
function inner(spec: ReportSql): string {
  return `SELECT (${spec.key})::text AS key, (${spec.label ?? spec.key})::text AS label, f.* FROM ${spec.from} f WHERE ${spec.where ?? "TRUE"}`;
}

export function withClause(spec: ReportSql): string {
  return `WITH ${factsSql(spec.facts)}${spec.extra ? `,\n${spec.extra}` : ""}`;
}

const quote = (k: string) => `"${k.replace(/"/g, "")}"`;

function orderBy(spec: ReportSql): string {
  const o = spec.order ?? "key";
  if (o === "key") return "key";
  const desc = o.startsWith("-");
  return `${quote(desc ? o.slice(1) : o)} ${desc ? "DESC" : "ASC"} NULLS LAST, key`;
}

function toNumbers(r: Record<string, unknown>, keys: string[]): Record<string, number | null> {
  return Object.fromEntries(keys.map((k) => [k, r[k] === null || r[k] === undefined ? null : Number(r[k])]));
}

/** The spec rows and totals read: a rollup's variant (daily sums, monthly customer sets) when the report has one and the run no filter. */
function readSpec(spec: ReportSql, args: FactArgs): ReportSql {
  if (!unfiltered(args)) return spec;
  if (spec.sets) {
    const { facts, extra, from, measures, key, label } = spec.sets;
    return { ...spec, facts, extra, from, where: undefined, measures: measures ?? spec.measures, key: key ?? spec.key, label: key ? label : spec.label };
  }
  if (spec.daily) return { ...spec, facts: ["daily"], extra: undefined, from: "od", where: undefined, measures: spec.daily };
  if (spec.monthly) return { ...spec, facts: ["months"], extra: undefined, from: "cmo", where: undefined, measures: spec.monthly };
  return spec;
}

/** The report's grouped rows, in its order. */
export async function selectReportRows(db: Queryable, reportSpec: ReportSql, args: FactArgs): Promise<SqlRow[]> {
  const spec = readSpec(reportSpec, args);
  const keys = Object.keys(spec.measures);
  const measures = keys.map((k) => {
    const m = spec.measures[k]!;
    return `(${typeof m === "string" ? m : m.row})::float8 AS ${quote(k)}`;
  });
  const sql = `${withClause(spec)}
    SELECT key, label, ${measures.join(", ")} FROM (${inner(spec)}) t WHERE key IS NOT NULL
     GROUP BY key, label ORDER BY ${orderBy(spec)}${spec.limit ? ` LIMIT ${spec.limit}` : ""}`;
  const { rows } = await db.query<Record<string, unknown>>(sql, factValues(args));
  return rows.map((r) => ({ key: String(r.key), label: String(r.label ?? r.key), values: toNumbers(r, keys) }));
}

/** The report's totals over all its rows (a measure whose total means nothing is null). */
export async function selectReportTotals(db: Queryable, reportSpec: ReportSql, args: FactArgs): Promise<Record<string, number | null>> {
  const spec = readSpec(reportSpec, args);
  const keys = Object.keys(spec.measures);
  const measures = keys.map((k) => {
    const m = spec.measures[k]!;
    const sql = typeof m === "string" ? m : m.total;
    return `${sql === null ? "NULL" : `(${sql})`}::float8 AS ${quote(k)}`;
  });
  const { rows } = await db.query<Record<string, unknown>>(`${withClause(spec)} SELECT ${measures.join(", ")} FROM (${inner(spec)}) t WHERE key IS NOT NULL`, factValues(args));
  return toNumbers(rows[0] ?? {}, keys);
}

/**
 * A `oneStatement` report's rows and totals from one statement: the rows grouped by key and the totals' row
 * (the empty grouping set) beside them, each measure its `row` or its `total`.
 */
export async function selectReportRowsAndTotals(db: Queryable, reportSpec: ReportSql, args: FactArgs): Promise<{ rows: SqlRow[]; totals: Record<string, number | null> }> {
  const spec = readSpec(reportSpec, args);
  const keys = Object.keys(spec.measures);
  const measures = keys.map((k) => {
    const m = spec.measures[k]!;
    const [row, total] = typeof m === "string" ? [m, m] : [m.row, m.total];
    return `(CASE WHEN grouping(key) = 0 THEN (${row}) ELSE ${total === null ? "NULL" : `(${total})`} END)::float8 AS ${quote(k)}`;
  });
  const sql = `${withClause(spec)}
    SELECT grouping(key) AS is_total, key, label, ${measures.join(", ")} FROM (${inner(spec)}) t WHERE key IS NOT NULL
     GROUP BY GROUPING SETS ((key, label), ()) ORDER BY grouping(key), ${orderBy(spec)}`;
  const { rows } = await db.query<Record<string, unknown>>(sql, factValues(args));
  const grouped = rows.filter((r) => Number(r.is_total) === 0).slice(0, spec.limit);
  return {
    rows: grouped.map((r) => ({ key: String(r.key), label: String(r.label ?? r.key), values: toNumbers(r, keys) })),
    totals: toNumbers(rows.find((r) => Number(r.is_total) === 1) ?? {}, keys),
  };
}

export type DrillOrderRow = { id: string; order_number: number; placed_at: Date; customer_name: string; total_cents: number; origin: string; total: string };
export type DrillCustomerRow = { id: string; name: string; email: string; orders_count: number; revenue_cents: string; last_order_at: Date | null; total: string };

/** The ids behind one row ($10), narrowed by a measure's condition. */
export function idsCte(spec: ReportSql, measure: string | undefined): string {
  const preds = [spec.drillWhere?.["*"], measure ? spec.drillWhere?.[measure] : undefined].filter(Boolean);
  return `ids AS (SELECT DISTINCT ${spec.drillId} AS id FROM (${inner(spec)}) t WHERE key = $10::text${preds.map((p) => ` AND (${p})`).join("")})`;
}

/** The orders behind a row, newest first, paged. */
export async function selectDrillOrders(db: Queryable, spec: ReportSql, args: FactArgs, key: string, measure: string | undefined, limit: number, offset: number) {
  const sql = `${withClause(spec)}, ${idsCte(spec, measure)}
    SELECT x.id, x.order_number, x.placed_at, coalesce(nullif(cu.name, ''), x.shipping_name, x.email::text, '') AS customer_name, x.total_cents, x.origin,
           count(*) OVER () AS total
      FROM orders x LEFT JOIN customers cu ON cu.id = x.customer_id
     WHERE x.store_id = $1 AND x.id IN (SELECT id FROM ids)
     ORDER BY x.placed_at DESC, x.id LIMIT $11 OFFSET $12`;
  const { rows } = await db.query<DrillOrderRow>(sql, [...factValues(args), key, limit, offset]);
  return rows;
}

/** The customers behind a row, with their orders and revenue as of the report's cutoff, most valuable first, paged. */
export async function selectDrillCustomers(db: Queryable, spec: ReportSql, args: FactArgs, key: string, measure: string | undefined, limit: number, offset: number) {
  const sql = `${withClause(spec)}, ${idsCte(spec, measure)},
    h AS (SELECT x.customer_id, count(*)::int AS orders_count, sum(x.total_cents) AS revenue_cents, max(x.placed_at) AS last_order_at
            FROM orders x WHERE x.store_id = $1 AND x.cancellation_state <> 'CANCELED' AND x.customer_id IN (SELECT id FROM ids)
             AND x.placed_at < (SELECT cutoff FROM params) GROUP BY x.customer_id)
    SELECT cu.id, cu.name, cu.email::text AS email, coalesce(h.orders_count, 0) AS orders_count, coalesce(h.revenue_cents, 0) AS revenue_cents, h.last_order_at,
           count(*) OVER () AS total
      FROM customers cu LEFT JOIN h ON h.customer_id = cu.id
     WHERE cu.store_id = $1 AND cu.id IN (SELECT id FROM ids)
     ORDER BY coalesce(h.revenue_cents, 0) DESC, cu.id LIMIT $11 OFFSET $12`;
  const { rows } = await db.query<DrillCustomerRow>(sql, [...factValues(args), key, limit, offset]);
  return rows;
}

/** Whether the customer rollup has a row for every customer with a non-cancelled order (the backfill test reads it). */
export async function countCustomersWithoutMetrics(db: Queryable, storeId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(DISTINCT o.customer_id)::int AS n FROM orders o
      WHERE o.store_id = $1 AND o.customer_id IS NOT NULL AND o.cancellation_state <> 'CANCELED'
        AND NOT EXISTS (SELECT 1 FROM customer_metrics m WHERE m.customer_id = o.customer_id)`,
    [storeId],
  );
  return rows[0]?.n ?? 0;
}
