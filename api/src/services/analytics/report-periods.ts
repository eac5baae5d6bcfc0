import type { analytics } from "@atelier/contracts";
import type { SqlRow } from "../../queries/analytics/run-report-sql";

// Calendar arithmetic on the store's days (plain YYYY-MM-DD strings, computed in UTC so no zone
// shifts them): comparison periods and the empty buckets of period reports.

const day = (s: string) => new Date(`${s}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The period before [from, to) of the same length, or the same days a year earlier. */
export function shiftRange(from: string, to: string, mode: analytics.CompareMode): { from: string; to: string } {
  if (mode === "PREVIOUS_YEAR") {
    const back = (s: string) => { const d = day(s); d.setUTCFullYear(d.getUTCFullYear() - 1); return iso(d); };
    return { from: back(from), to: back(to) };
  }
  const length = day(to).getTime() - day(from).getTime();
  return { from: iso(new Date(day(from).getTime() - length)), to: from };
}

/** The first day of the bucket holding a day (weeks start on Monday, as Postgres's date_trunc). */
export function bucketStart(s: string, g: analytics.Granularity): string {
  const d = day(s);
  if (g === "month") d.setUTCDate(1);
  if (g === "week") d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return iso(d);
}

function next(s: string, g: analytics.Granularity): string {
  const d = day(s);
  if (g === "day") d.setUTCDate(d.getUTCDate() + 1);
  if (g === "week") d.setUTCDate(d.getUTCDate() + 7);
  if (g === "month") d.setUTCMonth(d.getUTCMonth() + 1);
  return iso(d);
}

/** Every bucket of the range, in order; a bucket without orders gets zeros (running totals carry on). */
export function fillTimeBuckets(rows: SqlRow[], def: analytics.ReportDef, range: { from: string; to: string }, g: analytics.Granularity): SqlRow[] {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const out: SqlRow[] = [];
  let previous: SqlRow | undefined;
  for (let k = bucketStart(range.from, g); k < range.to; k = next(k, g)) {
    const found = byKey.get(k);
    const row = found ?? {
      key: k, label: k,
      values: Object.fromEntries(def.measures.map((m) => {
        const carried = /^(cumulative|total)/.test(m.key) ? previous?.values[m.key] ?? null : null;
        return [m.key, carried ?? (m.format === "count" || m.format === "money" ? 0 : null)];
      })),
    };
    out.push(row);
    previous = row;
  }
  return out;
}
