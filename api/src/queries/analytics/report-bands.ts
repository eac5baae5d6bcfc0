// The value bands and named groups of the reports: each a CASE giving a sortable key ("01", "02"…)
// and its label, over columns of the report's relation. docs/analytics.md says each in words.

/** A CASE over ordered conditions giving a sortable key ("01", "02"…) and its label. */
function bands(conditions: readonly (readonly [cond: string, label: string])[]): { key: string; label: string } {
  const key = `CASE ${conditions.map(([c], i) => `WHEN ${c} THEN '${String(i + 1).padStart(2, "0")}'`).join(" ")} END`;
  const label = `CASE ${conditions.map(([c, l]) => `WHEN ${c} THEN '${l.replace(/'/g, "''")}'`).join(" ")} END`;
  return { key, label };
}

// Whole days since the previous order: floor(gap_days) <= n is the gap under n + 1 days, compared as an interval
// (a difference of two moments is days and time, 86,400 s a day, as gap_days counts them) rather than as the
// numeric gap_days floored against each band in turn, which was most of the report's time (docs/benchmarks.md).
const GAP_DAYS = [[7, "0–7 days"], [14, "8–14 days"], [30, "15–30 days"], [60, "31–60 days"], [90, "61–90 days"], [180, "91–180 days"], [365, "181–365 days"]] as const;
/** The gap bands as conditions, `atMost(n)` testing a gap of at most n whole days. */
const gapBandList = (atMost: (days: number) => string) => [...GAP_DAYS.map(([d, l]) => [atMost(d), l] as const), ["TRUE", "More than a year"] as const];
const GAP_BAND_LIST = gapBandList((days) => `placed_at - prev_at < interval '${days + 1} days'`);
export const GAP_BANDS = bands(GAP_BAND_LIST);

/**
 * The same bands by number: `number` gives an order's band as an integer (1, 2…), a sort key that costs less than
 * the text key, `count` the number of bands, and `key(n)` and `label(n)` the band's key and label from that number.
 */
function numberedBands(conditions: readonly (readonly [cond: string, label: string])[]) {
  return {
    number: `CASE ${conditions.map(([c], i) => `WHEN ${c} THEN ${i + 1}`).join(" ")} END`,
    count: conditions.length,
    key: (n: string) => `lpad((${n})::text, 2, '0')`,
    label: (n: string) => `CASE ${n} ${conditions.map(([, l], i) => `WHEN ${i + 1} THEN '${l.replace(/'/g, "''")}'`).join(" ")} END`,
  };
}
/** The same bands by number from a gap's bucket (`gap_bucket`, migration 0566's `order_gap_bucket`: each whole day's edge is a bucket's). */
export const GAP_BUCKET_BANDS = numberedBands(gapBandList((days) => `gap_bucket < order_gap_bucket(interval '${days + 1} days')`));
/** Base zone's bands, `within(n)` being "the last order at most n days before the cutoff". */
export const zoneBands = (within: (days: number) => string) => bands([
  [`orders_count = 1 AND ${within(30)}`, "New"], [within(90), "Active"], [within(180), "Cooling"], [within(365), "At risk"], ["TRUE", "Lost"],
]);
export const ZONES = zoneBands((days) => `recency_days <= ${days}`);
// RFM segments from the 1–5 scores (5 = most recent, most frequent, most spent), checked in this order.
export const RFM_SEGMENTS = bands([
  ["r >= 4 AND f >= 4 AND mo >= 4", "Champions"], ["r <= 2 AND f >= 4 AND mo >= 4", "Can't lose them"], ["r >= 3 AND f >= 4", "Loyal customers"],
  ["r <= 2 AND f >= 3", "At risk"], ["r >= 4 AND f >= 2", "Potential loyalists"], ["r >= 4", "New customers"], ["r = 3 AND f <= 2", "Promising"],
  ["r = 3", "Need attention"], ["r = 2", "Hibernating"], ["TRUE", "Lost"],
]);
export const PERCENTILES = bands([["p < 0.01", "Top 1%"], ["p < 0.05", "Top 1–5%"], ["p < 0.10", "Top 5–10%"], ["p < 0.25", "Top 10–25%"], ["p < 0.50", "Top 25–50%"], ["TRUE", "Bottom 50%"]]);
export const ORDER_COUNTS = bands([["orders_count = 1", "1 order"], ["orders_count = 2", "2 orders"], ["orders_count = 3", "3 orders"], ["orders_count = 4", "4 orders"], ["orders_count = 5", "5 orders"], ["orders_count <= 9", "6–9 orders"], ["TRUE", "10 or more"]]);
export const FIRST_VALUES = bands([
  ["total_cents < 2500", "Under $25"], ["total_cents < 5000", "$25–$50"], ["total_cents < 7500", "$50–$75"], ["total_cents < 10000", "$75–$100"],
  ["total_cents < 15000", "$100–$150"], ["total_cents < 25000", "$150–$250"], ["TRUE", "$250 or more"],
]);
export const SEQS = bands([["seq = 1", "1st order"], ["seq = 2", "2nd order"], ["seq = 3", "3rd order"], ["seq = 4", "4th order"], ["TRUE", "5th and later"]]);
export const BASKETS = bands([["units <= 1", "1 unit"], ["units = 2", "2 units"], ["units = 3", "3 units"], ["units = 4", "4 units"], ["units = 5", "5 units"], ["TRUE", "6 or more"]]);
export const DAYS_SINCE_FIRST = bands([
  ["since < 1", "Day of the first order"], ["since <= 7", "1–7 days"], ["since <= 30", "8–30 days"], ["since <= 60", "31–60 days"], ["since <= 90", "61–90 days"],
  ["since <= 180", "91–180 days"], ["since <= 365", "181–365 days"], ["TRUE", "More than a year"],
]);
export const RISK = bands([["ratio < 1", "Healthy"], ["ratio < 1.5", "Watch"], ["ratio < 3", "At risk"], ["TRUE", "Likely churned"]]);
export const PERSONAS = bands([
  ["rp < 0.05 AND orders_count >= 3", "VIP loyalists"], ["wholesale", "Wholesale buyers"], ["gift", "Gift buyers"],
  ["orders_count >= 2 AND discounted >= 0.5", "Bargain hunters"], ["orders_count >= 2", "Regulars"], ["TRUE", "One-time buyers"],
]);
