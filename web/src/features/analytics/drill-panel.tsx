import { useState } from "react";
import { Link } from "react-router";
import { CUSTOMER_REPORT_IDS, drillDownReport, formatMeasure, saveCustomerList, type CustomerList, type ReportParamsInput, type runReport } from "@atelier/contracts/analytics/index";
import type { ParamsOf } from "@atelier/contracts/contract";
import { ORDER_ORIGIN_LABELS } from "@atelier/contracts/orders";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { CustomerTable, reportDay } from "./customer-table";
import { ReturnQuestion } from "./return-question";
import type { DrillTarget } from "./report-view";

const SIZE = 20;

/**
 * The orders or customers behind a number of the report, paged, each opening its own page. A row of
 * customers (a churn-risk band, an RFM segment…) can be saved as a customer list, as of the moment
 * the report on screen was run; a product of the return-rate report can be asked about its returns.
 */
export function DrillPanel({ reportId, query, asOf, target, onClose }: { reportId: ParamsOf<typeof runReport>["reportId"]; query: ReportParamsInput; asOf?: string; target: DrillTarget; onClose: () => void }) {
  const [page, setPage] = useState(0);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<CustomerList | null>(null);
  const measure = target.measure && target.measure.format !== "money" ? target.measure.key : undefined;
  const drill = useApi(drillDownReport, { params: { reportId }, query: { ...query, key: target.key, ...(measure && { measure }), page, size: SIZE } });
  const data = drill.data;
  const total = data?.orders?.total ?? data?.customers?.total ?? 0;
  const heading = `${target.label}${target.measure ? ` · ${target.measure.label}` : ""}`;
  const canSave = CUSTOMER_REPORT_IDS.includes(reportId) && !measure && total > 0;
  const save = async () => {
    setSaving(true);
    try {
      setSaved(await request(saveCustomerList, { body: { reportId: reportId as (typeof CUSTOMER_REPORT_IDS)[number], params: { ...query, compare: "NONE", ...(asOf && { asOf }) }, key: target.key } }, { idempotencyKey: crypto.randomUUID() }));
    } catch {
      // The request client showed the reason.
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="drill-panel" aria-labelledby="drill-title">
      <div className="section-head">
        <h2 id="drill-title">Behind {heading}</h2>
        <button type="button" onClick={onClose}>Close</button>
      </div>
      {drill.loading && !data && <p role="status">Loading…</p>}
      {data && <p className="hint">{total} {data.kind === "orders" ? (total === 1 ? "order" : "orders") : total === 1 ? "customer" : "customers"}</p>}
      {canSave && (
        <div className="save-list">
          {saved
            ? <p role="status">Saved the list “{saved.name}” with {saved.customerCount} customers. Nothing was sent to them.</p>
            : <button type="button" disabled={saving} onClick={() => void save()}>Save these {total} customers as a list</button>}
        </div>
      )}
      {reportId === "product-return-rate" && !target.measure && total > 0 && <ReturnQuestion product={target.key} query={query} asOf={asOf} />}
      {data?.orders && (
        <table className="report-table">
          <thead><tr><th scope="col">Order</th><th scope="col">Placed</th><th scope="col">Customer</th><th scope="col">Channel</th><th scope="col" className="num">Total</th></tr></thead>
          <tbody>
            {data.orders.list.map((o) => (
              <tr key={o.id}>
                <th scope="row"><Link to={`/order-details/${o.id}`}>#{o.orderNumber}</Link></th>
                <td>{reportDay(o.placedAt)}</td>
                <td>{o.customerName}</td>
                <td>{ORDER_ORIGIN_LABELS[o.origin]}</td>
                <td className="num">{formatMeasure(o.totalCents, "money")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data?.customers && <CustomerTable customers={data.customers.list} />}
      {total > SIZE && (
        <div className="report-pager">
          <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>Previous</button>
          <span>Page {page + 1} of {Math.ceil(total / SIZE)}</span>
          <button type="button" disabled={(page + 1) * SIZE >= total} onClick={() => setPage(page + 1)}>Next</button>
        </div>
      )}
    </section>
  );
}
