import { monthSplit } from "./facts";

// The product reports' rows without filters (migrations 0470, 0561): whole months from the per-product
// monthly rollup, the whole days of the partial months at either edge (a range starting mid-month, the
// month the cutoff falls in) from the per-product daily rollup, and only the day the cutoff falls in (an
// as-of moment in the middle of a day) from its orders' lines, through `product_order_lines`, the rows
// both rollups sum. Read from the lines, the cutoff's month was 5,931 orders at 100,000, one look-up into
// the lines and one heap read into the facts each (docs/benchmarks.md, aprod13); its day is about 190.

const COLUMNS = "sku, title, product, units, revenue_cents, returned_units, returned_cents, orders, product_orders, line_orders, return_orders";
const cols = (alias: string) => COLUMNS.split(", ").map((c) => `${alias}.${c}`).join(", ");

/**
 * `pdsplit`: the days the daily rollup serves, [$2, b_to) before the whole months and [a_from, d_to) after them,
 * where d_to is the day the cutoff falls in. When the rollups are in another zone than the report's (a zone
 * change being rebuilt), no month or day is whole (`monthSplit`) and every row comes from the lines.
 */
const DAY_SPLIT = `pdsplit AS (
  SELECT CASE WHEN s.m_from < s.m_to THEN least(s.m_from, d.d_to) ELSE d.d_to END AS b_to,
         CASE WHEN s.m_from < s.m_to THEN s.m_to ELSE d.d_to END AS a_from, d.d_to
    FROM psplit s, params p,
         LATERAL (SELECT CASE WHEN (SELECT ok FROM pzone_ok) THEN greatest($2::date, (p.cutoff AT TIME ZONE $5::text)::date) ELSE $2::date END AS d_to) d
)`;

const DAYS = (from: string, to: string) => `
  SELECT x.day::timestamp, ${cols("x")}
    FROM product_days x WHERE x.store_id = $1 AND x.day >= ${from} AND x.day < ${to}`;

/** `pm`: one row per month or day, SKU and title of the range (or per order, SKU and title on the cutoff's day), with 0470's summable counts. */
export const PRODUCT_ROWS = `${monthSplit("p", "product_months")},
${DAY_SPLIT},
pm AS (
  SELECT x.month::timestamp AS local_at, ${cols("x")}
    FROM product_months x
   WHERE x.store_id = $1 AND x.month >= (SELECT m_from FROM psplit) AND x.month < (SELECT m_to FROM psplit)
  UNION ALL${DAYS("$2::date", "(SELECT b_to FROM pdsplit)")}
  UNION ALL${DAYS("(SELECT a_from FROM pdsplit)", "(SELECT d_to FROM pdsplit)")}
  UNION ALL
  SELECT e.local_at, ${cols("e")}
    FROM pdsplit d, product_order_lines($1, greatest((SELECT from_at FROM params), (d.d_to::timestamp AT TIME ZONE $5::text)), (SELECT cutoff FROM params), $5::text) e
)`;
