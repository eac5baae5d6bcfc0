import { useState } from "react";
import { Link } from "react-router";
import { LABEL_STATUSES, createReturnLabel, getShippingLabel, listShippingLabels, voidShippingLabel, type ShippingLabel } from "@atelier/contracts/shipping";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { ListToolbar, Pager, useAddressPatch } from "../../ui/list-controls";
import { showToast } from "../../ui/toast-store";
import { dateText, placeOf, STATUS_WORDS, usd, weightText } from "./format";
import { downloadLabel } from "./label-download";
import { useLiveLabels } from "./use-live-labels";
import "./shipping.css";

const PAGE_SIZE = 20;
const STAGE_WORDS: Record<string, string> = { LABEL_CREATED: "Label created", ACCEPTED: "Accepted by the carrier", IN_TRANSIT: "In transit", OUT_FOR_DELIVERY: "Out for delivery", DELIVERED: "Delivered" };

type Pending = { kind: "void" | "return"; label: ShippingLabel } | null;

/** Label history (fulfilment home): every label bought, searched and filtered on the server, with reprint, void and return labels. */
export function LabelHistoryPage() {
  useLiveLabels();
  const { params, update } = useAddressPatch({ keepPageFor: ["label"] });
  const status = LABEL_STATUSES.find((s) => s === params.get("status"));
  const search = (params.get("q") ?? "").slice(0, 100);
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  const opened = params.get("label");
  const list = useApi(listShippingLabels, { query: { page, size: PAGE_SIZE, ...(status ? { status } : {}), ...(search ? { search } : {}) } });
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const act = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const key = { idempotencyKey: crypto.randomUUID() };
      if (pending.kind === "void") {
        const v = await request(voidShippingLabel, { params: { id: pending.label.id } }, key);
        showToast(`Label ${v.trackingNumber} voided; ${usd(v.refundedCents)} refunded to your card.`, "success");
      } else {
        const r = await request(createReturnLabel, { params: { id: pending.label.id }, body: { expectedPriceCents: pending.label.priceCents } }, key);
        showToast(`Return label bought: ${r.trackingNumber}.`, "success");
      }
      setPending(null);
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  return (
    <PageFrame title="Label history" chatPrompt="Show my shipping labels" actions={<><Link className="button" to="/fulfillment-services/label-batches">Labels for orders</Link><Link className="button primary" to="/fulfillment-services/create-shipping-label">Create shipping label</Link></>}>
      <ListToolbar search={search} label="Search labels" placeholder="Tracking number, name, city or ZIP" onSearch={(q) => update({ q })}>
        <label>
          Status{" "}
          <select aria-label="Status" value={status ?? ""} onChange={(e) => update({ status: e.target.value || null })}>
            <option value="">All</option>
            {LABEL_STATUSES.map((s) => <option key={s} value={s}>{STATUS_WORDS[s]}</option>)}
          </select>
        </label>
      </ListToolbar>
      {list.data && total === 0 ? (
        <p className="card" data-testid="labels-empty">{search || status ? "No label matches." : "No labels yet. Create one to see it here."}</p>
      ) : (
        <table className="ship-table" aria-label="Labels" aria-busy={list.loading}>
          <thead><tr><th>Date</th><th>Recipient</th><th>Service</th><th className="num">Price</th><th>Status</th><th>Tracking</th><th /></tr></thead>
          <tbody>
            {rows.map((l) => (
              <tr key={l.id} data-testid="label-row">
                <td>{dateText(l.createdAt)}</td>
                <td>{l.toAddress.name}<div className="muted">{placeOf(l.toAddress)}</div></td>
                <td>{l.carrier} {l.serviceName}{l.isReturn ? " · return" : ""}</td>
                <td className="num">{usd(l.priceCents)}</td>
                <td><span className={`ship-badge ship-${l.status.toLowerCase()}`}>{STATUS_WORDS[l.status]}</span></td>
                <td><button type="button" className="link-button" onClick={() => update({ label: l.id })}>{l.trackingNumber}</button></td>
                <td className="ship-row-actions">
                  {l.status !== "VOIDED" && <button type="button" onClick={() => void downloadLabel(l.id, l.trackingNumber, "pdf-4x6")}>Reprint</button>}
                  {l.status === "PURCHASED" && <button type="button" onClick={() => setPending({ kind: "void", label: l })}>Void</button>}
                  {l.status !== "VOIDED" && !l.isReturn && <button type="button" onClick={() => setPending({ kind: "return", label: l })}>Return label</button>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} size={PAGE_SIZE} total={total} onPage={(p) => update({ page: p })} />
      {pending && (
        <ConfirmDialog
          title={pending.kind === "void" ? "Void this label?" : "Buy a return label?"}
          confirmLabel={busy ? "Working…" : pending.kind === "void" ? `Void and refund ${usd(pending.label.priceCents)}` : `Pay ${usd(pending.label.priceCents)}`}
          busy={busy}
          onConfirm={() => void act()}
          onCancel={() => setPending(null)}
        >
          <p>
            {pending.kind === "void"
              ? `The ${pending.label.serviceName.toLowerCase()} label to ${pending.label.toAddress.name} can no longer be used, and ${usd(pending.label.priceCents)} goes back to your card.`
              : `Your card will be charged ${usd(pending.label.priceCents)} for a ${pending.label.serviceName.toLowerCase()} label from ${pending.label.toAddress.name} back to ${pending.label.fromAddress.name}.`}
          </p>
        </ConfirmDialog>
      )}
      {opened && <LabelDialog id={opened} onClose={() => update({ label: null })} />}
    </PageFrame>
  );
}

function LabelDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const label = useApi(getShippingLabel, { params: { id } });
  const l = label.data;
  return (
    <ConfirmDialog title={l ? `Label ${l.trackingNumber}` : "Label"} confirmLabel="Close" cancelLabel="Close" onConfirm={onClose} onCancel={onClose}>
      {!l && label.error ? <p>This label was not found.</p> : null}
      {!l && !label.error ? <p role="status">Loading…</p> : null}
      {l && (
        <div className="ship-detail" data-testid="label-detail">
          <p><strong>{l.carrier} {l.serviceName}</strong> · {usd(l.priceCents)}{l.refundedCents ? ` (refunded ${usd(l.refundedCents)})` : ""} · {STATUS_WORDS[l.status]}</p>
          <p>From {l.fromAddress.name}, {placeOf(l.fromAddress)} to {l.toAddress.name}, {l.toAddress.addressLine1}, {placeOf(l.toAddress)}</p>
          <p className="muted">{weightText(l.parcel)} · {l.parcel.length}×{l.parcel.width}×{l.parcel.height} {l.parcel.distance_unit} · billed {l.billedWeightLb} lb · {l.zone} · expected {dateText(l.deliveryDate)}</p>
          <ol className="ship-events" aria-label="Tracking">
            {l.events.map((e) => <li key={e.stage}><strong>{STAGE_WORDS[e.stage] ?? e.message}</strong> · {e.location} · {new Date(e.occurredAt).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })}</li>)}
          </ol>
        </div>
      )}
    </ConfirmDialog>
  );
}
