import { useCallback } from "react";
import { Link } from "react-router";
import { improveShippingAddress, listCreatorInvoices } from "@atelier/contracts/purchasing";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { formatRelativeTime } from "../../format/format";
import { centsToUsd } from "../../ui/money";
import { usePaged } from "../../ui/use-paged";
import { LoadMore } from "../../ui/load-more";
import { InboxTabs } from "../../ui/inbox-tabs";
import "../../ui/kit.css";

/** Invoices (/inbox/needs-payment): open invoices to pay, and paid ones still missing a shipping address. */
export function NeedsPaymentPage() {
  const missing = useApi(improveShippingAddress, {});
  const load = useCallback((page: number) => request(listCreatorInvoices, { query: { status: "OPEN", page, size: 20 } }), []);
  const invoices = usePaged(load, "open");
  return (
    <PageFrame title="Invoices" chatPrompt="Which of my invoices need payment?">
      <InboxTabs />
      {missing.data && missing.data.count > 0 && (
        <div className="card" role="status">
          <strong>{missing.data.count} paid invoice{missing.data.count === 1 ? " needs" : "s need"} a shipping address</strong>
          <ul>{missing.data.invoices.map((i) => <li key={i.id}><Link to={`/add-shipping-address/${i.id}`}>Invoice {i.sn}</Link></li>)}</ul>
        </div>
      )}
      {invoices.total === 0 && <p className="card">Nothing needs payment.</p>}
      <ul className="order-list">
        {invoices.items.map((i) => (
          <li key={i.id} className="card order-row" data-testid="invoice-row">
            <div className="section-head">
              <strong>Invoice {i.sn}</strong>
              <span>{centsToUsd(i.totalCents)}</span>
            </div>
            <span className="muted">{i.items.length} item{i.items.length === 1 ? "" : "s"} · created {formatRelativeTime(i.createdAt)}</span>
            <div className="dialog-actions">
              <Link to="/checkout">Check out the cart</Link>
              <Link className="button primary" to={`/pay-invoice/${i.id}`}>Pay invoice</Link>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={invoices.hasMore} loading={invoices.loading} onMore={invoices.loadMore} shown={invoices.items.length} total={invoices.total} />
    </PageFrame>
  );
}
