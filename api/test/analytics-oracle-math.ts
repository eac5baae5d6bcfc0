// Arithmetic the analytics oracle shares: the store's calendar in its zone, and the database's
// rounding and ordering rules the reports follow (so the comparison is exact, not approximate).
/** A report's expected rows: row key → measure → value. */
export type Expected = Map<string, Record<string, number>>;

/** The offset of a zone at an instant, in ms (what to add to UTC to read the local clock). */
function offsetMs(tz: string, at: number): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat("en-US", { timeZone: tz, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
    .formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!) - Math.floor(at / 1000) * 1000;
}

/** The instant a local midnight of the zone falls on. */
export function localMidnight(day: string, tz: string): number {
  const guess = Date.parse(`${day}T00:00:00Z`);
  const first = guess - offsetMs(tz, guess);
  return guess - offsetMs(tz, first);
}

/** The local calendar parts of an instant. */
export function local(at: number, tz: string): { day: string; month: string; hour: number } {
  const d = new Date(at + offsetMs(tz, at));
  const iso = d.toISOString();
  return { day: iso.slice(0, 10), month: `${iso.slice(0, 7)}-01`, hour: d.getUTCHours() };
}

export function percentileCont(sorted: number[], p: number): number {
  const pos = (sorted.length - 1) * p;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** round(100.0 * part / whole, 2) as the reports say percentages. */
export function pct2(part: number, whole: number): number {
  return Math.round((10000 * part) / whole) / 100;
}

/** Postgres rounds a double precision half to even (rint). */
export function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

export const product = (title: string) => title.split(" — ")[0]!;

/** The first `limit` rows by a measure, highest first, ties by key in code-point order (the database's "C" collation). */
export function top(rows: Expected, measure: string, limit: number): Expected {
  return new Map([...rows].sort(([ka, a], [kb, b]) => b[measure]! - a[measure]! || (ka < kb ? -1 : ka > kb ? 1 : 0)).slice(0, limit));
}
