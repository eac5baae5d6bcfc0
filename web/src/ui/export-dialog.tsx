import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { ORDER_EXPORT_CONTRACTS, dayAYearAfter, type OrderExport, type OrderExportKind } from "@atelier/contracts/order-exports";
import { stores } from "../api/contracts";
import { request } from "../api/client";
import { useApi } from "../api/use-api";
import { formatDay } from "../format/format";
import { ExportProgress } from "./export-progress";
import "./export-dialog.css";

// The export dialog of the payments report, the returns tab and the fulfilment home: a period
// (three presets or two days), then the export's progress, then "Download CSV". The days are
// the store's (the server reads them in its time zone), and so is the today the presets count
// from: at 8 pm in New York it is already tomorrow in a Sydney store.

const PRESETS = ["LAST_MONTH", "THIS_MONTH", "LAST_30_DAYS", "CUSTOM"] as const;
type Preset = (typeof PRESETS)[number];
const PRESET_WORDS: Record<Preset, string> = { LAST_MONTH: "Last month", THIS_MONTH: "This month", LAST_30_DAYS: "Last 30 days", CUSTOM: "Choose the days" };

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The first day of the month `months` after the one of `iso` (negative: before). */
const monthStart = (iso: string, months: number) => new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1 + months, 1)).toISOString().slice(0, 10);

/** The day it is at `now` in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** A preset's half-open period of days, counted from `today` (the store's, YYYY-MM-DD). */
export function presetPeriod(preset: Exclude<Preset, "CUSTOM">, today: string): { from: string; to: string } {
  if (preset === "LAST_MONTH") return { from: monthStart(today, -1), to: monthStart(today, 0) };
  if (preset === "THIS_MONTH") return { from: monthStart(today, 0), to: monthStart(today, 1) };
  const tomorrow = addDays(today, 1);
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
  // The presets wait for the store's time zone; chosen days need none.
  const timeZone = useApi(stores.getStoreConfigs, {}).data?.timezone ?? null;
  const period =
    preset === "CUSTOM" ? { from: custom.from, to: custom.through ? addDays(custom.through, 1) : "" } : timeZone ? presetPeriod(preset, todayIn(timeZone)) : null;
  const problem = period ? periodProblem(period) : "Reading your store's time zone…";
  const zoneWords = timeZone ? `your store's time zone (${timeZone})` : "your store's time zone";
  const summary = problem ?? (period && `From ${formatDay(period.from)} through ${formatDay(addDays(period.to, -1))}, in ${zoneWords}.`);
  const title = kind === "FINANCIAL" ? "Export the financial report" : "Export returns";

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  const start = async () => {
    setBusy(true);
    try {
      if (period) setStarted(await request(contracts.start, { body: period }, { idempotencyKey: crypto.randomUUID() }));
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
              {summary}
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
