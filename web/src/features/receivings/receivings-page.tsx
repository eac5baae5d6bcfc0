import { Link } from "react-router";
import { RECEIVING_FILTERS, RECEIVING_SORTS, listReceivings, type ReceivingFilter, type ReceivingSort } from "@atelier/contracts/receivings";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { FilterTabs, ListToolbar, Pager, SortSelect, listQueryOf, useAddressPatch } from "../../ui/list-controls";
import { useLiveReceivings } from "../../realtime/use-live-receivings";
import { ReceivingBadge, dayLabel } from "./receiving-labels";
import "./receivings.css";

const PAGE_SIZE = 25;
const FILTER_LABELS: Record<ReceivingFilter, string> = { ALL: "All", NONE: "Not received yet", PARTIAL: "Partly received", RECEIVED: "Received", CANCELED: "Canceled" };
const SORT_LABELS: Record<ReceivingSort, string> = {
  "-createdAt": "Newest first", createdAt: "Oldest first", expectedArrival: "Arriving soonest", "-expectedArrival": "Arriving latest", "-number": "Number, high to low", number: "Number, low to high",
};

/** Reads the list's state from the address (tab, search, sort, page). */
export const receivingsQueryOf = (params: URLSearchParams) => listQueryOf(params, RECEIVING_FILTERS, RECEIVING_SORTS, { filter: "ALL", sort: "-createdAt" });

/** Receivings (/receivings): the store's inbound shipments to the fulfilment center, by tab, searched, sorted and paged on the server. */
export function ReceivingsPage() {
  useLiveReceivings();
  const { params, update } = useAddressPatch();
  const q = receivingsQueryOf(params);
  const list = useApi(listReceivings, { query: { filter: q.filter, sort: q.sort, page: q.page, size: PAGE_SIZE, ...(q.search ? { search: q.search } : {}) } });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  return (
    <PageFrame title="Receivings" chatPrompt="What's arriving at the warehouse?" actions={<Link className="button primary" to="/receivings/new">Send inventory</Link>}>
      <p className="muted receivings-lead">Shipments on their way to the fulfilment center. Their units show as incoming in your inventory until they are counted at the dock.</p>
      <FilterTabs filters={RECEIVING_FILTERS} labels={FILTER_LABELS} current={q.filter} counts={list.data?.counts} label="Receiving filters" onPick={(f) => update({ filter: f })} />
      <ListToolbar search={q.search} label="Search receivings" placeholder="Number, supplier, tracking or SKU" onSearch={(text) => update({ q: text })}>
        <SortSelect sorts={RECEIVING_SORTS} labels={SORT_LABELS} current={q.sort} fallback="-createdAt" label="Sort receivings" onSort={(sort) => update({ sort })} />
      </ListToolbar>
      {list.data && total === 0 ? (
        <p className="card" data-testid="receivings-empty">
          {q.search ? `No receivings match "${q.search}".` : q.filter === "ALL" ? "No shipments to the fulfilment center yet. Send inventory to announce one: the center then knows what to expect." : `No receivings are ${FILTER_LABELS[q.filter].toLowerCase()}.`}
        </p>
      ) : (
        <table className="list-table receivings-table" aria-label="Receivings" aria-busy={list.loading}>
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
      <Pager page={q.page} size={PAGE_SIZE} total={total} onPage={(page) => update({ page })} />
    </PageFrame>
  );
}
