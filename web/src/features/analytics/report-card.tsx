import { formatMeasure, type ReportResult } from "@atelier/contracts/analytics/index";

// The copilot's card for a report it ran: the key figures and a small bar chart of the primary
// measure, drawn as plain SVG (no chart library in the chat bundle), with a link to the report.

export function ReportCard({ result }: { result: ReportResult }) {
  const def = result.report;
  const primary = def.measures.find((m) => m.key === def.primary) ?? def.measures[0]!;
  const rows = (def.dimension.kind === "time" ? result.rows.slice(-12) : result.rows.slice(0, 12));
  const values = rows.map((r) => r.values[primary.key] ?? 0);
  const max = Math.max(1, ...values);
  const w = 240;
  const h = 48;
  const bar = w / Math.max(1, rows.length);
  const top = rows.reduce<typeof rows[number] | undefined>((best, r) => (!best || (r.values[primary.key] ?? 0) > (best.values[primary.key] ?? 0) ? r : best), undefined);
  return (
    <div className="report-card">
      <strong>{def.title}</strong> <span className="muted">{result.params.from} to {result.params.to}</span>
      <svg width={w} height={h} role="img" aria-label={`${primary.label} by ${def.dimension.label.toLowerCase()}${top ? `; highest ${top.label}: ${formatMeasure(top.values[primary.key] ?? null, primary.format)}` : ""}`}>
        {values.map((v, i) => <rect key={rows[i]!.key} x={i * bar + 1} width={Math.max(1, bar - 2)} y={h - (v / max) * h} height={(v / max) * h} fill="#2563eb" />)}
      </svg>
      <div className="muted">
        {def.measures.slice(0, 3).map((m) => `${m.label} ${formatMeasure(result.totals[m.key] ?? null, m.format, { compact: true })}`).join(" · ")}
      </div>
      <a href={`/${def.id}?from=${result.params.from}&to=${result.params.to}`}>Open the report</a>
    </div>
  );
}
