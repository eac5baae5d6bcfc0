import { Link, useParams } from "react-router";
import { PAYMENT_KIND_WORDS, getPayoutRecord } from "@atelier/contracts/fees";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { formatDate, formatDay, formatUsd } from "../../format/format";
// The shared list table (stacked rows on a phone); this page has no tabs or pager to bring it in.
import "../../ui/list-controls.css";
import "./payments.css";

const money = (cents: number) => formatUsd(cents / 100);

/** One payout (/account/payout-records/:id): the week of storefront sales it pays, the 5% processing, the fees due taken from it, the net. */
export function PayoutRecordPage() {
  const { id = "" } = useParams();
  const payout = useApi(getPayoutRecord, { params: { id } });
  const p = payout.data;
  const back = <Link className="button" to="/account/payments-report?kind=PAYOUT">All payouts</Link>;
  if (!p) {
    return (
      <PageFrame title="Payout" chatPrompt="How much was my last payout?" actions={back}>
        <p className="card" aria-busy={payout.loading}>{payout.loading ? "Loading the payout…" : "This payout could not be found."}</p>
      </PageFrame>
    );
  }
  const lastDay = new Date(Date.parse(p.periodEnd) - 86_400_000).toISOString().slice(0, 10);
  return (
    <PageFrame title={`Payout of ${formatDate(p.paidAt)}`} chatPrompt="Explain this payout" actions={back}>
      <section className="card pay-summary" aria-label="Payout summary" data-testid="payout-summary">
        <p className="muted">Storefront sales from {formatDay(p.periodStart)} to {formatDay(lastDay)}</p>
        <dl className="pay-sums">
          <dt>{p.orderCount} {p.orderCount === 1 ? "sale" : "sales"}</dt><dd>{money(p.grossCents)}</dd>
          <dt>Payment processing (5%)</dt><dd>−{money(p.processingCents)}</dd>
          <dt>Fees due taken from it</dt><dd>−{money(p.feesCents)}</dd>
          <dt><strong>Paid to you</strong></dt><dd><strong data-testid="payout-net">{money(p.netCents)}</strong></dd>
        </dl>
      </section>
      {p.fees.length > 0 && (
        <section className="card" aria-label="Fees taken">
          <h2>Fees taken from this payout</h2>
          <ul className="pay-lines">
            {p.fees.map((f) => (
              <li key={f.id}>
                <span>{f.description}<span className="muted"> · {PAYMENT_KIND_WORDS[f.kind]}</span></span>
                <span className="num">{money(f.amountCents)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <table className="list-table pay-table" aria-label="Sales paid out">
        <thead>
          <tr><th>Order</th><th>Placed</th><th className="num">Sale</th><th className="num">Processing</th></tr>
        </thead>
        <tbody>
          {p.orders.map((o) => (
            <tr key={o.orderId} data-testid="payout-order">
              <td><Link to={`/order-details/${o.orderId}`}>Order #{o.orderNumber}</Link></td>
              <td>{formatDate(o.placedAt)}</td>
              <td className="num"><span className="narrow-label">Sale </span>{money(o.amountCents)}</td>
              <td className="num"><span className="narrow-label">Processing </span>−{money(o.processingCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {p.orderCount > p.orders.length && <p className="muted">The first {p.orders.length} of {p.orderCount} sales are listed.</p>}
    </PageFrame>
  );
}
