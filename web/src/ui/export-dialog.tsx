import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { ORDER_EXPORT_CONTRACTS, dayAYearAfter, type OrderExport, type OrderExportKind } from "@atelier/contracts/order-exports";
import { request } from "../api/client";
import { formatDay } from "../format/format";
import { ExportProgress } from "./export-progress";
import "./export-dialog.css";

// The export dialog of the payments report, the returns tab and the fulfilment home: a period
// (three presets or two days), then the export's progress, then "Download CSV". The days are
// the store's (the server reads them in its time zone); the presets count from today here.

const PRESETS = ["LAST_MONTH", "THIS_MONTH", "LAST_30_DAYS", "CUSTOM"] as const;
type Preset = (typeof PRESETS)[number];
const PRESET_WORDS: Record<Preset, string> = { LAST_MONTH: "Last month", THIS_MONTH: "This month", LAST_30_DAYS: "Last 30 days", CUSTOM: "Choose the days" };

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A preset's half-open period of days, counted from today. */
export function presetPeriod(preset: Exclude<Preset, "CUSTOM">, today = new Date()): { from: string; to: string } {
  const y = today.getFullYear();
  const m = today.getMonth();
  if (preset === "LAST_MONTH") return { from: day(new Date(y, m - 1, 1)), to: day(new Date(y, m, 1)) };
  if (preset === "THIS_MONTH") return { from: day(new Date(y, m, 1)), to: day(new Date(y, m + 1, 1)) };
  const tomorrow = addDays(day(today), 1);
  return { from: addDays(tomorrow, -30), to: tomorrow };
}

/** Why the chosen days can't be exported, in a sentence; null when they can. */
function periodProblem(p: { from: string; to: string }): string | null {
  if (!p.from || !p.to) return "Choose the first and the last day.";
  if (p.to <= p.from) return "The last day must be on or after the first day.";
  if (p.to > dayAYearAfter(p.from)) return "Choose at most a year.";
  return null;
}

export function ExportDialog({ kind, onClose }: { kind: OrderExportKind; onClose: () => void }) {
  const titleId = useId();
  const [preset, setPreset] = useState<Preset>("LAST_MONTH");
  const [custom, setCustom] = useState({ from: "", through: "" });
  const [started, setStarted] = useState<OrderExport | null>(null);
  const [busy, setBusy] = useState(false);
  const contracts = ORDER_EXPORT_CONTRACTS[kind];
  const period = preset === "CUSTOM" ? { from: custom.from, to: custom.through ? addDays(custom.through, 1) : "" } : presetPeriod(preset);
  const problem = periodProblem(period);
  const title = kind === "FINANCIAL" ? "Export the financial report" : "Export returns";

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  const start = async () => {
    setBusy(true);
    try {
      setStarted(await request(contracts.start, { body: period }, { idempotencyKey: crypto.randomUUID() }));
    } catch {
      // The request client showed the reason; the dialog stays as it was.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="dialog-backdrop" role="presentation" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="dialog export-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="export-dialog">
        <h2 id={titleId}>{title}</h2>
        {!started ? (
          <>
            <p className="muted">
              {kind === "FINANCIAL"
                ? "Every fee, card payment and payout of the period as a CSV file, with the balance running over the period."
                : "Every return created in the period as a CSV file, one row per returned item, with its status, reason and refund."}
            </p>
            <fieldset className="export-presets">
              <legend>Period</legend>
              {PRESETS.map((p) => (
                <label key={p}><input type="radio" name="export-period" checked={preset === p} onChange={() => setPreset(p)} /> {PRESET_WORDS[p]}</label>
              ))}
            </fieldset>
            {preset === "CUSTOM" && (
              <div className="export-days">
                <label>From <input type="date" value={custom.from} onChange={(e) => setCustom({ ...custom, from: e.target.value })} /></label>
                <label>Through <input type="date" value={custom.through} onChange={(e) => setCustom({ ...custom, through: e.target.value })} /></label>
              </div>
            )}
            <p className={problem ? "muted" : undefined} role="status">
              {problem ?? `From ${formatDay(period.from)} through ${formatDay(addDays(period.to, -1))}, in your store's time zone.`}
            </p>
            <div className="dialog-actions">
              <button type="button" onClick={onClose}>Cancel</button>
              <button type="button" className="primary" disabled={busy || problem !== null} onClick={() => void start()}>{busy ? "Starting…" : "Export"}</button>
            </div>
          </>
        ) : (
          <ExportProgress started={started} actions={<button type="button" onClick={onClose}>Close</button>} />
        )}
      </div>
    </div>
  );
}

/**
 * Whether the export dialog of a kind is open: it is in the address (?export=RETURNS), so the
 * fulfilment home links straight to it, a reload keeps it, and the assistant knows it is on screen.
 */
export function useExportDialog(kind: OrderExportKind): [boolean, (open: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const setOpen = (open: boolean) => {
    const next = new URLSearchParams(params);
    if (open) next.set("export", kind);
    else next.delete("export");
    setParams(next, { replace: true });
  };
  return [params.get("export") === kind, setOpen];
}
