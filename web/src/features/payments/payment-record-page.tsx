import { Link, useParams } from "react-router";
import { PAYMENT_KIND_WORDS, getPaymentRecord } from "@atelier/contracts/fees";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { formatDate, formatUsd } from "../../format/format";
import "./payments.css";

const money = (cents: number) => formatUsd(cents / 100);
const brandName = (brand: string) => (brand === "unknown" ? "Card" : brand === "amex" ? "American Express" : brand.charAt(0).toUpperCase() + brand.slice(1));

/** One card payment (/account/payment-records/:id): amount, card, what it paid for, refunds. */
export function PaymentRecordPage() {
  const { id = "" } = useParams();
  const record = useApi(getPaymentRecord, { params: { id } });
  const p = record.data;
  const back = <Link className="button" to="/account/payments-report">Payments report</Link>;
  if (!p) {
    return (
      <PageFrame title="Card payment" chatPrompt="What was this payment for?" actions={back}>
        <p className="card" aria-busy={record.loading}>{record.loading ? "Loading the payment…" : "This payment could not be found."}</p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={`${money(p.amountCents)} on ${formatDate(p.createdAt)}`} chatPrompt="What was this payment for?" actions={back}>
      <section className="card pay-summary" aria-label="Payment summary" data-testid="payment-summary">
        <p>{p.description}</p>
        <dl className="pay-sums">
          <dt>Kind</dt><dd>{PAYMENT_KIND_WORDS[p.kind]}</dd>
          <dt>Card</dt><dd>{p.card ? `${brandName(p.card.brand)} ending ${p.card.last4}` : "No card on record"}</dd>
          <dt>Result</dt><dd>{p.succeeded ? "Paid" : "Declined: nothing was taken"}</dd>
          {p.discountCents > 0 && <><dt>Discount</dt><dd>−{money(p.discountCents)}</dd></>}
          <dt><strong>Amount</strong></dt><dd><strong data-testid="payment-amount">{money(p.amountCents)}</strong></dd>
          {p.refundedCents > 0 && <><dt>Refunded</dt><dd>{money(p.refundedCents)}</dd></>}
        </dl>
      </section>
      {p.fees.length > 0 && (
        <section className="card" aria-label="What it paid for">
          <h2>What it paid for</h2>
          <ul className="pay-lines">
            {p.fees.map((f) => (
              <li key={f.id}>
                <span>
                  {f.orderNumber !== null ? <Link to={`/orders?q=${f.orderNumber}`}>Order #{f.orderNumber}</Link> : f.receivingSn ? <Link to={`/receivings/${f.receivingSn}/details`}>{f.receivingSn}</Link> : null}
                  {" "}{f.description}
                </span>
                <span className="num">{money(f.amountCents)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {p.refunds.length > 0 && (
        <section className="card" aria-label="Refunds">
          <h2>Refunds</h2>
          <ul className="pay-lines">
            {p.refunds.map((r) => <li key={r.id}><span>{formatDate(r.createdAt)}: {r.reason}</span><span className="num">{money(r.amountCents)}</span></li>)}
          </ul>
        </section>
      )}
    </PageFrame>
  );
}
