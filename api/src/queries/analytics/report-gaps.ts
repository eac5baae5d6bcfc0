import { IN_RANGE, monthSplit } from "./facts";
import type { ReportSql } from "./report-sql";
import { GAP_BUCKET_BANDS } from "./report-bands";

// Time between purchases without filters, on the reorders counted per month and bucket of gap (migration 0566:
// whole hours under two days, whole days after): the range's reorders counted per bucket (the whole months from
// the rollup, the partial months at the range's edges from the facts), and each median read from the two reorders
// at its middle places, found by those counts and read through the facts' gap index, instead of every reorder of
// the range read and sorted by its gap (80,000 at 100,000 orders, an external sort past work_mem: docs/benchmarks.md).

/** The range's reorders of the edges' facts in [from, to), as (gap_bucket, 1). */
const EDGE = (from: string, to: string) => `
    SELECT order_gap_bucket(f.placed_at - f.prev_at), 1 FROM order_facts f
     WHERE f.store_id = $1 AND f.prev_at IS NOT NULL AND f.placed_at >= ${from} AND f.placed_at < ${to}`;

/**
 * `gdc`: the range's reorders per bucket of gap, with its band (1–8) and the count of reorders with a shorter
 * gap (`below`): in the range's order of the time since the previous order, a bucket's reorders are the places
 * below + 1 … below + n, and the bands being whole days (each a bucket's edge), a band's are one run of places.
 * `tgp`: each band's count, and its two middle places and the fraction between them as percentile_cont(0.5) takes them (a row with
 * no band: all the reorders, for the totals). `tgm`: each median from the reorders at those two places, each read
 * as the k-th from its bucket's start in the range through `order_facts_store_gap_idx`, their gaps in days as the
 * report's version reads them (`gap_days` of facts.ts, a numeric, as a double) interpolated with percentile_cont's
 * float8 arithmetic (lower + (upper − lower) × fraction), rounded as the report rounds: the same double, so the
 * same figure.
 */
// The bands as a list of their numbers (a row each, and one with no band for the totals): the planner then
// knows it reads a median for each of 9 rows, where counting them by a GROUP BY it guessed 200, which put the
// statement through Postgres's JIT compiler (about 90 ms of compiling for a statement of a few ms).
const BAND_NUMBERS = Array.from({ length: GAP_BUCKET_BANDS.count }, (_, i) => `(${i + 1})`).join(", ");

const GAPS = `${monthSplit("g", "order_gap_counts")},
gd (gap_bucket, n) AS (
  SELECT x.gap_bucket, x.reorders
    FROM order_gap_counts x
   WHERE x.store_id = $1 AND x.month >= (SELECT m_from FROM gsplit) AND x.month < (SELECT m_to FROM gsplit)
  UNION ALL${EDGE("(SELECT from_at FROM params)", "(SELECT before_to FROM gsplit)")}
  UNION ALL${EDGE("(SELECT after_from FROM gsplit)", "(SELECT cutoff FROM params)")}
),
gdc AS MATERIALIZED (
  SELECT gap_bucket, ${GAP_BUCKET_BANDS.number} AS band, n, (sum(n) OVER (ORDER BY gap_bucket) - n)::bigint AS below
    FROM (SELECT gap_bucket, sum(n)::bigint AS n FROM gd GROUP BY gap_bucket) d
),
tgc AS (
  SELECT b.band, c.n, c.below
    FROM (VALUES ${BAND_NUMBERS}, (NULL::int)) b (band)
    CROSS JOIN LATERAL (SELECT sum(d.n)::bigint AS n, min(d.below) AS below FROM gdc d WHERE b.band IS NULL OR d.band = b.band) c
   WHERE c.n > 0
),
tgp AS (
  SELECT band, n, (below + floor(0.5::float8 * (n - 1)::float8) + 1)::bigint AS lo, (below + ceil(0.5::float8 * (n - 1)::float8) + 1)::bigint AS hi,
         0.5::float8 * (n - 1)::float8 - floor(0.5::float8 * (n - 1)::float8) AS frac
    FROM tgc
),
tgm AS (
  SELECT p.band, p.n AS reorders, round((w.lo + (w.hi - w.lo) * p.frac)::numeric, 1)::float8 AS median
    FROM tgp p
    CROSS JOIN LATERAL (SELECT d.gap_bucket, d.below FROM gdc d WHERE d.below < p.lo ORDER BY d.gap_bucket DESC LIMIT 1) d
    CROSS JOIN LATERAL (
      SELECT min(x.gap) AS lo, max(x.gap) AS hi
        FROM (SELECT (extract(epoch FROM f.placed_at - f.prev_at) / 86400)::float8 AS gap
                FROM order_facts f
               WHERE f.store_id = $1 AND f.prev_at IS NOT NULL AND ${IN_RANGE("f.placed_at")} AND f.placed_at - f.prev_at >= order_gap_bucket_start(d.gap_bucket)
               ORDER BY f.placed_at - f.prev_at OFFSET p.lo - d.below - 1 LIMIT p.hi - p.lo + 1) x
    ) w
)`;

const pct = (part: string, whole: string) => `round(100.0 * (${part}) / nullif(${whole}, 0), 2)::float8`;

/** Time between purchases on `tgm`: one row per band, the totals' median from its row with no band. */
export const GAP_SETS = {
  facts: [], extra: `${GAPS}, tgb AS (SELECT * FROM tgm WHERE band IS NOT NULL)`, from: "tgb", key: GAP_BUCKET_BANDS.key("band"), label: GAP_BUCKET_BANDS.label("band"),
  measures: {
    reorders: "sum(reorders)",
    share: { row: pct("sum(reorders)", "sum(sum(reorders)) OVER (PARTITION BY grouping(key))"), total: "100" },
    medianDays: { row: "max(median)", total: "(SELECT median FROM tgm WHERE band IS NULL)" },
  },
} satisfies ReportSql["sets"];
