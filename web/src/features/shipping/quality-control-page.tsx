import { useState, type FormEvent, type ReactNode } from "react";
import { ApiError } from "@atelier/contracts";
import { AQLS, INSPECTION_LEVELS, MAX_LOT, MIN_LOT, type Aql, type InspectionLevel } from "@atelier/contracts/aql";
import { MAX_QC_PHOTOS, QC_INSPECTION_FEE_CENTS, QC_STAGES, QC_VERDICT_FILTERS, createQcInspection, getSamplingPlan, listQcInspections, reportQcInspection, type QcInspection, type QcSamplingPlan } from "@atelier/contracts/shipping";
import { request } from "../../api/client";
import { invalidate } from "../../api/query-cache";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { AuthedImage } from "../../ui/authed-image";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { ListToolbar, Pager, useAddressPatch } from "../../ui/list-controls";
import { showToast } from "../../ui/toast-store";
import { uploadAttachment, type UploadedFile } from "../../ui/upload";
import { dateText, usd } from "./format";
import { QcCard, verdictText } from "../../ui/qc-card";
import "./shipping.css";

const PAGE_SIZE = 20;
const STAGE_WORDS: Record<(typeof QC_STAGES)[number], string> = { PRE_PRODUCTION: "Pre-production", DURING_PRODUCTION: "During production", PRE_SHIPMENT: "Pre-shipment", RECEIVING: "At receiving" };
const CLASSES = [["critical", "Critical"], ["major", "Major"], ["minor", "Minor"]] as const;
type Form = { reference: string; product: string; stage: (typeof QC_STAGES)[number]; lotSize: string; level: InspectionLevel; aqlCritical: Aql; aqlMajor: Aql; aqlMinor: Aql };
const blank: Form = { reference: "", product: "", stage: "PRE_SHIPMENT", lotSize: "", level: "II", aqlCritical: "0.065", aqlMajor: "2.5", aqlMinor: "4.0" };


function PlanTable({ plan }: { plan: QcSamplingPlan }) {
  return (
    <table className="qc-plan-table" aria-label="Sampling plan">
      <thead><tr><th>Defects</th><th className="num">AQL</th><th className="num">Inspect</th><th className="num">Accept up to</th><th className="num">Reject at</th></tr></thead>
      <tbody>
        {CLASSES.map(([k, label]) => (
          <tr key={k} data-testid="plan-row"><td>{label}</td><td className="num">{plan[k].aql}</td><td className="num">{plan[k].sampleSize}</td><td className="num">{plan[k].accept}</td><td className="num">{plan[k].reject}</td></tr>
        ))}
      </tbody>
    </table>
  );
}

