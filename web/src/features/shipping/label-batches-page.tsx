import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { ApiError, type ResponseOf } from "@atelier/contracts";
import { listOrders } from "@atelier/contracts/orders";
import { LABEL_FORMATS, ORDER_LABEL_MAX, SERVICE_NAMES, createOrderLabels, quoteOrderLabels, type LabelFormat } from "@atelier/contracts/shipping";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { ListToolbar, Pager, useAddressPatch } from "../../ui/list-controls";
import { JobProgress } from "../../ui/job-progress";
import { showToast } from "../../ui/toast-store";
import { downloadShippingDocument } from "./document-download";
import { dateText, usd } from "./format";
import "./shipping.css";

const PAGE_SIZE = 20;
const SERVICES = ["GROUND", "TWO_DAY", "OVERNIGHT"] as const;
const FORMAT_WORDS: Record<LabelFormat, string> = { "pdf-4x6": "PDF, 4×6 in", "pdf-letter": "PDF, letter paper", zpl: "ZPL, thermal printer" };
type Quote = ResponseOf<typeof quoteOrderLabels>;
type Bought = ResponseOf<typeof createOrderLabels>;

/** The selection lives in the URL (?orders=1001,1002): it survives paging and reloads, and the assistant reads it as "these orders". */
function parseOrders(v: string | null): number[] {
  return [...new Set((v ?? "").split(",").map((s) => Number.parseInt(s, 10)).filter((n) => Number.isInteger(n) && n > 0))].slice(0, ORDER_LABEL_MAX);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Label batches (fulfilment home): pick open orders, print their packing slips and pick list, and buy all their labels in one merged document. */
export function LabelBatchesPage() {
  const { params, update } = useAddressPatch();
  const search = (params.get("q") ?? "").slice(0, 100);
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  const selected = parseOrders(params.get("orders"));
  const batchJob = params.get("batch");
  const list = useApi(listOrders, { query: { filter: "OUTSTANDING", page, size: PAGE_SIZE, ...(search ? { search } : {}) } });
  const [parcel, setParcel] = useState({ weight: "1", length: "10", width: "8", height: "4" });
  const [serviceCode, setServiceCode] = useState<(typeof SERVICES)[number]>("GROUND");
  const [format, setFormat] = useState<LabelFormat>("pdf-4x6");
  const [quote, setQuote] = useState<Quote | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [bought, setBought] = useState<Bought | null>(null);
  const [batchDone, setBatchDone] = useState(false);
  const [buyKey, setBuyKey] = useState(() => crypto.randomUUID());

  const select = (numbers: number[]) => {
    setQuote(null);
    update({ orders: numbers.slice(0, ORDER_LABEL_MAX).join(",") || null, page: page ? String(page) : null });
  };
  const toggle = (n: number) => select(selected.includes(n) ? selected.filter((x) => x !== n) : [...selected, n]);
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const allOnPage = rows.length > 0 && rows.every((o) => selected.includes(o.orderNumber));

  const body = () => ({ orderNumbers: selected, serviceCode, parcel: { weight: Number(parcel.weight), length: Number(parcel.length), width: Number(parcel.width), height: Number(parcel.height) } });
  const runQuote = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      setQuote(await request(quoteOrderLabels, { body: body() }, { quiet: true }));
      setBuyKey(crypto.randomUUID());
    } catch (err) {
      if (err instanceof ApiError && err.details?.length) setErrors(Object.fromEntries(err.details.map((d) => [String(d.field ?? "").replace(/^body\./, ""), String(d.reason ?? "")])));
      else showToast(err instanceof ApiError ? err.message : "The quote failed. Try again in a moment.");
    } finally {
      setBusy(false);
    }
  };
  const buy = async () => {
    if (!quote) return;
    setBusy(true);
    try {
      const result = await request(createOrderLabels, { body: { ...body(), format, expectedTotalCents: quote.totalCents } }, { idempotencyKey: buyKey });
      setBought(result);
      setBatchDone(false);
      setQuote(null);
      setConfirming(false);
      update({ batch: result.jobId, page: page ? String(page) : null });
      showToast(`${plural(result.labels.length, "label")} bought for ${usd(result.totalCents)}.`, "success");
    } catch {
      // The request client has shown why (a changed total, a declined card).
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };
  const slipsName = selected.length === 1 ? `${selected[0]}` : `${selected.length}-orders`;
  const ready = quote?.lines.filter((l) => l.priceCents !== null) ?? [];

  return (
    <PageFrame title="Label batches" chatPrompt="Buy labels for the selected orders" actions={<Link className="button" to="/fulfillment-services/label-history">Label history</Link>}>
      <p className="muted">Choose open orders, print their packing slips and pick list, and buy all their labels at once: they arrive merged in one document to print.</p>
      <ListToolbar search={search} label="Search orders" placeholder="Order number, customer name or e-mail" onSearch={(q) => update({ q })} />
      {list.data && total === 0 ? (
        <p className="card" data-testid="batch-orders-empty">{search ? "No open order matches." : "No open orders are waiting to ship."}</p>
      ) : (
        <table className="ship-table ship-batch-orders" aria-label="Open orders" aria-busy={list.loading}>
          <thead>
            <tr>
              <th><input type="checkbox" aria-label="Select every order on this page" checked={allOnPage} onChange={() => select(allOnPage ? selected.filter((n) => !rows.some((o) => o.orderNumber === n)) : [...selected, ...rows.map((o) => o.orderNumber).filter((n) => !selected.includes(n))])} /></th>
              <th>Order</th><th>Customer</th><th className="num">Items</th><th className="num">Total</th><th className="cell-hide-narrow">Placed</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.id} data-testid="batch-order-row" className={selected.includes(o.orderNumber) ? "ship-selected" : undefined}>
                <td><input type="checkbox" aria-label={`Select order ${o.orderNumber}`} checked={selected.includes(o.orderNumber)} onChange={() => toggle(o.orderNumber)} /></td>
                <td><Link to={`/order-details/${o.id}`}>#{o.orderNumber}</Link></td>
                <td>{o.customerName}</td>
                <td className="num">{o.itemCount}</td>
                <td className="num">{usd(o.totalCents)}</td>
                <td className="cell-hide-narrow">{dateText(o.placedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {total > PAGE_SIZE && <Pager page={page} size={PAGE_SIZE} total={total} onPage={(p) => update({ page: p })} />}

      <section className="ship-batch-panel card" aria-label="Selected orders">
        <div className="ship-actions">
          <strong data-testid="batch-selected">{selected.length ? `${plural(selected.length, "order")} selected` : "No order selected"}</strong>
          {selected.length > 0 && <button type="button" className="link-button" onClick={() => select([])}>Clear</button>}
          <button type="button" disabled={!selected.length} onClick={() => void downloadShippingDocument(`packing-slips/document?orders=${selected.join(",")}`, `packing-slips-${slipsName}.pdf`)}>Packing slips</button>
          <button type="button" disabled={!selected.length} onClick={() => void downloadShippingDocument(`pick-list/document?orders=${selected.join(",")}`, `pick-list-${slipsName}.pdf`)}>Pick list</button>
        </div>
        <form className="ship-parcel ship-batch-form" onSubmit={(e) => void runQuote(e)}>
          <legend className="ship-wide">Every order ships in this box</legend>
          {(["weight", "length", "width", "height"] as const).map((k) => (
            <label key={k}>
              {k === "weight" ? "Weight (lb)" : `${k[0]!.toUpperCase()}${k.slice(1)} (in)`}
              <input aria-label={k === "weight" ? "Weight in pounds" : `${k} in inches`} inputMode="decimal" value={parcel[k]} onChange={(e) => { setQuote(null); setParcel({ ...parcel, [k]: e.target.value }); }} aria-invalid={Boolean(errors[`parcel.${k}`])} />
              {errors[`parcel.${k}`] && <span className="field-error">{errors[`parcel.${k}`]}</span>}
            </label>
          ))}
          <label>Service<select aria-label="Service" value={serviceCode} onChange={(e) => { setQuote(null); setServiceCode(e.target.value as (typeof SERVICES)[number]); }}>{SERVICES.map((s) => <option key={s} value={s}>{SERVICE_NAMES[s]}</option>)}</select></label>
          <label>Print as<select aria-label="Print as" value={format} onChange={(e) => setFormat(e.target.value as LabelFormat)}>{LABEL_FORMATS.map((f) => <option key={f} value={f}>{FORMAT_WORDS[f]}</option>)}</select></label>
          <div className="ship-wide"><button type="submit" className="primary" disabled={!selected.length || busy}>{busy && !confirming ? "Pricing…" : "Price the labels"}</button></div>
        </form>
        {errors.orderNumbers && <p className="field-error">{errors.orderNumbers}</p>}
        {quote && (
          <div className="ship-quote" data-testid="batch-quote">
            <table className="ship-table" aria-label="Label prices">
              <thead><tr><th>Order</th><th>Ships to</th><th className="num">Price</th></tr></thead>
              <tbody>
                {quote.lines.map((l) => (
                  <tr key={l.orderNumber}>
                    <td>#{l.orderNumber}</td>
                    <td>{l.recipient}<div className="muted">{l.place}</div></td>
                    <td className="num">{l.priceCents !== null ? usd(l.priceCents) : <span className="ship-warning">{l.problem}</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {quote.readyCount > 0 ? (
              <button type="button" className="primary" onClick={() => setConfirming(true)}>{`Buy ${plural(quote.readyCount, "label")} for ${usd(quote.totalCents)}`}</button>
            ) : (
              <p className="ship-warning">None of these orders can get a label now.</p>
            )}
          </div>
        )}
        {(bought || batchJob) && (
          <div className="ship-quote" data-testid="batch-result">
            {bought && <p>{`${plural(bought.labels.length, "label")} bought for ${usd(bought.totalCents)}.`}</p>}
            {bought?.failed.map((f) => <p key={f.orderNumber} className="ship-warning">{f.message}</p>)}
            {batchJob && <JobProgress jobId={batchJob} label="Merging the labels" doneText="The labels are ready to print." onFinished={(job) => setBatchDone(job.status === "completed")} />}
            {batchJob && batchDone && (
              <div className="ship-actions">
                <button type="button" className="primary" onClick={() => void downloadShippingDocument(`batches/${batchJob}/document`, `labels-${batchJob.slice(0, 8)}.${format === "zpl" ? "zpl" : "pdf"}`)}>Download the labels</button>
                <Link to="/fulfillment-services/label-history">See them in Label history</Link>
              </div>
            )}
          </div>
        )}
      </section>

      {confirming && quote && (
        <ConfirmDialog title={`Buy ${plural(quote.readyCount, "label")}?`} confirmLabel={busy ? "Buying…" : `Pay ${usd(quote.totalCents)}`} busy={busy} onConfirm={() => void buy()} onCancel={() => setConfirming(false)}>
          <p data-testid="batch-buy-summary">{`Your card will be charged ${usd(quote.totalCents)} for ${plural(quote.readyCount, `${quote.carrier} ${quote.serviceName.toLowerCase()} label`)}, to ${ready.slice(0, 5).map((l) => `${l.recipient} (${l.place})`).join(", ")}${ready.length > 5 ? ` and ${ready.length - 5} more` : ""}.`}</p>
          {quote.readyCount < quote.lines.length && <p className="muted">{`${plural(quote.lines.length - quote.readyCount, "order")} can't get a label and won't be charged.`}</p>}
        </ConfirmDialog>
      )}
    </PageFrame>
  );
}
