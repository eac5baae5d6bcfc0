import { useState } from "react";
import { Link } from "react-router";
import { ORDER_LIST_FILTERS, ORDER_ORIGINS, ORDER_ORIGIN_LABELS, ORDER_SORTS, bulkUpdateOrders, listOrders, type OrderOrigin } from "@atelier/contracts/orders";
import type { ResponseOf } from "@atelier/contracts";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { ExportDialog, useExportDialog } from "../../ui/export-dialog";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { FilterTabs, ListToolbar, Pager, SortSelect, listQueryOf, useAddressPatch } from "../../ui/list-controls";
import { showToast } from "../../ui/toast-store";
import { FILTER_LABELS, SORT_LABELS, money, orderStatus, shortDate } from "./order-labels";
import { useLiveOrders } from "../../realtime/use-live-orders";
import { ManualOrderForm, type ManualOrderKind } from "./manual-order-form";
import "./orders.css";

const PAGE_SIZE = 20;
type BulkAction = "HOLD" | "RELEASE" | "CANCEL";
type BulkResults = ResponseOf<typeof bulkUpdateOrders>["results"];

const BULK_WORDS: Record<BulkAction, { verb: string; title: string; needsReason: boolean }> = {
  HOLD: { verb: "Hold", title: "Put orders on hold", needsReason: true },
  RELEASE: { verb: "Release holds", title: "Release every hold", needsReason: false },
  CANCEL: { verb: "Cancel", title: "Cancel orders", needsReason: true },
};

/** Reads the list's state from the address, so a tab, search, sort and page can be linked and kept on reload. */
export const ordersQueryOf = (params: URLSearchParams) => listQueryOf(params, ORDER_LIST_FILTERS, ORDER_SORTS, { filter: "ALL", sort: "-placedAt" });

