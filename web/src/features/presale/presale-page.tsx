import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { ApiError } from "@atelier/contracts";
import { listInventory } from "@atelier/contracts/inventory";
import {
  PREORDER_STATUS_WORDS,
  PRESALE_STATUSES,
  PRESALE_STATUS_WORDS,
  endPresale,
  getPresale,
  listIncomingShipments,
  listPreorders,
  listPresales,
  shipDateWords,
  startPresale,
  type Presale,
  type PresaleStatus,
} from "@atelier/contracts/presales";
import { request } from "../../api/client";
import { invalidate } from "../../api/query-cache";
import { useApi } from "../../api/use-api";
import { useRealtimeEvent } from "../../realtime/use-realtime-event";
import { PageFrame } from "../../shell/page-frame";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { FilterTabs, ListToolbar, Pager, useAddressPatch } from "../../ui/list-controls";
import { showToast } from "../../ui/toast-store";
import { EditButton } from "./presale-edit-dialog";
import "./presale.css";

const PAGE_SIZE = 20;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
type Tab = "ALL" | PresaleStatus;
const TABS: readonly Tab[] = ["ALL", ...PRESALE_STATUSES];
const TAB_WORDS: Record<Tab, string> = { ALL: "All", ...PRESALE_STATUS_WORDS };

/**
 * Pre-sale (/fulfillment-services/pre-sale, from the fulfilment home's "pre-sale" action): the
 * SKUs sold ahead of their stock with cap, sold, left, expected ship date and the shipment they
 * wait for; ?presale=new starts one, ?presale=<id> opens one with its queue of waiting orders.
 */
export function PresalePage() {
  const { params, update } = useAddressPatch({ keepPageFor: ["presale", "queue"] });
  const search = (params.get("q") ?? "").slice(0, 100);
  const tab = (TABS as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as Tab) : "ALL";
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  const opened = params.get("presale")?.slice(0, 64) || null;
  const list = useApi(listPresales, { query: { page, size: PAGE_SIZE, ...(search ? { search } : {}), ...(tab !== "ALL" ? { status: tab } : {}) } });
  // Stock counted in fills waiting pre-orders in the same step: the list and the queue follow.
  useRealtimeEvent("presale.allocated", (e) => {
    invalidate(["shipping", "orders"]);
    showToast(`Stock arrived for ${e.sku}: ${plural(e.orders.length, "pre-order")} allocated${e.stillWaiting ? `, ${e.stillWaiting} still waiting` : ""}.`, "success");
  });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const waiting = list.data ? `${plural(list.data.waitingOrders, "pre-order")} (${plural(list.data.waitingUnits, "unit")}) ${list.data.waitingOrders === 1 ? "is" : "are"} waiting for stock.` : "";
  return (
    <PageFrame
      title="Pre-sale"
      chatPrompt={opened && opened !== "new" ? "How many orders wait on this pre-sale?" : "How many pre-orders do I have?"}
      actions={<button type="button" className="primary" onClick={() => update({ presale: "new" })}>Start a pre-sale</button>}
    >
      <p className="muted presale-intro">Sell a product before its stock arrives. Orders past your stock are accepted as pre-orders up to the limit you set, wait for the receiving or freight booking you choose, and get the stock first come, first served when it is counted in.</p>
      {opened === "new" && <StartForm onDone={(id) => update({ presale: id })} onCancel={() => update({ presale: null })} />}
      {opened && opened !== "new" && <PresalePanel id={opened} queuePage={Math.max(0, Number.parseInt(params.get("queue") ?? "0", 10) || 0)} onQueuePage={(p) => update({ queue: p })} onClose={() => update({ presale: null, queue: null })} />}
      <FilterTabs filters={TABS} labels={TAB_WORDS} current={tab} label="Pre-sale status" onPick={(f) => update({ status: f, page: null })} />
      <ListToolbar search={search} label="Search pre-sales" placeholder="SKU, product or shipment" onSearch={(q) => update({ q, page: null })}>
        {waiting && <span className="muted" data-testid="presale-waiting">{waiting}</span>}
      </ListToolbar>
      {list.data && total === 0 ? (
        <p className="card" data-testid="presales-empty">{search || tab !== "ALL" ? "No pre-sales match." : "Nothing is on pre-sale. Start one for a product with a receiving or freight booking on its way."}</p>
      ) : (
        <table className="list-table presale-table" aria-label="Pre-sales" aria-busy={list.loading}>
          <thead>
            <tr>
              <th>Product</th>
              <th className="num">Limit</th>
              <th className="num">Sold</th>
              <th className="num">Left</th>
              <th className="num">Waiting</th>
              <th>Ships</th>
              <th>Waits for</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.id} data-testid="presale-row" data-sku={p.sku}>
                <td>
                  <button type="button" className="link-button" onClick={() => update({ presale: p.id, queue: null })}>{p.sku}</button>
                  <div className="muted">{p.title}</div>
                  {p.status === "ENDED" && <div className="muted">Ended</div>}
                </td>
                <td className="num cell-hide-narrow">{p.cap}</td>
                <td className="num cell-hide-narrow">{p.sold}</td>
                <td className="num"><span className="narrow-label">Left </span>{p.left}</td>
                <td className="num"><span className="narrow-label">Waiting </span>{p.waitingOrders}</td>
                <td className="cell-hide-narrow">{p.expectedShipWords}</td>
                <td className="cell-hide-narrow">{p.source.ref}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} size={PAGE_SIZE} total={total} onPage={(p) => update({ page: p })} />
    </PageFrame>
  );
}

