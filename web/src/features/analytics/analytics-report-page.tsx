import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  COMPARE_MODES, CUSTOMER_SEGMENTS, GRANULARITIES, PRODUCT_REPORT_IDS, REPORT_GROUP_LABELS, exportReportCsv, listReports, runReport,
  type CompareMode, type Granularity, type ReportParamsInput,
} from "@atelier/contracts/analytics/index";
import type { ParamsOf } from "@atelier/contracts/contract";
import { ORDER_ORIGINS, ORDER_ORIGIN_LABELS, type OrderOrigin } from "@atelier/contracts/orders";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import type { RouteEntry } from "../../routes/route-table";
import { PageFrame } from "../../shell/page-frame";
import { CustomerListsSection } from "./customer-lists-section";
import { DrillPanel } from "./drill-panel";
import { ReportView, type DrillTarget } from "./report-view";
import { ShareDialog } from "./share-dialog";
import "./analytics.css";
import { saveBlob } from "../../ui/save-blob";

const COMPARE_LABELS: Record<CompareMode, string> = { NONE: "No comparison", PREVIOUS_PERIOD: "Previous period", PREVIOUS_YEAR: "Same period last year" };
const GRANULARITY_LABELS: Record<Granularity, string> = { day: "Days", week: "Weeks", month: "Months" };
const SEGMENT_LABELS = { NEW: "New customers' first orders", RETURNING: "Returning customers" } as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The default range: the last twelve whole months and this one, to the start of next month. */
function defaultRange(): { from: string; to: string } {
  const now = new Date();
  return { from: iso(new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), 1))), to: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))) };
}

/** The report's parameters from the address, so a link (or the assistant) can open the same view. */
export function reportQueryOf(params: URLSearchParams): ReportParamsInput {
  const d = defaultRange();
  const from = params.get("from");
  const to = params.get("to");
  const pick = <T extends string>(list: readonly T[], v: string | null) => list.find((x) => x === v);
  const country = params.get("country");
  return {
    from: from && DAY.test(from) ? from : d.from,
    to: to && DAY.test(to) ? to : d.to,
    compare: pick(COMPARE_MODES, params.get("compare")) ?? "NONE",
    granularity: pick(GRANULARITIES, params.get("granularity")) ?? "month",
    ...(pick(ORDER_ORIGINS, params.get("origin")) && { origin: pick(ORDER_ORIGINS, params.get("origin")) }),
    ...(country && /^[A-Z]{2}$/.test(country) && { country }),
    ...(pick(CUSTOMER_SEGMENTS, params.get("segment")) && { segment: pick(CUSTOMER_SEGMENTS, params.get("segment")) }),
  };
}

