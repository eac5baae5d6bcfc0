import { useState, type FormEvent } from "react";
import { payments, type ResponseOf } from "../../api/contracts";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { fieldSentences } from "../../ui/field-errors";

type Method = ResponseOf<typeof payments.listPaymentMethods>["list"][number];

/** How a card is named to its owner: "visa •••• 4242, expires 12/2027". */
export const cardName = (m: Pick<Method, "brand" | "last4" | "expMonth" | "expYear">) => `${m.brand} •••• ${m.last4}, expires ${String(m.expMonth).padStart(2, "0")}/${m.expYear}`;

/** Saved cards: add, make default, remove (after a confirmation naming the card). Every change reloads the billing panels through the cache. */
export function PaymentMethodsPanel() {
  const methods = useApi(payments.listPaymentMethods, { query: {} });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Method | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const act = (p: Promise<unknown>) => p.then(() => undefined, () => undefined);
  const remove = (m: Method) => {
    setBusy(true);
    void act(request(payments.detachPaymentMethod, { params: { id: m.id } })).finally(() => {
      setBusy(false);
      setRemoving(null);
    });
  };

  async function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const [mm = "", yy = ""] = String(f.get("exp") ?? "").split("/").map((s) => s.trim());
    setErrors({});
    try {
      await request(payments.attachPaymentMethod, {
        body: { cardNumber: String(f.get("cardNumber") ?? ""), expMonth: Number(mm), expYear: Number(yy.length === 2 ? `20${yy}` : yy), cvc: String(f.get("cvc") ?? ""), makeDefault: f.get("makeDefault") === "on" },
      }, { quiet: true });
      setAdding(false);
    } catch (err) {
      setErrors(fieldSentences(err, "The card could not be saved. Please try again."));
    }
  }
  return (
    <div className="card" id="account-payment-methods">
      <h2>Payment methods</h2>
      {methods.data?.list.length === 0 && <p className="muted">No card saved yet.</p>}
      <ul>
        {methods.data?.list.map((m) => (
          <li key={m.id}>
            {m.brand} •••• {m.last4} · {String(m.expMonth).padStart(2, "0")}/{m.expYear} {m.isDefault && <strong>(default)</strong>}{" "}
            {!m.isDefault && <button type="button" onClick={() => void act(request(payments.setDefaultPaymentMethod, { params: { id: m.id } }))}>Make default</button>}{" "}
            <button type="button" onClick={() => setRemoving(m)} aria-label={`Remove ${m.brand} •••• ${m.last4}`}>Remove</button>
          </li>
        ))}
      </ul>
      {removing && (
        <ConfirmDialog title="Remove this card?" confirmLabel="Remove card" danger busy={busy} onCancel={() => setRemoving(null)} onConfirm={() => remove(removing)}>
          <p>
            <strong>{cardName(removing)}</strong> will be removed from your store.
            {removing.isDefault && " It is your default card: the newest remaining card becomes the default, and without one, plan and credit payments stop."}
          </p>
        </ConfirmDialog>
      )}
      {adding ? (
        <form className="form" onSubmit={(e) => void add(e)}>
          <label>Card number<input name="cardNumber" inputMode="numeric" autoComplete="cc-number" required />{errors.cardNumber && <span className="field-error">{errors.cardNumber}</span>}</label>
          <label>Expiry (MM/YY)<input name="exp" autoComplete="cc-exp" required placeholder="12/29" />{(errors.expMonth || errors.expYear) && <span className="field-error">{errors.expMonth ?? errors.expYear}</span>}</label>
          <label>CVC<input name="cvc" inputMode="numeric" autoComplete="cc-csc" required />{errors.cvc && <span className="field-error">{errors.cvc}</span>}</label>
          <label className="choice"><input type="checkbox" name="makeDefault" /> Make this my default card</label>
          {errors.form && <p className="form-error" role="alert">{errors.form}</p>}
          <div className="dialog-actions"><button type="button" onClick={() => { setAdding(false); setErrors({}); }}>Cancel</button><button type="submit" className="primary">Save card</button></div>
        </form>
      ) : (
        <button type="button" onClick={() => setAdding(true)}>Add a card</button>
      )}
    </div>
  );
}
