import { useState } from "react";
import { Link, useParams } from "react-router";
import { sentenceFor } from "@atelier/contracts/error-sentences";
import { DELIVERY_STATUS_LABELS, cancelReceiving, getReceiving, receiveReceiving, updateReceivingDelivery, type ReceivingDetail } from "@atelier/contracts/receivings";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { showToast } from "../../ui/toast-store";
import { useLiveReceivings } from "../../realtime/use-live-receivings";
import { ReceivingBadge, dayLabel } from "./receiving-labels";
import { ReceivingInspections } from "./receiving-inspections";
import { ReceivingBoxesSection } from "./receiving-boxes-section";
import "./receivings.css";

const key = () => ({ idempotencyKey: crypto.randomUUID() });
const when = (iso: string) => new Date(iso).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

/** Receiving details (/receivings/:sn/details): what was announced, counting at the dock (partial and damaged), the delivery's steps and the history. */
export function ReceivingDetailsPage() {
  useLiveReceivings();
  const { sn = "" } = useParams();
  const detail = useApi(getReceiving, { params: { sn } });
  const r = detail.data;
  return (
    <PageFrame title={r ? `Receiving ${r.sn}` : "Receiving"} chatPrompt={r ? `What's still missing from ${r.sn}?` : "What's arriving at the warehouse?"}>
      <p><Link to="/receivings">← Receivings</Link></p>
      {detail.error ? <p className="card" role="alert">{sentenceFor(detail.error as { code: string; message?: string })}</p> : null}
      {!r && !detail.error ? <div className="loading" role="status">Loading…</div> : null}
      {r && <ReceivingView r={r} onChanged={detail.setData} />}
    </PageFrame>
  );
}

