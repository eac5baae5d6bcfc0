import { Link } from "react-router";
import { PAYMENT_KINDS, PAYMENT_KIND_WORDS, PAYMENT_ROW_STATUS_WORDS, getPaymentsReport, type PaymentKind, type PaymentRow } from "@atelier/contracts/fees";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { FilterTabs, Pager, useAddressPatch } from "../../ui/list-controls";
import { formatDate, formatDay, formatUsd } from "../../format/format";
import { ExportDialog, useExportDialog } from "../../ui/export-dialog";
import { PayBalance } from "./pay-balance";
import "./payments.css";

const PAGE_SIZE = 25;
const TABS = ["ALL", ...PAYMENT_KINDS] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = { ALL: "All", ...PAYMENT_KIND_WORDS };
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The period is half-open: the last day shown is the day before `to`. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The row's record page: a card payment's or a payout's. */
export function recordLink(r: PaymentRow): string | null {
  if (r.kind === "PAYOUT" && r.payoutRecordId) return `/account/payout-records/${r.payoutRecordId}`;
  if (r.paymentRecordId) return `/account/payment-records/${r.paymentRecordId}`;
  if (r.payoutRecordId) return `/account/payout-records/${r.payoutRecordId}`;
  return null;
}

/** What the row belongs to, as a link when it is an order or a receiving of the store. */
function belongsTo(r: PaymentRow) {
  if (r.orderNumber !== null) return <Link to={`/orders?q=${r.orderNumber}`}>Order #{r.orderNumber}</Link>;
  if (r.receivingSn) return <Link to={`/receivings/${r.receivingSn}/details`}>{r.receivingSn}</Link>;
  return null;
}

/**
 * The payments report (/account/payments-report): every fee, card payment and payout of a period
 * (the address holds from, to as half-open days, the kind and the page; the server filters, totals
 * and pages). Each row opens its card payment or payout record.
 */
export function PaymentsReportPage() {
  const { params, update } = useAddressPatch();
  const kind = PAYMENT_KINDS.find((k) => k === params.get("kind"));
  const from = DAY.test(params.get("from") ?? "") ? params.get("from")! : undefined;
  const to = DAY.test(params.get("to") ?? "") ? params.get("to")! : undefined;
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  const report = useApi(getPaymentsReport, { query: { page, size: PAGE_SIZE, ...(kind ? { kind } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) } });
  const r = report.data;
  const rows = r?.list ?? [];
  const lastDay = r ? new Date(Date.parse(`${r.to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10) : null;
  const counted = r ? (Object.entries(r.totals) as [PaymentKind, number][]).filter(([, cents]) => cents !== 0) : [];
  const [exporting, setExporting] = useExportDialog("FINANCIAL");
  return (
    <PageFrame title="Payments report" chatPrompt="What did I pay in fees this month?" actions={<button type="button" onClick={() => setExporting(true)}>Export CSV</button>}>
      {exporting && <ExportDialog kind="FINANCIAL" onClose={() => setExporting(false)} />}
      <p className="muted pay-lead">Fees from the fulfilment center, your card payments and your payouts from storefront sales. Open a row for its record.</p>
      <form className="pay-period card" aria-label="Period" onSubmit={(e) => e.preventDefault()}>
        <label>From <input type="date" aria-label="From" value={from ?? r?.from ?? ""} onChange={(e) => update({ from: e.target.value || null })} /></label>
        <label>Through <input type="date" aria-label="Through" value={lastDay ?? ""} onChange={(e) => update({ to: e.target.value ? nextDay(e.target.value) : null })} /></label>
        {r && lastDay && <span className="muted">Showing {formatDay(r.from)} to {formatDay(lastDay)}</span>}
      </form>
      {/* An empty period is said once, by the list below; a lone empty tile beside it read as a second, narrower notice. */}
      {r && (counted.length > 0 || r.balanceDueCents > 0) && (
        <section className="pay-totals" aria-label="Totals">
          {counted.map(([k, cents]) => (
            <div key={k} className="card pay-total" data-testid="payment-total" data-kind={k}>
              <span className="muted">{PAYMENT_KIND_WORDS[k]}</span>
              <strong>{formatUsd(cents / 100)}</strong>
            </div>
          ))}
          {r.balanceDueCents > 0 && (
            <div className="card pay-total pay-due" data-testid="balance-due">
              <span className="muted">Balance due now</span>
              <strong>{formatUsd(r.balanceDueCents / 100)}</strong>
            </div>
          )}
        </section>
      )}
      {r && <PayBalance payableCents={r.payableCents} card={r.defaultCard} />}
      <FilterTabs filters={TABS} labels={TAB_LABELS} current={kind ?? "ALL"} label="Kinds of payment" onPick={(k) => update({ kind: k })} />
      {r && rows.length === 0 ? (
        <p className="card" data-testid="payments-empty">{kind ? `No ${PAYMENT_KIND_WORDS[kind].toLowerCase()} in this period.` : "No payments in this period."}</p>
      ) : (
        <table className="list-table pay-table" aria-label="Payments" aria-busy={report.loading}>
          <thead>
            <tr>
              <th>Date</th>
              <th>What</th>
              <th>For</th>
              <th>Status</th>
              <th className="num">Amount</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const link = recordLink(row);
              return (
                <tr key={`${row.kind}-${row.id}`} data-testid="payment-row" data-kind={row.kind}>
                  <td className="cell-hide-narrow">{formatDate(row.occurredAt)}</td>
                  <td>
                    {link ? <Link to={link}>{row.description}</Link> : row.description}
                    <div className="muted pay-kind">{PAYMENT_KIND_WORDS[row.kind]}<span className="narrow-label"> · {formatDate(row.occurredAt)}</span></div>
                  </td>
                  <td>{belongsTo(row) ?? <span className="muted">—</span>}</td>
                  <td><span className={`badge pay-status-${row.status.toLowerCase()}`}>{PAYMENT_ROW_STATUS_WORDS[row.status]}</span></td>
                  <td className={`num${row.kind === "PAYOUT" ? " pay-in" : ""}`}>
                    {row.kind === "PAYOUT" ? "+" : ""}{formatUsd(row.amountCents / 100)}
                    {row.refundedCents > 0 && <div className="muted">{formatUsd(row.refundedCents / 100)} refunded</div>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pager page={page} size={PAGE_SIZE} total={r?.total ?? 0} onPage={(p) => update({ page: p })} />
    </PageFrame>
  );
}