/** One pre-sale: its figures, its queue of orders in the order they get stock, and ending it. */
function PresalePanel({ id, queuePage, onQueuePage, onClose }: { id: string; queuePage: number; onQueuePage: (page: string | null) => void; onClose: () => void }) {
  const presale = useApi(getPresale, { params: { id } });
  const queue = useApi(listPreorders, { params: { id }, query: { page: queuePage, size: PAGE_SIZE } });
  const p = presale.data;
  if (!p) {
    return <section className="card presale-panel" aria-label="Pre-sale">{presale.error ? <p>This pre-sale is not in your store. <button type="button" className="link-button" onClick={onClose}>Back to the pre-sales</button></p> : <p role="status">Loading…</p>}</section>;
  }
  const orders = queue.data?.list ?? [];
  return (
    <section className="card presale-panel" aria-label={`Pre-sale of ${p.sku}`} data-testid="presale-panel">
      <header className="presale-panel-head">
        <h2>{p.title} <span className="muted">{p.sku}</span></h2>
        <div className="presale-panel-actions">
          <EditButton presale={p} />
          {p.status === "ACTIVE" && <EndButton presale={p} />}
          <button type="button" onClick={onClose}>Close</button>
        </div>
      </header>
      <p data-testid="presale-summary">
        {p.status === "ACTIVE" ? <><strong>{p.sold}</strong> of {plural(p.cap, "unit")} pre-ordered, <strong>{p.left}</strong> left.</> : <>Ended: <strong>{p.sold}</strong> of {plural(p.cap, "unit")} were pre-ordered.</>}{" "}
        {plural(p.waitingOrders, "order")} ({plural(p.waitingUnits, "unit")}) {p.waitingOrders === 1 ? "waits" : "wait"} for {p.source.words}, expected to ship on {p.expectedShipWords}.
      </p>
      <h3>Orders in the order they get stock</h3>
      {queue.data && queue.data.total === 0 ? (
        <p className="muted" data-testid="presale-queue-empty">No pre-orders yet. Orders past your stock of {p.sku} will line up here.</p>
      ) : (
        <ol className="presale-queue" aria-label="Pre-orders">
          {orders.map((o) => (
            <li key={o.orderId} data-testid="preorder" data-status={o.status}>
              <span className="presale-position">{o.position}.</span>
              <Link to={`/order-details/${o.orderId}`}>Order #{o.orderNumber}</Link> · {o.customerName || "Customer"} · {plural(o.quantity, "unit")}
              <span className="muted"> · {PREORDER_STATUS_WORDS[o.status]}</span>
            </li>
          ))}
        </ol>
      )}
      {queue.data && <Pager page={queuePage} size={PAGE_SIZE} total={queue.data.total} onPage={onQueuePage} />}
      <h3>History</h3>
      <ul className="presale-history" aria-label="Pre-sale history" data-testid="presale-history">
        {p.history.map((h, i) => (
          <li key={i}><span className="muted">{new Date(h.at).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}</span> {h.by ?? "A former teammate"} {h.words}.</li>
        ))}
      </ul>
    </section>
  );
}

