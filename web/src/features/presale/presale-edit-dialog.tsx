import { useEffect, useState, type FormEvent } from "react";
import { shipDateWords, updatePresale, type PresaleDetail } from "@atelier/contracts/presales";
import { request } from "../../api/client";
import { invalidate } from "../../api/query-cache";
import { fieldSentences } from "../../ui/field-errors";
import { showToast } from "../../ui/toast-store";

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * Changes the cap and the expected ship date (an ended pre-sale only its date: its orders still
 * wait). Nothing is charged or sent, so saving needs no confirmation; the dialog says what a new
 * date does to the waiting orders, and the API's sentence says what changed.
 */
export function EditButton({ presale }: { presale: PresaleDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>{presale.status === "ACTIVE" ? "Edit" : "Change date"}</button>
      {open && <EditDialog presale={presale} onClose={() => setOpen(false)} />}
    </>
  );
}

function EditDialog({ presale, onClose }: { presale: PresaleDetail; onClose: () => void }) {
  const [cap, setCap] = useState(String(presale.cap));
  const [date, setDate] = useState(presale.expectedShipDate);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const active = presale.status === "ACTIVE";
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(cap);
    if (active && (!Number.isInteger(n) || n < 1)) return setErrors({ cap: "The limit is a whole number of units, 1 or more." });
    if (active && n < presale.sold) return setErrors({ cap: `${plural(presale.sold, "unit is", "units are")} already pre-ordered, so the limit can't go below ${presale.sold}.` });
    const body = { ...(active && n !== presale.cap ? { cap: n } : {}), ...(date && date !== presale.expectedShipDate ? { expectedShipDate: date } : {}) };
    if (!Object.keys(body).length) return onClose();
    setBusy(true);
    try {
      const saved = await request(updatePresale, { params: { id: presale.id }, body }, { idempotencyKey: crypto.randomUUID(), quiet: true });
      showToast(saved.message, "success");
      invalidate(["shipping", "orders"]);
      onClose();
    } catch (err) {
      setErrors(fieldSentences(err, "The pre-sale could not be changed. Try again in a moment."));
    } finally {
      setBusy(false);
    }
  };
  const error = (k: string) => errors[k] && <span className="field-error">{errors[k]}</span>;
  const moved = date && date !== presale.expectedShipDate && presale.waitingOrders > 0;
  return (
    <div className="dialog-backdrop" role="presentation" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <form className="dialog presale-edit" role="dialog" aria-modal="true" aria-labelledby="presale-edit-title" onSubmit={(e) => void save(e)}>
        <h2 id="presale-edit-title">Change the pre-sale of {presale.title}</h2>
        {active && (
          <label>
            Limit (units)
            <input aria-label="Pre-order limit" inputMode="numeric" value={cap} onChange={(e) => setCap(e.target.value)} />
            <span className="muted">{plural(presale.sold, "unit")} already pre-ordered; the limit can't go below that.</span>
            {error("cap")}
          </label>
        )}
        <label>
          Expected ship date
          <input aria-label="Expected ship date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          {error("expectedShipDate")}
        </label>
        {moved && (
          <p className="muted" data-testid="presale-edit-note">
            {presale.waitingOrders === 1 ? "The order waiting will say" : `The ${plural(presale.waitingOrders, "order")} waiting will say`} it is expected to ship on {shipDateWords(date)}.
          </p>
        )}
        {errors.form && <p className="field-error" role="alert">{errors.form}</p>}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>Cancel</button>
          <button type="submit" className="primary" disabled={busy}>{busy ? "Saving…" : "Save"}</button>
        </div>
      </form>
    </div>
  );
}