/** Every analytics route (000 §2.4): the report named by the path, from the registry. */
export function AnalyticsReportPage({ route }: { route: RouteEntry }) {
  const reportId = route.path.slice(1) as ParamsOf<typeof runReport>["reportId"];
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const query = reportQueryOf(params);
  const list = useApi(listReports, {});
  const result = useApi(runReport, { params: { reportId }, query });
  const [opened, setOpened] = useState<DrillTarget | null>(null);
  const [sharing, setSharing] = useState(false);
  const def = list.data?.reports.find((r) => r.id === reportId) ?? result.data?.report;
  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) if (v) next.set(k, v); else next.delete(k);
    setParams(next);
  };
  // On a product report the open row is in the address (?product=<name>): the assistant's screen
  // context reads it there, so "this product" in the chat is the row open on screen, and a link or a
  // reload opens the same row.
  const productRows = PRODUCT_REPORT_IDS.includes(reportId);
  const openProduct = productRows ? params.get("product") : null;
  const drill = productRows ? (openProduct ? (opened?.key === openProduct ? opened : { key: openProduct, label: openProduct }) : null) : opened;
  const setDrill = (target: DrillTarget | null) => {
    setOpened(target);
    if (productRows) update({ product: target?.key ?? null });
  };
  const download = async () => {
    const file = await request(exportReportCsv, { params: { reportId }, query });
    saveBlob(new Blob([file.csv], { type: "text/csv" }), file.filename);
  };
  const title = def?.title ?? "Analytics";
  return (
    <PageFrame
      title={title}
      chatPrompt={`About ${openProduct ? `${openProduct} in ` : ""}the ${title.toLowerCase()} report from ${query.from} to ${query.to}: `}
      actions={<>
        <button type="button" onClick={() => void download()} disabled={!result.data}>Download CSV</button>
        <button type="button" onClick={() => setSharing(true)} disabled={!result.data}>Share</button>
      </>}
    >
      {def && <p className="hint report-description">{def.description}</p>}
      <div className="report-controls">
        <label>
          Report
          <select value={reportId} onChange={(e) => void navigate(`/${e.target.value}?${params.toString()}`)}>
            {Object.entries(REPORT_GROUP_LABELS).map(([group, label]) => (
              <optgroup key={group} label={label}>
                {(list.data?.reports ?? []).filter((r) => r.group === group).map((r) => <option key={r.id} value={r.id}>{r.title}</option>)}
              </optgroup>
            ))}
          </select>
        </label>
        <label>From <input type="date" value={query.from} onChange={(e) => DAY.test(e.target.value) && update({ from: e.target.value })} /></label>
        <label>Up to <input type="date" value={query.to} onChange={(e) => DAY.test(e.target.value) && update({ to: e.target.value })} /></label>
        <label>
          Compare
          <select value={query.compare} onChange={(e) => update({ compare: e.target.value === "NONE" ? null : e.target.value })}>
            {COMPARE_MODES.map((c) => <option key={c} value={c}>{COMPARE_LABELS[c]}</option>)}
          </select>
        </label>
        {def?.dimension.kind === "time" && (
          <label>
            By
            <select value={query.granularity} onChange={(e) => update({ granularity: e.target.value === "month" ? null : e.target.value })}>
              {GRANULARITIES.map((g) => <option key={g} value={g}>{GRANULARITY_LABELS[g]}</option>)}
            </select>
          </label>
        )}
        <label>
          Channel
          <select value={query.origin ?? ""} onChange={(e) => update({ origin: e.target.value || null })}>
            <option value="">All channels</option>
            {ORDER_ORIGINS.map((o: OrderOrigin) => <option key={o} value={o}>{ORDER_ORIGIN_LABELS[o]}</option>)}
          </select>
        </label>
        <label>
          Country
          <input value={query.country ?? ""} maxLength={2} placeholder="All" size={4} title="Two letters, like US" onChange={(e) => update({ country: /^[A-Za-z]{2}$/.test(e.target.value) ? e.target.value.toUpperCase() : null })} />
        </label>
        <label>
          Customers
          <select value={query.segment ?? ""} onChange={(e) => update({ segment: e.target.value || null })}>
            <option value="">Everyone</option>
            {CUSTOMER_SEGMENTS.map((s) => <option key={s} value={s}>{SEGMENT_LABELS[s]}</option>)}
          </select>
        </label>
      </div>
      {result.loading && !result.data && <p role="status">Running the report…</p>}
      {result.data && <ReportView result={result.data} onDrill={setDrill} />}
      {drill && <DrillPanel key={`${drill.key} ${drill.measure?.key ?? ""}`} reportId={reportId} query={query} asOf={result.data?.params.asOf} target={drill} onClose={() => setDrill(null)} />}
      {def?.drill === "customers" && <CustomerListsSection />}
      {sharing && result.data && <ShareDialog reportId={reportId} title={title} query={query} onClose={() => setSharing(false)} />}
      <p className="hint"><Link to="/analytics">Overview</Link> · <Link to="/analytics-cohorts">Cohorts</Link> · <Link to="/analytics-churn-risk">Churn risk</Link></p>
    </PageFrame>
  );
}