function ReceivingView({ r, onChanged }: { r: ReceivingDetail; onChanged: (r: ReceivingDetail) => void }) {
  const open = !r.canceled && !r.closed && r.receivingStatus !== "RECEIVED";
  const [counts, setCounts] = useState<Record<string, { received: string; damaged: string }>>({});
  const [finish, setFinish] = useState(false);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const [reason, setReason] = useState("");

  const run = async (work: () => Promise<ReceivingDetail>, done: (x: ReceivingDetail) => string) => {
    setBusy(true);
    setError(null);
    try {
      const next = await work();
      onChanged(next);
      showToast(done(next), "success");
      return true;
    } catch {
      // The request client has shown why.
      return false;
    } finally {
      setBusy(false);
    }
  };

  const record = async () => {
    const lines: { sku: string; received: number; damaged: number }[] = [];
    for (const l of r.lines) {
      const c = counts[l.id];
      const received = Number(c?.received || 0);
      const damaged = Number(c?.damaged || 0);
      if (!Number.isInteger(received) || !Number.isInteger(damaged) || received < 0 || damaged < 0) return setError(`${l.sku}: counts are whole numbers, 0 or more.`);
      if (received + damaged > l.outstanding) return setError(`${l.sku}: at most ${l.outstanding} more unit${l.outstanding === 1 ? "" : "s"} can be counted.`);
      if (received + damaged > 0) lines.push({ sku: l.sku, received, damaged });
    }
    if (!lines.length && !finish) return setError("Enter the units counted for at least one SKU, or finish the receiving.");
    const ok = await run(
      () => request(receiveReceiving, { params: { sn: r.sn }, body: { lines, finish, ...(note.trim() ? { note: note.trim() } : {}) } }, key()),
      (x) => `${x.sn}: ${lines.reduce((s, l) => s + l.received, 0)} units put on hand${x.receivingStatus === "RECEIVED" ? "; fully received" : x.closed ? "; finished" : ""}.`,
    );
    if (ok) {
      setCounts({});
      setNote("");
      setFinish(false);
    }
  };
  const receiveAll = () => setCounts(Object.fromEntries(r.lines.map((l) => [l.id, { received: String(l.outstanding), damaged: "0" }])));
  const deliver = (status: "NOT_YET_DELIVERED" | "IN_QUEUE") =>
    void run(() => request(updateReceivingDelivery, { params: { sn: r.sn }, body: { status } }, key()), (x) => `${x.sn}: ${DELIVERY_STATUS_LABELS[x.deliveryStatus].toLowerCase()}.`);
  const cancel = async () => {
    if (reason.trim().length < 3) return setError("Say why in a few words.");
    if (await run(() => request(cancelReceiving, { params: { sn: r.sn }, body: { reason: reason.trim() } }, key()), (x) => `${x.sn} canceled.`)) setCanceling(false);
  };

  return (
    <div data-testid="receiving-detail" data-sn={r.sn}>
      <dl className="receiving-summary card">
        <div><dt>Status</dt><dd><ReceivingBadge r={r} /></dd></div>
        <div><dt>From</dt><dd>{r.supplierName || "—"}</dd></div>
        <div><dt>Boxes</dt><dd>{r.boxCount}</dd></div>
        <div><dt>Arrives</dt><dd>{dayLabel(r.expectedArrival)}</dd></div>
        <div><dt>Delivery</dt><dd data-testid="receiving-delivery">{r.canceled ? `Canceled: ${r.cancelReason}` : DELIVERY_STATUS_LABELS[r.deliveryStatus]}</dd></div>
        <div><dt>Tracking</dt><dd>{r.trackingNumber ? [r.carrier, r.trackingNumber].filter(Boolean).join(" ") : "—"}</dd></div>
        <div><dt>Units</dt><dd data-testid="receiving-totals">{r.totals.received} received, {r.totals.damaged} damaged of {r.totals.expected}{r.totals.outstanding ? `; ${r.totals.outstanding} to come` : ""}</dd></div>
        {r.note ? <div><dt>Note</dt><dd>{r.note}</dd></div> : null}
      </dl>
      {open && r.receivingStatus === "NONE" && (
        <div className="receiving-actions">
          {r.deliveryStatus === "NOT_YET_SHIPPED" && <button type="button" disabled={busy} onClick={() => deliver("NOT_YET_DELIVERED")}>Mark as shipped</button>}
          {(r.deliveryStatus === "NOT_YET_SHIPPED" || r.deliveryStatus === "NOT_YET_DELIVERED") && <button type="button" disabled={busy} onClick={() => deliver("IN_QUEUE")}>Mark as at the dock</button>}
          <button type="button" className="danger" disabled={busy} onClick={() => setCanceling(true)}>Cancel this receiving</button>
        </div>
      )}
      <section className="receiving-section" aria-labelledby="receiving-lines-title">
        <h2 id="receiving-lines-title">{open ? "Count at the dock" : "Lines"}</h2>
        <table className="list-table receiving-lines-table" aria-label="Receiving lines">
          <thead>
            <tr><th>SKU</th><th className="cell-hide-narrow">Bin</th><th className="num">Expected</th><th className="num">Received</th><th className="num">Damaged</th><th className="num">To come</th>{open && <th>Count now</th>}</tr>
          </thead>
          <tbody>
            {r.lines.map((l) => (
              <tr key={l.id} data-testid="receiving-line" data-sku={l.sku}>
                <td>{l.sku}<div className="muted">{l.title}</div></td>
                <td className="cell-hide-narrow">{l.bin}</td>
                <td className="num"><span className="narrow-label">Expected </span>{l.expected}</td>
                <td className="num"><span className="narrow-label">Received </span>{l.received}</td>
                <td className="num"><span className="narrow-label">Damaged </span>{l.damaged}</td>
                <td className="num"><span className="narrow-label">To come </span>{l.outstanding}</td>
                {open && (
                  <td className="receiving-count">
                    {l.outstanding > 0 ? (
                      <>
                        <label>Good <input aria-label={`Received ${l.sku}`} inputMode="numeric" value={counts[l.id]?.received ?? ""} placeholder="0" onChange={(e) => setCounts((c) => ({ ...c, [l.id]: { received: e.target.value, damaged: c[l.id]?.damaged ?? "" } }))} /></label>{" "}
                        <label>Damaged <input aria-label={`Damaged ${l.sku}`} inputMode="numeric" value={counts[l.id]?.damaged ?? ""} placeholder="0" onChange={(e) => setCounts((c) => ({ ...c, [l.id]: { received: c[l.id]?.received ?? "", damaged: e.target.value } }))} /></label>
                      </>
                    ) : <span className="muted">All counted</span>}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {open && (
          <div className="receiving-form">
            <label className="receiving-note">Note <input aria-label="Count note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} placeholder="What was seen at the dock" /></label>
            <label className="receiving-check"><input type="checkbox" checked={finish} onChange={(e) => setFinish(e.target.checked)} /> Nothing more will come: finish this receiving</label>
            {error && <p className="field-error" role="alert">{error}</p>}
            <div className="receiving-actions">
              <button type="button" onClick={receiveAll} disabled={busy}>Fill in everything still expected</button>
              <button type="button" className="primary" disabled={busy} onClick={() => void record()}>{busy ? "Saving…" : "Record the count"}</button>
            </div>
          </div>
        )}
      </section>
      <ReceivingBoxesSection key={`${r.boxCount}-${r.boxes.length}`} r={r} open={open} onChanged={onChanged} />
      <section className="receiving-section" aria-labelledby="receiving-history-title">
        <h2 id="receiving-history-title">History</h2>
        <ol className="receiving-history" aria-label="Receiving history">
          <li>Announced · {when(r.createdAt)}</li>
          {r.shippedAt && <li>Shipped · {when(r.shippedAt)}</li>}
          {r.arrivedAt && <li>Reached the fulfilment center · {when(r.arrivedAt)}</li>}
          {r.receipts.map((p, i) => (
            <li key={i} data-testid="receiving-receipt">
              <strong>{p.sku}</strong>: {p.received} received{p.damaged ? `, ${p.damaged} damaged` : ""}{p.note ? ` · ${p.note}` : ""}
              <div className="muted">{p.userName ?? "Atelier"} · {when(p.createdAt)}</div>
            </li>
          ))}
          {r.canceledAt && <li>Canceled: {r.cancelReason} · {when(r.canceledAt)}</li>}
        </ol>
      </section>
      <ReceivingInspections receivingId={r.id} sn={r.sn} />
      {canceling && (
        <ConfirmDialog title={`Cancel ${r.sn}?`} confirmLabel="Cancel the receiving" cancelLabel="Keep it" danger busy={busy} onConfirm={() => void cancel()} onCancel={() => setCanceling(false)}>
          <p>Its {r.totals.expected} units stop showing as incoming in your inventory.</p>
          <label className="receiving-form">Why <input aria-label="Why cancel" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} /></label>
          {error && <p className="field-error" role="alert">{error}</p>}
        </ConfirmDialog>
      )}
    </div>
  );
}
