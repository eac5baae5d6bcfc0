import { analytics } from "@atelier/contracts";
import type { SqlRow } from "../../queries/analytics/run-report-sql";

// Sentences under a report: its caveat, the change against the comparison period, and what a
// report's own figures suggest (the free-shipping threshold). Every number comes from the rows.

function change(def: analytics.ReportDef, totals: SqlRow["values"], comparison: analytics.ReportResult["comparison"]): string | null {
  if (!comparison) return null;
  const measure = def.measures.find((m) => m.key === def.primary) ?? def.measures[0]!;
  const now = totals[measure.key];
  const before = comparison.totals[measure.key];
  if (now === null || now === undefined || before === null || before === undefined) return null;
  const f = (v: number) => analytics.formatMeasure(v, measure.format);
  if (before === 0) return `${measure.label}: ${f(now)}, against ${f(before)} from ${comparison.from} to ${comparison.to}.`;
  const pct = Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
  const dir = pct > 0 ? "up" : pct < 0 ? "down" : "unchanged";
  return `${measure.label}: ${f(now)}, ${dir}${pct === 0 ? "" : ` ${Math.abs(pct)}%`} from ${f(before)} (${comparison.from} to ${comparison.to}).`;
}

/** The band where most orders sit below: a threshold just above it makes most baskets grow to reach it. */
function freeShipping(rows: SqlRow[]): string | null {
  const band = rows.find((r) => (r.values.cumulativeShare ?? 0) >= 60);
  if (!band || band.key === "20") return null;
  const threshold = (Number(band.key) + 1) * 10;
  return `${band.values.cumulativeShare}% of orders have items worth less than $${threshold} after discounts: a free-shipping threshold at $${threshold} sits just above most baskets, so customers near it have a reason to add an item.`;
}

export function reportNotes(def: analytics.ReportDef, rows: SqlRow[], totals: SqlRow["values"], comparison: analytics.ReportResult["comparison"]): string[] {
  const notes: string[] = [];
  if (def.caveat) notes.push(def.caveat);
  const changed = change(def, totals, comparison);
  if (changed) notes.push(changed);
  if (def.id === "free-shipping-threshold") {
    const s = freeShipping(rows);
    if (s) notes.push(s);
  }
  if (rows.length === 0) notes.push("No orders match these dates and filters.");
  return notes;
}
