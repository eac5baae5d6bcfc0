import { useState, type FormEvent } from "react";
import { listInventory } from "@atelier/contracts/inventory";
import { createReceiving, type ReceivingDetail } from "@atelier/contracts/receivings";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { showToast } from "../../ui/toast-store";
import { FeeSchedule } from "../../ui/fee-schedule";
import { BoxContentsEditor, boxesFromDraft, emptyBoxDraft, type BoxLineDraft } from "./box-contents";
import "./receivings.css";

type LineDraft = { key: string; sku: string; title: string; quantity: string; bin: string };
const blankLine = (): LineDraft => ({ key: crypto.randomUUID(), sku: "", title: "", quantity: "", bin: "" });
const SKU_RE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Announces the store's own stock as a receiving, SKU by SKU (boxes, carrier, tracking, arrival
 * day): the /receivings/new page and the SEND_MY_INVENTORY dialog (000 §2.7) both show it.
 */
export function SendInventoryForm({ onSent }: { onSent: (r: ReceivingDetail) => void }) {
  // The store's SKUs to pick from as one types; a SKU not among them needs its product name.
  const stocked = useApi(listInventory, { query: { size: 100, sort: "sku" } });
  const known = new Map((stocked.data?.list ?? []).map((i) => [i.sku.toLowerCase(), i]));
  const [form, setForm] = useState({ supplierName: "", boxCount: "1", carrier: "", trackingNumber: "", expectedArrival: "", note: "" });
  const [lines, setLines] = useState<LineDraft[]>([blankLine()]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The per-box packing list is optional: the labels then say the contents are not listed.
  const [listBoxes, setListBoxes] = useState(false);
  const [boxDraft, setBoxDraft] = useState(emptyBoxDraft);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const setLine = (key: string, patch: Partial<LineDraft>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const filled = lines.filter((l) => l.sku.trim() || l.quantity.trim());
    if (!filled.length) return setError("Add at least one SKU with the units you send.");
    for (const [i, l] of filled.entries()) {
      const n = Number(l.quantity);
      if (!SKU_RE.test(l.sku.trim())) return setError(`Line ${i + 1}: the SKU may use letters, digits, dots, dashes and underscores.`);
      if (!Number.isInteger(n) || n < 1) return setError(`Line ${i + 1}: enter the units you send, a whole number of at least 1.`);
      if (!known.has(l.sku.trim().toLowerCase()) && !l.title.trim()) return setError(`Line ${i + 1}: ${l.sku.trim()} is not in your inventory yet, so give the product's name.`);
    }
    const boxes = Number(form.boxCount);
    if (!Number.isInteger(boxes) || boxes < 1) return setError("Enter the number of boxes, a whole number of at least 1.");
    const packed = listBoxes ? boxesFromDraft(boxDraft, filled.map((l) => ({ sku: l.sku.trim(), title: l.title, expected: Number(l.quantity) })), boxes) : null;
    if (packed && "error" in packed) return setError(packed.error);
    setBusy(true);
    setError(null);
    try {
      const r = await request(createReceiving, {
        body: {
          boxCount: boxes,
          ...(form.supplierName.trim() ? { supplierName: form.supplierName.trim() } : {}),
          ...(form.carrier.trim() ? { carrier: form.carrier.trim() } : {}),
          ...(form.trackingNumber.trim() ? { trackingNumber: form.trackingNumber.trim() } : {}),
          ...(form.expectedArrival ? { expectedArrival: form.expectedArrival } : {}),
          ...(form.note.trim() ? { note: form.note.trim() } : {}),
          lines: filled.map((l) => ({
            sku: l.sku.trim(), expectedQuantity: Number(l.quantity),
            ...(l.title.trim() && !known.has(l.sku.trim().toLowerCase()) ? { title: l.title.trim() } : {}),
            ...(l.bin.trim() ? { bin: l.bin.trim() } : {}),
          })),
          ...(packed ? { boxes: packed.boxes } : {}),
        },
      }, { idempotencyKey: crypto.randomUUID() });
      showToast(`${r.sn} announced: ${r.totals.expected} units on their way.`, "success");
      onSent(r);
    } catch {
      // The request client has shown why.
      setBusy(false);
    }
  };

  // The editor shows the lines typed so far (with their units) over the boxes typed so far, capped so a typo can't draw 1,000 cards.
  const editorLines: BoxLineDraft[] = lines.filter((l) => SKU_RE.test(l.sku.trim()) && Number.isInteger(Number(l.quantity)) && Number(l.quantity) > 0)
    .map((l) => ({ sku: l.sku.trim(), title: l.title, expected: Number(l.quantity) }))
    .filter((l, i, all) => all.findIndex((x) => x.sku.toLowerCase() === l.sku.toLowerCase()) === i);
  const editorBoxes = Math.min(Math.max(1, Math.floor(Number(form.boxCount)) || 1), 200);

  return (
    <form className="receiving-form" onSubmit={(e) => void submit(e)} aria-label="New receiving">
      <fieldset className="receiving-fields">
        <legend>The shipment</legend>
        <label>From (supplier) <input aria-label="Supplier" value={form.supplierName} maxLength={120} onChange={set("supplierName")} placeholder="e.g. Ningbo Knitwear" /></label>
        <label>Boxes <input aria-label="Boxes" inputMode="numeric" value={form.boxCount} onChange={set("boxCount")} /></label>
        <label>Arrives on <input aria-label="Arrives on" type="date" value={form.expectedArrival} onChange={set("expectedArrival")} /></label>
        <label>Carrier <input aria-label="Carrier" value={form.carrier} maxLength={60} onChange={set("carrier")} placeholder="e.g. UPS" /></label>
        <label>Tracking number <input aria-label="Tracking number" value={form.trackingNumber} maxLength={60} onChange={set("trackingNumber")} /></label>
        <label className="receiving-note">Note for the fulfilment center <input aria-label="Note" value={form.note} maxLength={500} onChange={set("note")} /></label>
      </fieldset>
      <fieldset className="receiving-lines">
        <legend>What is in it</legend>
        <datalist id="receiving-skus">{(stocked.data?.list ?? []).map((i) => <option key={i.id} value={i.sku}>{i.title}</option>)}</datalist>
        {lines.map((l, i) => {
          const item = known.get(l.sku.trim().toLowerCase());
          return (
            <div className="receiving-line" key={l.key} data-testid="receiving-line-draft">
              <label>SKU <input aria-label={`SKU ${i + 1}`} list="receiving-skus" value={l.sku} maxLength={64} onChange={(e) => setLine(l.key, { sku: e.target.value })} /></label>
              <label className="receiving-title">Product {item ? <input aria-label={`Product ${i + 1}`} value={item.title} readOnly /> : <input aria-label={`Product ${i + 1}`} value={l.title} maxLength={200} placeholder="Name, for a new SKU" onChange={(e) => setLine(l.key, { title: e.target.value })} />}</label>
              <label>Units <input aria-label={`Units ${i + 1}`} inputMode="numeric" value={l.quantity} onChange={(e) => setLine(l.key, { quantity: e.target.value })} /></label>
              <label>Bin <input aria-label={`Bin ${i + 1}`} value={l.bin} maxLength={32} placeholder={item?.bins[0]?.bin ?? "A-01"} onChange={(e) => setLine(l.key, { bin: e.target.value })} /></label>
              <button type="button" aria-label={`Remove line ${i + 1}`} disabled={lines.length === 1} onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}>Remove</button>
            </div>
          );
        })}
        <div><button type="button" onClick={() => setLines((ls) => [...ls, blankLine()])}>Add a SKU</button></div>
      </fieldset>
      <fieldset className="receiving-lines">
        <legend>What is in each box</legend>
        <label className="receiving-check"><input type="checkbox" checked={listBoxes} onChange={(e) => setListBoxes(e.target.checked)} /> List what each box holds (printed on its box label)</label>
        {listBoxes && (editorLines.length
          ? <BoxContentsEditor lines={editorLines} boxCount={editorBoxes} draft={boxDraft} onChange={setBoxDraft} />
          : <p className="muted">Add the SKUs and their units above first.</p>)}
      </fieldset>
      <FeeSchedule compact />
      {error && <p className="field-error" role="alert">{error}</p>}
      <div className="receiving-actions">
        <button type="submit" className="primary" disabled={busy}>{busy ? "Announcing…" : "Announce the shipment"}</button>
        <span className="muted">Nothing is charged now; the units show as incoming until they are counted.</span>
      </div>
    </form>
  );
}
