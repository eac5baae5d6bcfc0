import { useRef, useState } from "react";
import { Link } from "react-router";
import { cardEnding, payBalanceDue } from "@atelier/contracts/fees";
import { request } from "../../api/client";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { fieldSentences } from "../../ui/field-errors";
import { formatUsd } from "../../format/format";

/**
 * "Pay $X now" under the balance due: names the default card, asks in a dialog showing the amount
 * and the card, and only then charges. One Idempotency-Key per confirmation, so a double click or a
 * retried request charges once. The report reloads through the cache when the payment lands.
 */
export function PayBalance({ payableCents, card }: { payableCents: number; card: { brand: string; last4: string } | null }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const key = useRef<string | null>(null);
  if (!card) {
    return payableCents > 0 ? <p className="muted pay-now-note">To pay it now, <Link to="/account-info">add a card</Link>.</p> : null;
  }
  const amount = formatUsd(payableCents / 100);
  const words = cardEnding(card);

  async function pay() {
    setBusy(true);
    key.current ??= crypto.randomUUID();
    try {
      const r = await request(payBalanceDue, { body: { amountCents: payableCents } }, { idempotencyKey: key.current, quiet: true });
      setOutcome({ ok: r.result === "COMPLETED", text: r.message });
    } catch (err) {
      setOutcome({ ok: false, text: fieldSentences(err, "The balance could not be paid. Please try again.").form ?? "The balance could not be paid. Please try again." });
    } finally {
      key.current = null;
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <>
      {payableCents > 0 && (
        <button type="button" className="primary pay-now" onClick={() => { setOutcome(null); setAsking(true); }}>
          Pay {amount} now <span className="pay-now-card">with {words}</span>
        </button>
      )}
      {outcome && <p role="status" className={outcome.ok ? "pay-now-ok" : "pay-now-failed"}>{outcome.text}</p>}
      {asking && (
        <ConfirmDialog title={`Pay ${amount} now?`} confirmLabel={`Pay ${amount}`} busy={busy} onCancel={() => setAsking(false)} onConfirm={() => void pay()}>
          <p>We will charge <strong>{amount}</strong> to your <strong>{words}</strong> for the fulfilment center's fees that are due. Nothing is charged until you confirm.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
