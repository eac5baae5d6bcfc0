import { useEffect, useRef, useState } from "react";
import { formatMeasure, type MeasureDef, type ReportResult, type ReportRow } from "@atelier/contracts/analytics/index";
import { ReportChart } from "./report-chart";

// A report's figures as the screen and the public share page show them: notes, the chart of one
// measure, and the accessible table of every number (the cohort table coloured as a heatmap). A
// number can open what is behind it when `onDrill` is given.

export type DrillTarget = { key: string; label: string; measure?: MeasureDef };

function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(800);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

function heat(value: number | null): React.CSSProperties | undefined {
  if (value === null) return undefined;
  const alpha = Math.min(1, value / 40);
  return { background: `rgba(37, 99, 235, ${0.08 + alpha * 0.6})`, color: alpha > 0.6 ? "#fff" : undefined };
}

/** Period rows read as people say them: "May 2025" for months, "May 5, 2025" for days and weeks. */
function rowLabel(result: ReportResult, row: ReportRow): string {
  if (result.report.dimension.kind !== "time" || !/^\d{4}-\d{2}-\d{2}$/.test(row.label)) return row.label;
  const d = new Date(`${row.label}T00:00:00Z`);
  const monthly = result.params.granularity === "month" || result.report.dimension.label.includes("month");
  return d.toLocaleDateString("en-US", { timeZone: "UTC", month: monthly ? "long" : "short", year: "numeric", ...(monthly ? {} : { day: "numeric" }) });
}

export function ReportView({ result, onDrill }: { result: ReportResult; onDrill?: (t: DrillTarget) => void }) {
  const def = result.report;
  const [measureKey, setMeasureKey] = useState(def.primary);
  const measure = def.measures.find((m) => m.key === measureKey) ?? def.measures[0]!;
  const [ref, width] = useWidth<HTMLDivElement>();
  const comparisonRows = result.comparison?.rows ?? null;
  const heatmap = def.chart === "heatmap";
  const cell = (row: ReportRow, m: MeasureDef) => {
    const v = row.values[m.key] ?? null;
    const text = formatMeasure(v, m.format);
    const drillable = onDrill && v !== null && v !== 0 && (m.format === "count" || m.format === "money" || heatmap);
    const style = heatmap && m.format === "percent" ? heat(v) : undefined;
    return (
      <td key={m.key} className="num" style={style}>
        {drillable ? (
          <button type="button" className="link-button" onClick={() => onDrill({ key: row.key, label: rowLabel(result, row), measure: m })} aria-label={`${m.label} for ${rowLabel(result, row)}: ${text}. Show what is behind it`}>
            {text}
          </button>
        ) : text}
      </td>
    );
  };
  return (
    <div className="report-view">
      {result.notes.length > 0 && (
        <ul className="report-notes">{result.notes.map((n) => <li key={n}>{n}</li>)}</ul>
      )}
      {!heatmap && (
        <div className="report-chart-box" ref={ref}>
          <label className="report-measure">
            Chart
            <select value={measure.key} onChange={(e) => setMeasureKey(e.target.value)}>
              {def.measures.map((m) => <option key={m.key} value={m.key}>{m.label}</option>)}
            </select>
          </label>
          <ReportChart rows={result.rows} measure={measure} kind={def.chart === "line" ? "line" : "bar"} comparison={comparisonRows && comparisonRows.length === result.rows.length ? comparisonRows : null} width={width} title={def.title} />
          {result.comparison && <p className="hint">Lighter: {result.comparison.from} to {result.comparison.to}.</p>}
        </div>
      )}
      <div className="report-table-wrap">
        <table className="report-table">
          <caption className="sr-only">{def.title}: {def.measures.map((m) => m.label).join(", ")} by {def.dimension.label.toLowerCase()}</caption>
          <thead>
            <tr>
              <th scope="col">{def.dimension.label}</th>
              {def.measures.map((m) => <th key={m.key} scope="col" className="num" title={m.description}>{m.label}</th>)}
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  {onDrill ? <button type="button" className="link-button" onClick={() => onDrill({ key: row.key, label: rowLabel(result, row) })}>{rowLabel(result, row)}</button> : rowLabel(result, row)}
                </th>
                {def.measures.map((m) => cell(row, m))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {def.measures.map((m) => <td key={m.key} className="num">{formatMeasure(result.totals[m.key] ?? null, m.format)}</td>)}
            </tr>
            {result.comparison && (
              <tr className="report-compare-row">
                <th scope="row">{result.comparison.from} to {result.comparison.to}</th>
                {def.measures.map((m) => <td key={m.key} className="num">{formatMeasure(result.comparison!.totals[m.key] ?? null, m.format)}</td>)}
              </tr>
            )}
          </tfoot>
        </table>
      </div>
      <details className="report-definitions">
        <summary>How these figures are defined</summary>
        <dl>
          {def.measures.map((m) => <div key={m.key}><dt>{m.label}</dt><dd>{m.description}</dd></div>)}
        </dl>
        <p className="hint">Read as of {new Date(result.params.asOf).toLocaleString("en-US", { timeZone: result.params.timezone, dateStyle: "medium", timeStyle: "short" })} ({result.params.timezone}); days run midnight to midnight in that zone, from {result.params.from} up to (not including) {result.params.to}.</p>
      </details>
    </div>
  );
}