/** Quality control (000 §2.2): book an inspection planned from the ISO 2859-1 tables, report the defects found, read the verdicts. */
export function QualityControlPage() {
  const { params, update } = useAddressPatch({ keepPageFor: ["inspection"] });
  const search = (params.get("q") ?? "").slice(0, 100);
  const verdict = QC_VERDICT_FILTERS.find((v) => v === params.get("verdict"));
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  const reporting = params.get("inspection");
  const list = useApi(listQcInspections, { query: { page, size: PAGE_SIZE, ...(search ? { search } : {}), ...(verdict ? { verdict } : {}) } });
  // "Book a quality check of RCV-1003" on a receiving opens this screen with the reference filled in.
  // "Book a quality check of this purchase" on /inbox/orders opens it with the purchase: the booking is linked to it.
  const orderItemId = /^[0-9a-f-]{36}$/i.test(params.get("orderItem") ?? "") ? params.get("orderItem") : null;
  const [form, setForm] = useState<Form>(() => ({
    ...blank, reference: (params.get("reference") ?? "").slice(0, 60), product: (params.get("product") ?? "").slice(0, 120), lotSize: /^\d{1,8}$/.test(params.get("lot") ?? "") ? params.get("lot")! : "",
    stage: params.get("reference")?.startsWith("RCV-") ? "RECEIVING" : blank.stage,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const lot = Number(form.lotSize);
  const lotOk = Number.isInteger(lot) && lot >= MIN_LOT && lot <= MAX_LOT;
  const plan = useApi(getSamplingPlan, { query: { lotSize: lotOk ? lot : MIN_LOT, level: form.level, aqlCritical: form.aqlCritical, aqlMajor: form.aqlMajor, aqlMinor: form.aqlMinor } });

  const set = <K extends keyof Form>(k: K) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value as Form[K] });
  // Nothing is charged until the person confirms the fee in the dialog; the fee they saw goes with the request.
  const review = (e: FormEvent) => {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!form.reference.trim()) missing.reference = "Enter the purchase order or receiving.";
    if (!form.product.trim()) missing.product = "Enter what the lot is.";
    if (!lotOk) missing.lotSize = `Enter the units in the lot, ${MIN_LOT} or more.`;
    setErrors(missing);
    if (!Object.keys(missing).length) setConfirming(true);
  };
  const book = async () => {
    setBusy(true);
    setErrors({});
    try {
      const booked = await request(createQcInspection, { body: { ...form, lotSize: Number(form.lotSize), expectedFeeCents: QC_INSPECTION_FEE_CENTS, ...(orderItemId ? { orderItemId } : {}) } }, { idempotencyKey: crypto.randomUUID(), quiet: true });
      showToast(`Inspection of ${booked.reference} booked for ${usd(booked.feeCents)}: inspect ${booked.plan.sampleSize} units.`, "success");
      setForm(blank);
      if (orderItemId) update({ orderItem: null, reference: null, product: null, lot: null });
      invalidate(["quality"]);
    } catch (err) {
      if (err instanceof ApiError && err.details?.length) setErrors(Object.fromEntries(err.details.map((d) => [String(d.field ?? "").replace(/^body\./, ""), String(d.reason ?? "")])));
      else showToast(err instanceof ApiError ? err.message : "The inspection could not be booked. Try again in a moment.");
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const opened = rows.find((i) => i.id === reporting);
  const field = (k: keyof Form, label: string, input: ReactNode) => (
    <label>{label}{input}{errors[k] && <span className="field-error">{errors[k]}</span>}</label>
  );
  return (
    <PageFrame title="Quality control" chatPrompt="How many units should I inspect?">
      <form className="ship-parcel qc-form card" onSubmit={review} aria-label="Book an inspection">
        <legend className="ship-wide">Book an inspection (ISO 2859-1 / ANSI Z1.4, normal inspection)</legend>
        {orderItemId && (
          <p className="ship-wide muted" data-testid="qc-purchase">
            For your purchase {form.product || "from the orders page"}: the inspection will be listed on it. <button type="button" className="link-button" onClick={() => update({ orderItem: null })}>Not for this purchase</button>
          </p>
        )}
        {field("reference", "Purchase order or receiving", <input aria-label="Purchase order or receiving" value={form.reference} maxLength={60} onChange={set("reference")} placeholder="PO-1042" />)}
        {field("product", "Product", <input aria-label="Product" value={form.product} maxLength={120} onChange={set("product")} placeholder="Heavyweight tee, black" />)}
        {field("stage", "Stage", <select aria-label="Stage" value={form.stage} onChange={set("stage")}>{QC_STAGES.map((s) => <option key={s} value={s}>{STAGE_WORDS[s]}</option>)}</select>)}
        {field("lotSize", "Units in the lot", <input aria-label="Units in the lot" inputMode="numeric" value={form.lotSize} onChange={set("lotSize")} />)}
        {field("level", "Inspection level", <select aria-label="Inspection level" value={form.level} onChange={set("level")}>{INSPECTION_LEVELS.map((l) => <option key={l} value={l}>{`Level ${l}${l === "II" ? " (usual)" : ""}`}</option>)}</select>)}
        {CLASSES.map(([k, label]) => {
          const key = `aql${label}` as "aqlCritical" | "aqlMajor" | "aqlMinor";
          return <span key={k}>{field(key, `${label} AQL`, <select aria-label={`${label} AQL`} value={form[key]} onChange={set(key)}>{AQLS.map((a) => <option key={a} value={a}>{a}</option>)}</select>)}</span>;
        })}
        <div className="ship-wide qc-plan" data-testid="qc-plan">
          {lotOk && plan.data ? (
            <>
              <p>{`Code letter ${plan.data.codeLetter}: open ${plan.data.sampleSize} of the ${lot.toLocaleString("en-US")} units.`}</p>
              <PlanTable plan={plan.data} />
            </>
          ) : <p className="muted">Enter the units in the lot to see how many to inspect and how many defects each class may have.</p>}
        </div>
        <div className="ship-wide ship-actions">
          <button type="submit" className="primary" disabled={busy}>{busy ? "Booking…" : "Book inspection"}</button>
          <span className="muted">{`An inspection costs ${usd(QC_INSPECTION_FEE_CENTS)}, charged to your card when you confirm.`}</span>
        </div>
      </form>
      {confirming && (
        <ConfirmDialog title="Book this inspection?" confirmLabel={busy ? "Booking…" : `Pay ${usd(QC_INSPECTION_FEE_CENTS)}`} busy={busy} onConfirm={() => void book()} onCancel={() => setConfirming(false)}>
          <p data-testid="qc-confirm">
            Your card will be charged <strong>{usd(QC_INSPECTION_FEE_CENTS)}</strong> for an inspection of <strong>{form.reference.trim()}</strong> ({form.product.trim()}), {lot.toLocaleString("en-US")} units{plan.data ? `, ${plan.data.sampleSize} of them opened` : ""}.
          </p>
        </ConfirmDialog>
      )}

      <ListToolbar search={search} label="Search inspections" placeholder="Order, receiving or product" onSearch={(q) => update({ q })}>
        <label>
          Verdict{" "}
          <select aria-label="Verdict" value={verdict ?? ""} onChange={(e) => update({ verdict: e.target.value || null })}>
            <option value="">All</option>
            <option value="PASS">Passed</option>
            <option value="FAIL">Failed</option>
            <option value="PENDING">Waiting for the report</option>
          </select>
        </label>
      </ListToolbar>
      {list.data && total === 0 ? (
        <p className="card" data-testid="qc-empty">{search || verdict ? "No inspection matches." : "No inspections yet. Book one above."}</p>
      ) : (
        <table className="ship-table" aria-label="Inspections" aria-busy={list.loading}>
          <thead><tr><th>Booked</th><th>Order or receiving</th><th className="cell-hide-narrow">Stage</th><th className="num">Lot</th><th className="num">Inspect</th><th>Result</th><th /></tr></thead>
          <tbody>
            {rows.map((i) => (
              <tr key={i.id} data-testid="qc-row">
                <td>{dateText(i.createdAt)}</td>
                <td>{i.reference}<div className="muted">{i.product}{i.receiving?.supplierName ? ` · from ${i.receiving.supplierName}` : ""}</div></td>
                <td className="cell-hide-narrow">{STAGE_WORDS[i.stage]}</td>
                <td className="num">{i.lotSize.toLocaleString("en-US")}</td>
                <td className="num">{i.plan.sampleSize}</td>
                <td>
                  <span className={`ship-badge ${i.verdict === "PASS" ? "ship-delivered" : i.verdict === "FAIL" ? "qc-fail" : ""}`}>{verdictText(i)}</span>
                  {i.found && <div className="muted">{`${i.found.critical} critical, ${i.found.major} major, ${i.found.minor} minor${i.photos.length ? ` · ${i.photos.length} photo${i.photos.length === 1 ? "" : "s"}` : ""}`}</div>}
                </td>
                <td><button type="button" onClick={() => update({ inspection: i.id })}>{i.status === "BOOKED" ? "Report" : "View report"}</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {total > PAGE_SIZE && <Pager page={page} size={PAGE_SIZE} total={total} onPage={(p) => update({ page: p })} />}
      {opened && (opened.status === "BOOKED" ? <ReportDialog inspection={opened} onClose={() => update({ inspection: null })} /> : (
        <ConfirmDialog title={`Inspection report: ${opened.reference}`} confirmLabel="Close" onConfirm={() => update({ inspection: null })} onCancel={() => update({ inspection: null })}>
          <QcCard inspection={opened} />
        </ConfirmDialog>
      ))}
    </PageFrame>
  );
}

function ReportDialog({ inspection, onClose }: { inspection: QcInspection; onClose: () => void }) {
  const [found, setFound] = useState({ critical: "0", major: "0", minor: "0" });
  const [notes, setNotes] = useState("");
  const [photos, setPhotos] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  // Photos go up through /upload as they are picked; the report names them by id.
  const addPhotos = async (files: FileList | null) => {
    const picked = [...(files ?? [])].slice(0, MAX_QC_PHOTOS - photos.length);
    if (!picked.length) return;
    setUploading(true);
    setError("");
    try {
      const uploaded: UploadedFile[] = [];
      for (const f of picked) {
        const u = await uploadAttachment(f);
        if (u.attachmentType !== "IMAGE") throw new Error(`${f.name} is not a picture; add photos (JPEG, PNG, WebP…).`);
        uploaded.push(u);
      }
      setPhotos([...photos, ...uploaded]);
    } catch (err) {
      setError(err instanceof Error ? err.message : "The photo could not be uploaded. Try again in a moment.");
    } finally {
      setUploading(false);
    }
  };
  const submit = async () => {
    setBusy(true);
    setError("");
    try {
      const r = await request(reportQcInspection, { params: { id: inspection.id }, body: { critical: Number(found.critical), major: Number(found.major), minor: Number(found.minor), notes, photoIds: photos.map((p) => p.id) } }, { idempotencyKey: crypto.randomUUID(), quiet: true });
      showToast(`${r.reference}: the lot ${r.verdict === "PASS" ? "passed" : "failed"} the inspection.`, r.verdict === "PASS" ? "success" : undefined);
      invalidate(["quality"]);
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? (err.details?.[0]?.reason ? `${String(err.details[0].field ?? "").replace(/^body\./, "")}: ${String(err.details[0].reason)}` : err.message) : "The report could not be saved. Try again in a moment.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog title={`Report the inspection of ${inspection.reference}`} confirmLabel={busy ? "Saving…" : "Save the report"} busy={busy || uploading} onConfirm={() => void submit()} onCancel={onClose}>
      <p className="muted">{`Open ${inspection.plan.sampleSize} units of ${inspection.product} and count the defects of each class.`}</p>
      <div className="ship-parcel qc-report">
        {CLASSES.map(([k, label]) => (
          <label key={k}>{`${label} (accept up to ${inspection.plan[k].accept})`}<input aria-label={`${label} defects found`} inputMode="numeric" value={found[k]} onChange={(e) => setFound({ ...found, [k]: e.target.value })} /></label>
        ))}
        <label className="ship-wide">Notes<textarea aria-label="Notes" value={notes} maxLength={1000} onChange={(e) => setNotes(e.target.value)} /></label>
        <div className="ship-wide qc-photo-picker">
          <label>{`Defect photos (up to ${MAX_QC_PHOTOS})`}<input type="file" aria-label="Defect photos" accept="image/*" multiple disabled={uploading || photos.length >= MAX_QC_PHOTOS} onChange={(e) => void addPhotos(e.target.files)} /></label>
          {uploading && <span className="muted">Uploading…</span>}
          {photos.length > 0 && (
            <div className="qc-photos">
              {photos.map((p) => <AuthedImage key={p.id} src={p.url} alt={`Defect photo ${p.fileName}`} className="qc-photo" />)}
            </div>
          )}
        </div>
      </div>
      {error && <p className="field-error" role="alert">{error}</p>}
    </ConfirmDialog>
  );
}
