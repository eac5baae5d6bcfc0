import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";
import { formatMeasure, type MeasureDef, type ReportRow } from "@atelier/contracts/analytics/index";

// A report's chart from visx primitives (plain SVG, ~23 KB gz in the analytics chunk): bars or a
// line of one measure, with the comparison period as a second series. The chart is an image with a
// label; the table under it carries the same numbers for screen readers and keyboards.

type Props = {
  rows: ReportRow[];
  measure: MeasureDef;
  kind: "line" | "bar";
  comparison?: ReportRow[] | null;
  width: number;
  height?: number;
  title: string;
};

const M = { top: 12, right: 12, bottom: 44, left: 64 };

export function ReportChart({ rows, measure, kind, comparison, width, height = 260, title }: Props) {
  const w = Math.max(120, width - M.left - M.right);
  const h = height - M.top - M.bottom;
  const value = (r: ReportRow | undefined) => r?.values[measure.key] ?? 0;
  const max = Math.max(1, ...rows.map(value), ...(comparison ?? []).map(value));
  const x = scaleBand<string>({ domain: rows.map((r) => r.key), range: [0, w], padding: kind === "bar" ? 0.2 : 0 });
  const y = scaleLinear<number>({ domain: [0, max], range: [h, 0], nice: true });
  const ticks = y.ticks(4);
  const every = Math.max(1, Math.ceil(rows.length / Math.max(1, Math.floor(w / 70))));
  const center = (r: ReportRow) => (x(r.key) ?? 0) + x.bandwidth() / 2;
  const summary = `${title}: ${measure.label} for ${rows.length} rows, highest ${formatMeasure(Math.max(0, ...rows.map(value)), measure.format)}.`;
  return (
    <svg width={width} height={height} role="img" aria-label={summary} className="report-chart">
      <Group left={M.left} top={M.top}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={0} x2={w} y1={y(t)} y2={y(t)} className="report-chart-grid" />
            <text x={-8} y={y(t)} dy="0.32em" textAnchor="end" className="report-chart-tick">{formatMeasure(t, measure.format, { compact: true })}</text>
          </g>
        ))}
        {kind === "bar"
          ? rows.map((r, i) => {
              const prev = comparison?.[i];
              const bw = x.bandwidth();
              return (
                <g key={r.key}>
                  {prev && <Bar x={x(r.key) ?? 0} width={bw / 2} y={y(value(prev))} height={h - y(value(prev))} className="report-chart-compare" />}
                  <Bar x={(x(r.key) ?? 0) + (prev ? bw / 2 : 0)} width={prev ? bw / 2 : bw} y={y(value(r))} height={h - y(value(r))} className="report-chart-bar" />
                </g>
              );
            })
          : (
            <>
              {comparison && <LinePath data={rows.map((r, i) => ({ r, v: value(comparison[i]) }))} x={(d) => center(d.r)} y={(d) => y(d.v)} className="report-chart-compare-line" />}
              <LinePath data={rows} x={center} y={(r) => y(value(r))} className="report-chart-line" />
            </>
          )}
        {rows.map((r, i) => (i % every === 0 ? (
          <text key={r.key} x={center(r)} y={h + 16} textAnchor="middle" className="report-chart-tick">{shortLabel(r.label)}</text>
        ) : null))}
      </Group>
    </svg>
  );
}

/** Axis labels stay short: dates as "Oct 25", long names cut. */
function shortLabel(label: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(label)) {
    const d = new Date(`${label}T00:00:00Z`);
    return d.toLocaleDateString("en-US", { month: "short", day: label.endsWith("-01") ? undefined : "numeric", year: "2-digit", timeZone: "UTC" });
  }
  return label.length > 14 ? `${label.slice(0, 13)}…` : label;
}
