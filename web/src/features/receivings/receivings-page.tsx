import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { RECEIVING_FILTERS, RECEIVING_SORTS, listReceivings, type ReceivingFilter, type ReceivingSort } from "@atelier/contracts/receivings";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { useLiveReceivings } from "../../realtime/use-live-receivings";
import { ReceivingBadge, dayLabel } from "./receiving-labels";
import "./receivings.css";

const PAGE_SIZE = 25;
const FILTER_LABELS: Record<ReceivingFilter, string> = { ALL: "All", NONE: "Not received yet", PARTIAL: "Partly received", RECEIVED: "Received", CANCELED: "Canceled" };
const SORT_LABELS: Record<ReceivingSort, string> = {
  "-createdAt": "Newest first", createdAt: "Oldest first", expectedArrival: "Arriving soonest", "-expectedArrival": "Arriving latest", "-number": "Number, high to low", number: "Number, low to high",
};

/** Reads the list's state from the address (tab, search, sort, page). */
export function receivingsQueryOf(params: URLSearchParams): { filter: ReceivingFilter; search: string; sort: ReceivingSort; page: number } {
  const filter = RECEIVING_FILTERS.find((f) => f === params.get("filter")) ?? "ALL";
  const sort = RECEIVING_SORTS.find((s) => s === params.get("sort")) ?? "-createdAt";
  const page = Math.max(0, Math.min(100_000, Number.parseInt(params.get("page") ?? "0", 10) || 0));
  return { filter, search: (params.get("q") ?? "").slice(0, 100), sort, page };
}

/** Receivings (/receivings): the store's inbound shipments to the fulfilment center, by tab, searched, sorted and paged on the server. */
export function ReceivingsPage() {
  useLiveReceivings();
  const [params, setParams] = useSearchParams();
  const q = receivingsQueryOf(params);
  const list = useApi(listReceivings, { query: { filter: q.filter, sort: q.sort, page: q.page, size: PAGE_SIZE, ...(q.search ? { search: q.search } : {}) } });
  const [searchText, setSearchText] = useState(q.search);
  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    if (!("page" in patch)) next.delete("page");
    setParams(next);
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: searchText.trim() || null });
  };
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  return (
    <PageFrame title="Receivings" chatPrompt="What's arriving at the warehouse?" actions={<Link className="button primary" to="/receivings/new">Send inventory</Link>}>
      <p className="muted receivings-lead">Shipments on their way to the fulfilment center. Their units show as incoming in your inventory until they are counted at the dock.</p>
      <div className="rcv-tabs tabs" role="tablist" aria-label="Receiving filters">
        {RECEIVING_FILTERS.map((f) => (
          <button key={f} type="button" role="tab" aria-selected={f === q.filter} className={`tab${f === q.filter ? " tab-current" : ""}`} onClick={() => update({ filter: f === "ALL" ? null : f })}>
            {FILTER_LABELS[f]}{list.data ? ` (${list.data.counts[f] ?? 0})` : ""}
          </button>
        ))}
      </div>
      <div className="rcv-toolbar">
        <form role="search" onSubmit={onSearch} className="rcv-search">
          <input type="search" aria-label="Search receivings" placeholder="Number, supplier, tracking or SKU" value={searchText} maxLength={100} onChange={(e) => setSearchText(e.target.value)} />
          <button type="submit">Search</button>
        </form>
        <label>
          Sort{" "}
          <select aria-label="Sort receivings" value={q.sort} onChange={(e) => update({ sort: e.target.value === "-createdAt" ? null : e.target.value })}>
            {RECEIVING_SORTS.map((s) => <option key={s} value={s}>{SORT_LABELS[s]}</option>)}
          </select>
        </label>
      </div>
      {list.data && total === 0 ? (
        <p className="card" data-testid="receivings-empty">
          {q.search ? `No receivings match "${q.search}".` : q.filter === "ALL" ? "No shipments to the fulfilment center yet. Send inventory to announce one: the center then knows what to expect." : `No receivings are ${FILTER_LABELS[q.filter].toLowerCase()}.`}
        </p>
      ) : (
        <table className="rcv-table receivings-table" aria-label="Receivings" aria-busy={list.loading}>
          <thead>
            <tr>
              <th>Receiving</th>
              <th>From</th>
              <th className="num">Boxes</th>
              <th className="num">Received</th>
              <th>Arrives</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="receiving-row" data-sn={r.sn}>
                <td><Link to={`/receivings/${r.sn}/details`}>{r.sn}</Link><div className="muted receivings-skus">{r.lines.map((l) => l.sku).join(", ")}</div></td>
                <td>{r.supplierName || <span className="muted">—</span>}</td>
                <td className="num cell-hide-narrow">{r.boxCount}</td>
                <td className="num"><span className="narrow-label">Received </span>{r.totals.received + r.totals.damaged} of {r.totals.expected}</td>
                <td className="cell-hide-narrow">{dayLabel(r.expectedArrival)}</td>
                <td><ReceivingBadge r={r} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {total > 0 && (
        <nav className="rcv-pager" aria-label="Pages">
          <span className="muted">{q.page * PAGE_SIZE + 1}–{Math.min(total, (q.page + 1) * PAGE_SIZE)} of {total}</span>
          <button type="button" disabled={q.page === 0} onClick={() => update({ page: q.page - 1 > 0 ? String(q.page - 1) : null })}>Previous</button>
          <button type="button" disabled={(q.page + 1) * PAGE_SIZE >= total} onClick={() => update({ page: String(q.page + 1) })}>Next</button>
        </nav>
      )}
    </PageFrame>
  );
}
