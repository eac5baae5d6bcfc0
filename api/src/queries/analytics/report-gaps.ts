import { IN_RANGE } from "./facts";
import type { ReportSql } from "./report-sql";
import { GAP_BAND_NUMBERS } from "./report-bands";

// Time between purchases without filters: the range's reorders sorted once, by the time since the previous
// order, and each median read off that one order, instead of sorted by the band's text key for the grouping
// and again inside each band's percentile_cont and the total's (three sorts of every reorder, one of them by
// collated text, each computing the numeric gap of every reorder).

/**
 * `tgw`: the range's reorders with their band (1–8) and their place in the range's order of the time since the
 * previous order (`lapse`, an interval: exact to the microsecond). The bands are ranges of that time, so a band's
 * reorders are one run of places. `tgp`: each band's count, and its two middle places and the fraction between
 * them as percentile_cont(0.5) takes them (a row with no band: all the reorders, for the totals). `tgm`: each
 * median from the reorders at those two places (one join on the place: the lower one's gap is the smaller),
 * their gaps in days as the report's version reads them (`gap_days` of facts.ts, a
 * numeric, as a double) interpolated with percentile_cont's float8 arithmetic (lower + (upper − lower) ×
 * fraction), rounded as the report rounds: the same double, so the same figure.
 */
const GAPS = `tg AS (
  SELECT ${GAP_BAND_NUMBERS.number} AS band, f.placed_at - f.prev_at AS lapse
    FROM order_facts f
   WHERE f.store_id = $1 AND f.prev_at IS NOT NULL AND ${IN_RANGE("f.placed_at")}
     -- No channel, country, product or segment here: runs with a filter read the report's own version.
     AND coalesce($6::text, $7::text, $8::text, $9::text) IS NULL
),
tgw AS MATERIALIZED (SELECT band, lapse, row_number() OVER (ORDER BY lapse) AS rn FROM tg),
tgc AS (
  SELECT band, count(*) AS n, min(rn) - 1 AS below FROM tgw GROUP BY band
  UNION ALL
  SELECT NULL, count(*), 0 FROM tgw
),
tgp AS (
  SELECT band, n, (below + floor(0.5::float8 * (n - 1)::float8) + 1)::bigint AS lo, (below + ceil(0.5::float8 * (n - 1)::float8) + 1)::bigint AS hi,
         0.5::float8 * (n - 1)::float8 - floor(0.5::float8 * (n - 1)::float8) AS frac
    FROM tgc
),
tgm AS (
  SELECT p.band, p.n AS reorders, round((min(w.gap) + (max(w.gap) - min(w.gap)) * max(p.frac))::numeric, 1)::float8 AS median
    FROM (SELECT band, n, frac, unnest(ARRAY[lo, hi]) AS place FROM tgp) p
    JOIN (SELECT rn, (extract(epoch FROM lapse) / 86400)::float8 AS gap FROM tgw) w ON w.rn = p.place
   GROUP BY p.band, p.n
)`;

const pct = (part: string, whole: string) => `round(100.0 * (${part}) / nullif(${whole}, 0), 2)::float8`;

/** Time between purchases on `tgm`: one row per band, the totals' median from its row with no band. */
export const GAP_SETS = {
  facts: [], extra: `${GAPS}, tgb AS (SELECT * FROM tgm WHERE band IS NOT NULL)`, from: "tgb", key: GAP_BAND_NUMBERS.key("band"), label: GAP_BAND_NUMBERS.label("band"),
  measures: {
    reorders: "sum(reorders)",
    share: { row: pct("sum(reorders)", "sum(sum(reorders)) OVER (PARTITION BY grouping(key))"), total: "100" },
    medianDays: { row: "max(median)", total: "(SELECT median FROM tgm WHERE band IS NULL)" },
  },
} satisfies ReportSql["sets"];
