import { useState, type FormEvent } from "react";
import { acceptQuote, counterQuote, declineQuote, type Quote } from "@atelier/contracts/inbox/contracts";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { centsToUsd } from "../../ui/money";
import type { InboxPort } from "./inbox-port";

const STATUS_WORDS: Record<Quote["status"], string> = { PROPOSED: "Proposed", COUNTERED: "Counter-offer", ACCEPTED: "Accepted", DECLINED: "Declined", EXPIRED: "Expired" };
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });

/** Dollars typed by a person ("3.80", "$4") as cents; null when it is not a price. */
function toCents(text: string): number | null {
  const n = Number(text.replace(/[$,\s]/g, ""));
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) : null;
}

/**
 * A quote in the conversation, as it stands now: its terms and status (live through
 * message.updated), and, for the side whose turn it is, accept (after a confirmation naming the
 * supplier, the quantity, the unit price and the total), counter and decline.
 */
export function QuoteCard({ quote, port, onChange }: { quote: Quote; port?: InboxPort; onChange?: (q: Quote) => void }) {
  const [mode, setMode] = useState<"idle" | "confirm" | "counter">("idle");
  const [price, setPrice] = useState((quote.unitPriceCents / 100).toFixed(2));
  const [quantity, setQuantity] = useState(String(quote.quantity));
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const myTurn = port !== undefined && quote.awaitingSide === port.side;
  const other = port?.side === "STORE" ? quote.supplierName : quote.storeName;

  const run = async (fn: () => Promise<Quote>) => {
    setBusy(true);
    setError(null);
    try {
      onChange?.(await fn());
      setMode("idle");
    } catch (err) {
      setError(err instanceof Error ? err.message : "That did not work. Try again.");
    } finally {
      setBusy(false);
    }
  };
  const key = () => ({ idempotencyKey: crypto.randomUUID() });
  const counter = (e: FormEvent) => {
    e.preventDefault();
    const cents = toCents(price);
    const qty = Number(quantity);
    if (cents === null) return setError("Write the unit price in dollars, like 3.80.");
    if (!Number.isInteger(qty) || qty < 1) return setError("Write the quantity as a whole number of units.");
    void run(() => port!.call(counterQuote, { params: { id: quote.id }, body: { unitPriceCents: cents, ...(qty !== quote.quantity ? { quantity: qty } : {}), note: note.trim() } }, key()));
  };

  return (
    <div className={`quote-card quote-${quote.status.toLowerCase()}`} data-quote={quote.id}>
      <div className="quote-head">
        <strong>Quote: {quote.title}</strong>
        <span className="chip quote-status">{STATUS_WORDS[quote.status]}</span>
      </div>
      <dl className="quote-terms">
        <div><dt>Unit price</dt><dd>{centsToUsd(quote.unitPriceCents)}</dd></div>
        <div><dt>Quantity</dt><dd>{quote.quantity.toLocaleString()}</dd></div>
        <div><dt>Total</dt><dd>{centsToUsd(quote.totalCents)}</dd></div>
        <div><dt>Minimum order</dt><dd>{quote.moq.toLocaleString()}</dd></div>
        <div><dt>Lead time</dt><dd>{quote.leadTimeDays} days</dd></div>
        <div><dt>Sample</dt><dd>{quote.samplePriceCents === null ? "None offered" : centsToUsd(quote.samplePriceCents)}</dd></div>
        {quote.landedCostCents !== null && <div><dt>Landed cost</dt><dd title={quote.landedCostBasis}>{centsToUsd(quote.landedCostCents)} a unit</dd></div>}
      </dl>
      <p className="quote-foot">
        {quote.status === "PROPOSED" || quote.status === "COUNTERED"
          ? myTurn ? `Your answer is awaited · valid until ${day(quote.validUntil)}` : `Waiting for ${other || "the other side"} · valid until ${day(quote.validUntil)}`
          : quote.decidedAt ? `${STATUS_WORDS[quote.status]} on ${day(quote.decidedAt)}` : STATUS_WORDS[quote.status]}
      </p>
      {error && <p role="alert" className="error">{error}</p>}
      {myTurn && mode === "idle" && (
        <div className="quote-actions">
          <button type="button" className="button primary" onClick={() => setMode("confirm")}>Accept</button>
          <button type="button" className="button" onClick={() => setMode("counter")}>Counter</button>
          <button type="button" className="button" disabled={busy} onClick={() => void run(() => port!.call(declineQuote, { params: { id: quote.id }, body: {} }, key()))}>Decline</button>
        </div>
      )}
      {myTurn && mode === "counter" && (
        <form className="quote-counter" onSubmit={counter}>
          <label>Unit price ($)<input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} /></label>
          <label>Quantity<input inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} /></label>
          <label className="quote-note">Note<input value={note} maxLength={2000} placeholder={`A line for ${other}`} onChange={(e) => setNote(e.target.value)} /></label>
          <div className="quote-actions">
            <button type="submit" className="button primary" disabled={busy}>Send counter-offer</button>
            <button type="button" className="button" onClick={() => setMode("idle")}>Cancel</button>
          </div>
        </form>
      )}
      {mode === "confirm" && (
        <ConfirmDialog title={`Accept ${quote.supplierName}'s quote?`} confirmLabel={`Accept ${centsToUsd(quote.totalCents)}`} busy={busy}
          onConfirm={() => void run(() => port!.call(acceptQuote, { params: { id: quote.id } }, key()))} onCancel={() => setMode("idle")}>
          <p>{quote.quantity.toLocaleString()} units of “{quote.title}” at {centsToUsd(quote.unitPriceCents)} each: {centsToUsd(quote.totalCents)} in all, ready {quote.leadTimeDays} days after you order. The terms are written into your custom project; nothing is charged now.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