/** Ending asks first, saying what happens to the orders still waiting. */
function EndButton({ presale }: { presale: Presale }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const end = async () => {
    setBusy(true);
    try {
      const ended = await request(endPresale, { params: { id: presale.id }, body: {} }, { idempotencyKey: crypto.randomUUID(), quiet: true });
      showToast(ended.message, "success");
      invalidate(["shipping"]);
    } catch (err) {
      showToast(err instanceof ApiError ? err.message : "The pre-sale could not be ended. Try again in a moment.", "error");
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <>
      <button type="button" onClick={() => setAsking(true)}>End pre-sale</button>
      {asking && (
        <ConfirmDialog title="End this pre-sale?" confirmLabel={busy ? "Ending…" : "End pre-sale"} busy={busy} onConfirm={() => void end()} onCancel={() => setAsking(false)}>
          <p data-testid="presale-end-confirm">
            No new pre-orders of {presale.title} will be taken.{" "}
            {presale.waitingOrders === 0
              ? "No orders are waiting for it."
              : presale.waitingOrders === 1
                ? `The order already waiting keeps its place and ships when the stock of ${presale.source.words} is received; you can cancel it from Orders.`
                : `The ${plural(presale.waitingOrders, "order")} already waiting keep their place and ship when the stock of ${presale.source.words} is received; you can cancel any of them from Orders.`}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** Choose the SKU; then the shipment that brings it, the limit and the ship date. */
function StartForm({ onDone, onCancel }: { onDone: (id: string) => void; onCancel: () => void }) {
  const [sku, setSku] = useState("");
  const typed = sku.trim().slice(0, 100);
  const found = useApi(listInventory, { query: { size: 8, ...(typed ? { search: typed } : {}) } });
  const item = found.data?.list.find((i) => i.sku.toLowerCase() === typed.toLowerCase());
  return (
    <section className="presale-form card" aria-label="Start a pre-sale">
      <h2 className="presale-wide">Start a pre-sale</h2>
      <label>
        SKU
        <input aria-label="SKU" list="presale-sku-options" value={sku} maxLength={64} autoComplete="off" placeholder="Type a SKU or product name" onChange={(e) => setSku(e.target.value)} />
        <datalist id="presale-sku-options">
          {(found.data?.list ?? []).map((i) => <option key={i.id} value={i.sku}>{`${i.title} — ${i.available} available`}</option>)}
        </datalist>
        {item && <span className="muted">{item.title}: {plural(item.available, "unit")} in stock</span>}
      </label>
      {item ? (
        <StartDetails key={item.sku} sku={item.sku} onDone={onDone} onCancel={onCancel} />
      ) : (
        <>
          <p className="muted">Choose a SKU of your inventory to see the receivings and freight bookings bringing it.</p>
          <div className="presale-wide presale-form-actions"><button type="button" onClick={onCancel}>Cancel</button></div>
        </>
      )}
    </section>
  );
}

/** The shipments bringing the SKU (with their arrival estimates), the limit and the date; nothing is charged. */
function StartDetails({ sku, onDone, onCancel }: { sku: string; onDone: (id: string) => void; onCancel: () => void }) {
  const incoming = useApi(listIncomingShipments, { query: { sku } });
  const [chosen, setChosen] = useState("");
  const [cap, setCap] = useState("");
  const [date, setDate] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const shipments = incoming.data?.list ?? [];
  const shipment = shipments.find((s) => s.ref === chosen) ?? shipments[0];
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(cap);
    const missing: Record<string, string> = {};
    if (!shipment) missing.receivingSn = "Nothing on its way brings this SKU: announce a receiving or book freight for it first.";
    if (!Number.isInteger(n) || n < 1) missing.cap = "The limit is a whole number of units, 1 or more.";
    setErrors(missing);
    if (Object.keys(missing).length || !shipment) return;
    setBusy(true);
    try {
      const source = shipment.kind === "RECEIVING" ? { receivingSn: shipment.ref } : { freightReference: shipment.ref };
      const started = await request(startPresale, { body: { sku, cap: n, ...source, ...(date ? { expectedShipDate: date } : {}) } }, { idempotencyKey: crypto.randomUUID(), quiet: true });
      showToast(`${started.title} is on pre-sale: up to ${plural(started.cap, "unit")}, shipping on ${started.expectedShipWords}.`, "success");
      invalidate(["shipping"]);
      onDone(started.id);
    } catch (err) {
      const fields = err instanceof ApiError && err.details?.length ? Object.fromEntries(err.details.map((d) => [String(d.field ?? "").replace(/^body\./, ""), String(d.reason ?? "")])) : null;
      setErrors(fields ?? { form: err instanceof ApiError ? err.message : "The pre-sale could not be started. Try again in a moment." });
    } finally {
      setBusy(false);
    }
  };
  const error = (k: string) => errors[k] && <span className="field-error">{errors[k]}</span>;
  return (
    <form className="presale-details" onSubmit={(e) => void save(e)} aria-label="Pre-sale details">
      <label>
        Waits for
        <select aria-label="Incoming shipment" value={shipment?.ref ?? ""} disabled={!shipments.length} onChange={(e) => setChosen(e.target.value)}>
          {!shipments.length && <option value="">{incoming.loading ? "Looking…" : "Nothing on its way brings it"}</option>}
          {shipments.map((s) => (
            <option key={s.ref} value={s.ref}>{`${s.words.charAt(0).toUpperCase()}${s.words.slice(1)}: ${plural(s.units, "unit")}${s.arrivalDate ? `, arrives ${shipDateWords(s.arrivalDate)}` : ""}`}</option>
          ))}
        </select>
        {error("receivingSn")}{error("freightReference")}
      </label>
      <label>
        Limit (units)
        <input aria-label="Pre-order limit" inputMode="numeric" value={cap} placeholder={shipment ? String(shipment.units) : "100"} onChange={(e) => setCap(e.target.value)} />
        {error("cap")}
      </label>
      <label>
        Expected ship date
        <input aria-label="Expected ship date" type="date" value={date || shipment?.defaultShipDate || ""} onChange={(e) => setDate(e.target.value)} />
        {shipment?.defaultShipDate && !date && <span className="muted">Two days after the shipment arrives.</span>}
        {error("expectedShipDate")}
      </label>
      {errors.form && <p className="field-error presale-wide" role="alert">{errors.form}</p>}
      <div className="presale-wide presale-form-actions">
        <button type="submit" className="primary" disabled={busy || !shipments.length}>{busy ? "Starting…" : "Start pre-sale"}</button>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
