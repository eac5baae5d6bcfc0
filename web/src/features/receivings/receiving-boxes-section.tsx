import { useState } from "react";
import { updateReceivingBoxes, type ReceivingDetail } from "@atelier/contracts/receivings";
import { request } from "../../api/client";
import { showToast } from "../../ui/toast-store";
import { downloadApiDocument } from "../../ui/save-blob";
import { BoxContentsEditor, BoxList, boxesFromDraft, draftFromBoxes, emptyBoxDraft } from "./box-contents";

// The receiving's boxes on its details page (issue 16): what each holds, editable while the
// shipment can still arrive, and its box labels as one PDF with a page per box.

export function ReceivingBoxesSection({ r, open, onChanged }: { r: ReceivingDetail; open: boolean; onChanged: (r: ReceivingDetail) => void }) {
  const [editing, setEditing] = useState(false);
  const [boxCount, setBoxCount] = useState(String(r.boxCount));
  const [draft, setDraft] = useState(() => (r.boxes.length ? draftFromBoxes(r.boxes) : emptyBoxDraft()));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lines = r.lines.map((l) => ({ sku: l.sku, title: l.title, expected: l.expected }));
  const count = Math.min(Math.max(1, Math.floor(Number(boxCount)) || 1), 200);

  const save = async () => {
    const n = Number(boxCount);
    if (!Number.isInteger(n) || n < 1 || n > 200) return setError("Enter the number of boxes, a whole number from 1 to 200.");
    const packed = boxesFromDraft(draft, lines, n);
    if ("error" in packed) return setError(packed.error);
    setBusy(true);
    setError(null);
    try {
      const next = await request(updateReceivingBoxes, { params: { sn: r.sn }, body: { boxes: packed.boxes } }, { idempotencyKey: crypto.randomUUID() });
      onChanged(next);
      showToast(`${next.sn}: what each of its ${next.boxCount} boxes holds is saved.`, "success");
      setEditing(false);
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="receiving-section" aria-labelledby="receiving-boxes-title" data-testid="receiving-boxes">
      <h2 id="receiving-boxes-title">Boxes</h2>
      {!editing && <BoxList boxes={r.boxes} boxCount={r.boxCount} />}
      {editing && (
        <div className="receiving-form">
          <label>Boxes <input aria-label="Number of boxes" inputMode="numeric" value={boxCount} onChange={(e) => setBoxCount(e.target.value)} /></label>
          <BoxContentsEditor lines={lines} boxCount={count} draft={draft} onChange={setDraft} />
          {error && <p className="field-error" role="alert">{error}</p>}
        </div>
      )}
      <div className="receiving-actions">
        {open && !editing && <button type="button" onClick={() => setEditing(true)}>{r.boxes.length ? "Edit what is in each box" : "List what is in each box"}</button>}
        {editing && <button type="button" className="primary" disabled={busy} onClick={() => void save()}>{busy ? "Saving…" : "Save the boxes"}</button>}
        {editing && <button type="button" disabled={busy} onClick={() => setEditing(false)}>Cancel</button>}
        {!r.canceled && <button type="button" onClick={() => void downloadApiDocument(`web/receivings/${r.sn}/box-labels/document`, `box-labels-${r.sn}.pdf`)}>Download box labels (PDF)</button>}
      </div>
    </section>
  );
}