/** Orders & Fulfillment (/orders): the store's customer orders by tab, searched, sorted and paged on the server, with bulk hold, release and cancel. */
export function OrdersListPage() {
  useLiveOrders();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { params, setParams, update } = useAddressPatch({ onChange: () => setSelected(new Set()) });
  const q = ordersQueryOf(params);
  const origin = ORDER_ORIGINS.find((o) => o === params.get("origin"));
  const list = useApi(listOrders, { query: { filter: q.filter, sort: q.sort, page: q.page, size: PAGE_SIZE, ...(q.search ? { search: q.search } : {}), ...(origin ? { origin } : {}) } });
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const [results, setResults] = useState<BulkResults | null>(null);
  const [exporting, setExporting] = useExportDialog("RETURNS");
  // The form is in the address (?new=retail), so a reload keeps it open and the assistant knows it is on screen.
  const newKind: ManualOrderKind | null = params.get("new") === "wholesale" ? "wholesale" : params.get("new") === "retail" ? "retail" : null;
  const setNewKind = (k: ManualOrderKind | null) => {
    const next = new URLSearchParams(params);
    if (k) next.set("new", k);
    else next.delete("new");
    setParams(next, { replace: true });
  };

  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const allSelected = rows.length > 0 && rows.every((o) => selected.has(o.id));
  const toggle = (id: string) => setSelected((s) => {
    const next = new Set(s);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(rows.map((o) => o.id)));

  return (
    <PageFrame
      title="Orders & Fulfillment"
      chatPrompt={newKind ? "Create an order for " : q.filter === "ON_HOLD" ? "Why are my orders on hold?" : "Show my orders on hold"}
      actions={newKind ? undefined : (
        <>
          {q.filter === "RETURNS" && <button type="button" onClick={() => setExporting(true)}>Export returns</button>}
          <button type="button" className="primary" onClick={() => setNewKind("retail")}>New order</button>
        </>
      )}
    >
      {exporting && <ExportDialog kind="RETURNS" onClose={() => setExporting(false)} />}
      {newKind && <ManualOrderForm kind={newKind} onKind={setNewKind} onClose={() => setNewKind(null)} />}
      <FilterTabs filters={ORDER_LIST_FILTERS} labels={FILTER_LABELS} current={q.filter} counts={list.data?.counts} label="Order filters" onPick={(f) => update({ filter: f })} />
      <ListToolbar search={q.search} label="Search orders" placeholder="Order number, customer name or e-mail" onSearch={(text) => update({ q: text })}>
        <select aria-label="Sales channel" value={origin ?? ""} onChange={(e) => update({ origin: e.target.value || null })}>
          <option value="">All channels</option>
          {ORDER_ORIGINS.map((o: OrderOrigin) => <option key={o} value={o}>{ORDER_ORIGIN_LABELS[o]}</option>)}
        </select>
        <SortSelect sorts={ORDER_SORTS} labels={SORT_LABELS} current={q.sort} fallback="-placedAt" label="Sort orders" onSort={(sort) => update({ sort })} />
      </ListToolbar>
      {selected.size > 0 && (
        <div className="orders-bulk card" data-testid="orders-bulk">
          <strong>{selected.size} selected</strong>
          {(Object.keys(BULK_WORDS) as BulkAction[]).map((a) => (
            <button key={a} type="button" className={a === "CANCEL" ? "danger" : undefined} onClick={() => setBulk(a)}>{BULK_WORDS[a].verb}</button>
          ))}
          <button type="button" className="link-button" onClick={() => setSelected(new Set())}>Clear</button>
        </div>
      )}
      {results && <BulkOutcome results={results} onClose={() => setResults(null)} />}
      {list.data && total === 0 ? (
        <p className="card" data-testid="orders-empty">{q.search ? `No orders match "${q.search}".` : `No ${q.filter === "ALL" ? "" : `${FILTER_LABELS[q.filter].toLowerCase()} `}orders${origin ? ` from ${ORDER_ORIGIN_LABELS[origin]}` : ""}.`}</p>
      ) : (
        <table className="list-table orders-table" aria-label="Orders" aria-busy={list.loading}>
          <thead>
            <tr>
              <th><input type="checkbox" aria-label="Select all orders on this page" checked={allSelected} onChange={toggleAll} /></th>
              <th>Order</th>
              <th>Date</th>
              <th>Customer</th>
              <th>Channel</th>
              <th className="num">Items</th>
              <th className="num">Total</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => {
              const status = orderStatus(o);
              return (
                <tr key={o.id} data-testid="order-row" data-order-number={o.orderNumber}>
                  <td className="cell-check"><input type="checkbox" aria-label={`Select order #${o.orderNumber}`} checked={selected.has(o.id)} onChange={() => toggle(o.id)} /></td>
                  <td>
                    <Link to={`/order-details/${o.id}`}>#{o.orderNumber}</Link>
                    {/* On a phone the channel column drops out and its words sit under the number. */}
                    <span className="narrow-label order-origin-narrow">{ORDER_ORIGIN_LABELS[o.origin]}</span>
                  </td>
                  <td className="muted">{shortDate(o.placedAt)}</td>
                  <td>{o.customerName || o.email}</td>
                  <td className="cell-hide-narrow" data-testid="order-origin">{ORDER_ORIGIN_LABELS[o.origin]}</td>
                  <td className="num cell-hide-narrow">{o.itemCount}</td>
                  <td className="num">{money(o.totalCents, o.currency)}</td>
                  <td>
                    <span className={`order-badge tone-${status.tone}`}>{status.label}</span>
                    {o.openHolds > 1 && <span className="muted"> · {o.openHolds} holds</span>}
                    {o.hasReturns && <span className="muted"> · returned</span>}
                    {o.preSale && <div className="muted order-presale" data-testid="order-presale">{o.preSale}</div>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pager page={q.page} size={PAGE_SIZE} total={total} more={list.data?.totalCapped} onPage={(page) => update({ page })} />
      {bulk && (
        <BulkDialog
          action={bulk}
          count={selected.size}
          onCancel={() => setBulk(null)}
          onDone={(r) => {
            setBulk(null);
            setSelected(new Set());
            const failed = r.filter((x) => !x.ok).length;
            if (failed) setResults(r);
            else showToast(`${r.length} order${r.length === 1 ? "" : "s"} updated.`, "success");
          }}
          orderIds={[...selected]}
        />
      )}
    </PageFrame>
  );
}

function BulkDialog({ action, count, orderIds, onCancel, onDone }: { action: BulkAction; count: number; orderIds: string[]; onCancel: () => void; onDone: (r: BulkResults) => void }) {
  const words = BULK_WORDS[action];
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (words.needsReason && reason.trim().length < 3) {
      setError("Say why, in a few words.");
      return;
    }
    setBusy(true);
    try {
      const answer = await request(bulkUpdateOrders, { body: { action, orderIds, ...(words.needsReason ? { reason: reason.trim() } : {}) } }, { idempotencyKey: crypto.randomUUID() });
      onDone(answer.results);
    } catch {
      // The request client has shown why.
      setBusy(false);
    }
  };
  const what = `${count} order${count === 1 ? "" : "s"}`;
  return (
    <ConfirmDialog title={words.title} confirmLabel={`${words.verb} ${what}`} danger={action === "CANCEL"} busy={busy} onConfirm={() => void confirm()} onCancel={onCancel}>
      <div className="order-dialog">
        <p>
          {action === "HOLD" && `${what} will wait and not ship until every hold on them is released.`}
          {action === "RELEASE" && `Every open hold on ${what} will be released; orders with no hold left can ship.`}
          {action === "CANCEL" && `${what} will be canceled and their holds released. Orders that already shipped stay as they are.`}
        </p>
        {words.needsReason && (
          <label>
            Reason
            <textarea aria-label="Reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} aria-invalid={Boolean(error)} />
          </label>
        )}
        {error && <p className="field-error" role="alert">{error}</p>}
      </div>
    </ConfirmDialog>
  );
}

function BulkOutcome({ results, onClose }: { results: BulkResults; onClose: () => void }) {
  const failed = results.filter((r) => !r.ok);
  return (
    <div className="card" role="status" data-testid="orders-bulk-results">
      <strong>{results.length - failed.length} of {results.length} orders updated.</strong>
      <ul className="order-results">{failed.map((r) => <li key={r.orderId}>{r.message}</li>)}</ul>
      <button type="button" className="link-button" onClick={onClose}>Dismiss</button>
    </div>
  );
}
