import { useState } from "react";
import { REFUND_POLICY } from "@atelier/contracts/purchasing";
import { formatCardNumber, isExpired, parseExpiry } from "./checkout-steps";

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

type Props = {
  busy: boolean;
  submitLabel: string;
  onPay: (card: CardInput, promotionCode: string | undefined, saveCard: boolean) => void;
  refundPolicy?: string;
  allowPromotion?: boolean;
  /** Offer to keep the card on the store (off until ticked); public payers are never offered it. */
  offerSave?: boolean;
};

/** The card entry of every payment screen, with the refund policy said before paying. */
export function CardForm({ busy, submitLabel, onPay, refundPolicy = REFUND_POLICY, allowPromotion = true, offerSave = false }: Props) {
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [promotionCode, setPromotionCode] = useState("");
  const [saveCard, setSaveCard] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    const digits = number.replace(/\D/g, "");
    if (digits.length < 12 || digits.length > 19) next.number = "Enter the 12 to 19 digits of the card number.";
    const exp = parseExpiry(expiry);
    if (!exp) next.expiry = "Enter the expiry as MM/YY.";
    else if (isExpired(exp)) next.expiry = "This card has expired.";
    if (!/^\d{3,4}$/.test(cvc)) next.cvc = "Enter the 3 or 4 digit security code.";
    setErrors(next);
    if (Object.keys(next).length || !exp) return;
    onPay({ number: digits, ...exp, cvc }, promotionCode.trim() || undefined, offerSave && saveCard);
  };
  return (
    <form className="form card-form" onSubmit={submit} noValidate aria-label="Card payment">
      <p className="refund-policy" role="note" data-testid="refund-policy">{refundPolicy}</p>
      <label>
        Card number
        <input inputMode="numeric" autoComplete="cc-number" value={number} onChange={(e) => setNumber(formatCardNumber(e.target.value))} aria-invalid={Boolean(errors.number)} />
        {errors.number && <span className="field-error">{errors.number}</span>}
      </label>
      <div className="grid two">
        <label>
          Expiry (MM/YY)
          <input autoComplete="cc-exp" placeholder="MM/YY" value={expiry} onChange={(e) => setExpiry(e.target.value)} aria-invalid={Boolean(errors.expiry)} />
          {errors.expiry && <span className="field-error">{errors.expiry}</span>}
        </label>
        <label>
          CVC
          <input inputMode="numeric" autoComplete="cc-csc" maxLength={4} value={cvc} onChange={(e) => setCvc(e.target.value.replace(/\D/g, ""))} aria-invalid={Boolean(errors.cvc)} />
          {errors.cvc && <span className="field-error">{errors.cvc}</span>}
        </label>
      </div>
      {allowPromotion && (
        <label>
          Promotion code (optional)
          <input value={promotionCode} maxLength={40} onChange={(e) => setPromotionCode(e.target.value.toUpperCase())} />
        </label>
      )}
      {offerSave && (
        <label className="choice">
          <input type="checkbox" checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} /> Save this card for later payments (only if the payment goes through)
        </label>
      )}
      <button type="submit" className="primary" disabled={busy}>{busy ? "Paying…" : submitLabel}</button>
    </form>
  );
}
