import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { listInventory } from "@atelier/contracts/inventory";
import type { BodyOf } from "@atelier/contracts";
import { DELIVERY_STATUS_LABELS, RECEIVING_STATUS_LABELS, updateStoredAtFbp, type Receiving } from "@atelier/contracts/receivings";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { showToast } from "../../ui/toast-store";
import "./store-purchase-at-center.css";

const SKU_RE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Where the purchase's receiving stands, in words. */
const stage = (r: Receiving) => (r.closed ? "Finished short" : r.receivingStatus === "NONE" ? DELIVERY_STATUS_LABELS[r.deliveryStatus] : RECEIVING_STATUS_LABELS[r.receivingStatus]);

type Purchase = { id: string; title: string; quantity: number };

/**
 * "Store at the fulfilment center" for one paid sourcing purchase (/inbox/orders): the SKU its
 * units are stocked under, then the receiving it became, linked; calling it off while nothing of
 * it was counted. `receiving` is the purchase's live receiving, or null.
 */
export function StorePurchaseAtCenter({ purchase, receiving, onChanged }: { purchase: Purchase; receiving: Receiving | null; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const send = async (body: BodyOf<typeof updateStoredAtFbp>) => {
    setBusy(true);
    try {
      const r = await request(updateStoredAtFbp, { params: { id: purchase.id }, body }, { idempotencyKey: crypto.randomUUID() });
      showToast(r.receiving ? `${r.receiving.sn}: ${purchase.quantity} × ${purchase.title} will be stocked at the fulfilment center.` : `${purchase.title} will no longer go to the fulfilment center.`, "success");
      setOpen(false);
      onChanged();
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  if (receiving) {
    return (
      <div className="store-at-center" data-testid="stored-at-center">
        <span>Going to the fulfilment center as <Link to={`/receivings/${receiving.sn}/details`}>{receiving.sn}</Link> under {receiving.lines[0]?.sku ?? "its SKU"}</span>
        <span className="badge" data-testid="stored-at-center-status">{stage(receiving)}</span>
        {receiving.receivingStatus === "NONE" && (
          <button type="button" className="link-button" disabled={busy} onClick={() => void send({ storedAtFbp: false })}>Call it off</button>
        )}
      </div>
    );
  }
  if (!open) return <button type="button" onClick={() => setOpen(true)}>Store at the fulfilment center</button>;
  return <StoreForm purchase={purchase} busy={busy} onCancel={() => setOpen(false)} onSubmit={(b) => void send(b)} />;
}


function StoreForm({ purchase, busy, onCancel, onSubmit }: { purchase: Purchase; busy: boolean; onCancel: () => void; onSubmit: (b: BodyOf<typeof updateStoredAtFbp>) => void }) {
  // The store's SKUs to choose from; a new SKU takes the purchase's name.
  const stocked = useApi(listInventory, { query: { size: 100, sort: "sku" } });
  const [sku, setSku] = useState("");
  const [bin, setBin] = useState("");
  const [boxes, setBoxes] = useState("1");
  const [arrival, setArrival] = useState("");
  const [error, setError] = useState<string | null>(null);
  const listId = `store-skus-${purchase.id}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const boxCount = Number(boxes);
    if (!SKU_RE.test(sku.trim())) return setError("Enter the SKU to stock it under: letters, digits, dots, dashes and underscores.");
    if (!Number.isInteger(boxCount) || boxCount < 1) return setError("Enter the number of boxes, a whole number of at least 1.");
    setError(null);
    onSubmit({ storedAtFbp: true, sku: sku.trim(), boxCount, ...(bin.trim() ? { bin: bin.trim() } : {}), ...(arrival ? { expectedArrival: arrival } : {}) });
  };
  return (
    <form className="store-at-center-form" aria-label={`Store ${purchase.title} at the fulfilment center`} onSubmit={submit}>
      <datalist id={listId}>{(stocked.data?.list ?? []).map((i) => <option key={i.id} value={i.sku}>{i.title}</option>)}</datalist>
      <label>SKU to stock it under <input aria-label="SKU to stock it under" list={listId} value={sku} maxLength={64} onChange={(e) => setSku(e.target.value)} placeholder="e.g. TEE-SAND-M" /></label>
      <label>Bin <input aria-label="Bin" value={bin} maxLength={32} onChange={(e) => setBin(e.target.value)} placeholder="Optional" /></label>
      <label>Boxes <input aria-label="Boxes" inputMode="numeric" value={boxes} onChange={(e) => setBoxes(e.target.value)} /></label>
      <label>Arrives on <input aria-label="Arrives on" type="date" value={arrival} onChange={(e) => setArrival(e.target.value)} /></label>
      {error && <p className="field-error" role="alert">{error}</p>}
      <div className="dialog-actions">
        <span className="muted">{purchase.quantity} units go to the fulfilment center and show as incoming until counted. Nothing is charged.</span>
        <button type="button" onClick={onCancel}>Cancel</button>
        <button type="submit" className="primary" disabled={busy}>{busy ? "Saving…" : "Send them there"}</button>
      </div>
    </form>
  );
}
