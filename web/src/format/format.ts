const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** USD in en-US: $1,234.50. */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** Compact numbers: k from 1,000, m from 1,000,000 (at most one decimal, trailing .0 dropped). */
export function formatCompact(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? "-" : "";
  if (abs >= 1_000_000) return `${sign}${trim(abs / 1_000_000)}m`;
  if (abs >= 1_000) return `${sign}${trim(abs / 1_000)}k`;
  return `${sign}${abs}`;
}

function trim(n: number): string {
  return (Math.floor(n * 10) / 10).toFixed(1).replace(/\.0$/, "");
}

const DAY_MS = 86_400_000;

/**
 * Relative time: minutes and hours ago within a day; past one day the date (Mar 5); past one
 * year the date with its year (Mar 5, 2024).
 */
export function formatRelativeTime(at: Date | string, now: Date = new Date()): string {
  const date = typeof at === "string" ? new Date(at) : at;
  const diff = now.getTime() - date.getTime();
  if (diff < 60_000) return "just now";
  if (diff < 3_600_000) return `${Math.floor(diff / 60_000)}m ago`;
  if (diff < DAY_MS) return `${Math.floor(diff / 3_600_000)}h ago`;
  const withYear = diff >= 365 * DAY_MS;
  return date.toLocaleDateString("en-US", withYear ? { month: "short", day: "numeric", year: "numeric" } : { month: "short", day: "numeric" });
}

/** Grams to pounds: ÷ 453.59237, rounded to 2 decimals (000 §5). */
export function gramsToPounds(grams: number): number {
  return Math.round((grams / 453.59237) * 100) / 100;
}

export { isValidLink } from "../api/contracts";

/** A calendar date in en-US: November 25, 2026. */
export function formatDate(at: Date | string): string {
  return new Date(at).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
}

/** A calendar day as the API sends it (2027-03-15) in en-US, whatever the viewer's time zone: March 15, 2027. */
export function formatDay(day: string): string {
  const at = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : at.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

const REGIONS = new Intl.DisplayNames(["en"], { type: "region" });

/** A two-letter country code in words: US → United States. */
export function formatCountry(code: string): string {
  try {
    return REGIONS.of(code.toUpperCase()) ?? code;
  } catch {
    // Not a region code Intl knows: show what the API holds.
    return code;
  }
}
