import { useState } from "react";
import { useSearchParams } from "react-router";
import { formatMeasure, getCustomerList, listCustomerLists } from "@atelier/contracts/analytics/index";
import { useApi } from "../../api/use-api";
import { CustomerTable, reportDay } from "./customer-table";

const SIZE = 20;

/**
 * The store's saved customer lists (a customer report's row saved from its drill-down, the
 * churn-risk segment first), newest first; opening one shows its customers below, paged. The open
 * list is in the address (?list=<id>), so the assistant's screen context names it.
 */
export function CustomerListsSection() {
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(0);
  const lists = useApi(listCustomerLists, { query: { page, size: SIZE } });
  const openId = params.get("list");
  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set("list", id); else next.delete("list");
    setParams(next);
  };
  const data = lists.data;
  if (!data || data.total === 0) return null;
  return (
    <section className="customer-lists" aria-labelledby="customer-lists-title">
      <h2 id="customer-lists-title">Saved customer lists</h2>
      <div className="report-table-wrap">
        <table className="report-table">
          <thead><tr><th scope="col">List</th><th scope="col">From</th><th scope="col" className="num">Customers</th><th scope="col">As of</th></tr></thead>
          <tbody>
            {data.list.map((l) => (
              <tr key={l.id} aria-current={l.id === openId ? "true" : undefined}>
                <th scope="row" className="cell-wrap"><button type="button" className="link-button" onClick={() => open(l.id === openId ? null : l.id)}>{l.name}</button></th>
                <td className="cell-wrap">{l.segmentLabel} · {l.reportTitle}</td>
                <td className="num">{formatMeasure(l.customerCount, "count")}</td>
                <td>{reportDay(l.asOf)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.total > SIZE && (
        <div className="report-pager">
          <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>Previous</button>
          <span>Page {page + 1} of {Math.ceil(data.total / SIZE)}</span>
          <button type="button" disabled={(page + 1) * SIZE >= data.total} onClick={() => setPage(page + 1)}>Next</button>
        </div>
      )}
      {openId && <ListCustomers listId={openId} onClose={() => open(null)} />}
    </section>
  );
}

function ListCustomers({ listId, onClose }: { listId: string; onClose: () => void }) {
  const [page, setPage] = useState(0);
  const list = useApi(getCustomerList, { params: { listId }, query: { page, size: SIZE } });
  const data = list.data;
  return (
    <section className="drill-panel" aria-labelledby="list-title">
      <div className="section-head">
        <h2 id="list-title">{data ? data.list.name : "Customer list"}</h2>
        <button type="button" onClick={onClose}>Close</button>
      </div>
      {list.loading && !data && <p role="status">Loading…</p>}
      {data && <p className="hint">{data.list.customerCount} customers from the {data.list.segmentLabel} row of {data.list.reportTitle}, as of {reportDay(data.list.asOf)}. Orders and revenue are today's.</p>}
      {data && <CustomerTable customers={data.customers.list} />}
      {data && data.customers.total > SIZE && (
        <div className="report-pager">
          <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>Previous</button>
          <span>Page {page + 1} of {Math.ceil(data.customers.total / SIZE)}</span>
          <button type="button" disabled={(page + 1) * SIZE >= data.customers.total} onClick={() => setPage(page + 1)}>Next</button>
        </div>
      )}
    </section>
  );
}
