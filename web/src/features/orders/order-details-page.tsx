import { useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import { ORDER_ORIGIN_LABELS, SHIPPING_METHOD_LABELS, addOrderNote, cancelOrder, getOrder, holdOrder, releaseOrderHold, type OrderDetail, type OrderEvent, type OrderHold } from "@atelier/contracts/orders";
import { ShipmentsCard, SubmitFulfilmentButton } from "./order-shipments";
import { OrderPartsCard } from "./order-parts";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { dateTime, money, orderStatus } from "./order-labels";
import { useLiveOrders } from "../../realtime/use-live-orders";
import { CreateReturnButton, OrderReturnsCard } from "./order-returns";
import "./orders.css";

const key = () => ({ idempotencyKey: crypto.randomUUID() });
const actorName = (a: OrderHold["setBy"]) => (a.rule ? (a.rule === "Fulfilment center" ? a.rule : `${a.rule} rule`) : a.userName ?? "A team member");

/** One order (/order-details/:id): lines, customer, holds with their release buttons, the timeline and notes. */
export function OrderDetailsPage() {
  useLiveOrders();
  const { id = "" } = useParams();
  const order = useApi(getOrder, { params: { id } });
  const o = order.data;
  const title = o ? `Order #${o.orderNumber}` : "Order";
  const prompt = o?.processingStatus === "ON_HOLD" ? "Why is this order on hold?" : "Tell me about this order";
  return (
    <PageFrame title={title} chatPrompt={prompt} actions={o && <OrderActions order={o} />}>
      <p><Link to="/orders">← All orders</Link></p>
      {!o && order.error ? <p className="card">This order could not be found in your store.</p> : null}
      {!o && !order.error ? <div className="loading" role="status">Loading…</div> : null}
      {o && <OrderBody order={o} />}
    </PageFrame>
  );
}

function OrderActions({ order }: { order: OrderDetail }) {
  const [dialog, setDialog] = useState<"hold" | "cancel" | null>(null);
  return (
    <>
      <SubmitFulfilmentButton order={order} />
      <CreateReturnButton order={order} />
      <Link className="button" to={`/fulfillment-services/warehouse-tickets?new=1&order=${order.orderNumber}`}>Ask the warehouse</Link>
      <button type="button" disabled={!order.actions.hold.allowed} title={order.actions.hold.reason ?? undefined} onClick={() => setDialog("hold")}>Hold</button>
      <button type="button" className="danger" disabled={!order.actions.cancel.allowed} title={order.actions.cancel.reason ?? undefined} onClick={() => setDialog("cancel")}>Cancel order</button>
      {dialog && <ReasonDialog order={order} kind={dialog} onClose={() => setDialog(null)} />}
    </>
  );
}

function ReasonDialog({ order, kind, onClose }: { order: OrderDetail; kind: "hold" | "cancel"; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (reason.trim().length < 3) return setError("Say why, in a few words.");
    setBusy(true);
    try {
      const input = { params: { id: order.id }, body: { reason: reason.trim() } };
      await (kind === "hold" ? request(holdOrder, input, key()) : request(cancelOrder, input, key()));
      onClose();
    } catch {
      // The request client has shown why.
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={kind === "hold" ? `Hold order #${order.orderNumber}` : `Cancel order #${order.orderNumber}`}
      confirmLabel={kind === "hold" ? "Put on hold" : "Cancel order"}
      cancelLabel={kind === "hold" ? "Cancel" : "Keep order"}
      danger={kind === "cancel"}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <div className="order-dialog">
        <p>{kind === "hold" ? "The order won't ship until every hold on it is released." : "The order is canceled and its holds are released. This can't be undone."}</p>
        <label>
          Reason
          <textarea aria-label="Reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </label>
        {error && <p className="field-error" role="alert">{error}</p>}
      </div>
    </ConfirmDialog>
  );
}

function OrderBody({ order }: { order: OrderDetail }) {
  const status = orderStatus(order);
  const open = order.holds.filter((h) => !h.releasedAt);
  const released = order.holds.filter((h) => h.releasedAt);
  return (
    <div className="order-detail-grid">
      <div>
        <section className="card" aria-label="Summary">
          <p>
            <span className={`order-badge tone-${status.tone}`} data-testid="order-status">{status.label}</span>{" "}
            <span className="muted">{ORDER_ORIGIN_LABELS[order.origin]} · placed {dateTime(order.placedAt)}</span>
          </p>
          <table className="orders-table" aria-label="Lines">
            <thead><tr><th>Item</th><th className="num">Qty</th><th className="num">Shipped</th><th className="num">Price</th></tr></thead>
            <tbody>
              {order.lines.map((l) => (
                <tr key={l.id}>
                  <td>{l.title}{l.variantTitle ? ` — ${l.variantTitle}` : ""} <span className="muted">{l.sku}</span>{l.returnedQuantity ? <span className="muted"> · {l.returnedQuantity} returned</span> : null}</td>
                  <td className="num">{l.quantity}</td>
                  <td className="num">{l.fulfilledQuantity}</td>
                  <td className="num">{money(l.unitPriceCents * l.quantity, order.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="num" style={{ textAlign: "right" }}>
            Subtotal {money(order.subtotalCents, order.currency)}
            {order.discountCents ? ` · discount −${money(order.discountCents, order.currency)}${order.discountCode ? ` (${order.discountCode})` : ""}` : ""}
            {` · shipping ${money(order.shippingCents, order.currency)} · tax ${money(order.taxCents, order.currency)}`}
            <br /><strong>Total {money(order.totalCents, order.currency)}</strong>
          </p>
        </section>
        <section className="card" aria-labelledby="timeline-title">
          <h2 id="timeline-title">Timeline</h2>
          <NoteForm order={order} />
          <ol className="order-timeline">
            {[...order.timeline].reverse().map((e) => <TimelineEntry key={e.id} event={e} />)}
          </ol>
        </section>
      </div>
      <div>
        {order.parts.length > 0 && <OrderPartsCard order={order} />}
        {order.shipments.length > 0 && <ShipmentsCard order={order} />}
        <OrderReturnsCard order={order} />
        <section className="card" aria-labelledby="holds-title" data-testid="order-holds">
          <h2 id="holds-title">Holds</h2>
          {open.length === 0 && <p className="muted">No open hold.</p>}
          <ul className="order-holds">
            {open.map((h) => <OpenHold key={h.id} order={order} hold={h} />)}
            {released.map((h) => (
              <li key={h.id} className="muted">
                <s>{h.reason}</s> — released by {h.releasedBy ? actorName(h.releasedBy) : "someone"} {h.releasedAt ? dateTime(h.releasedAt) : ""}{h.releaseNote ? ` (${h.releaseNote})` : ""}
              </li>
            ))}
          </ul>
        </section>
        <section className="card" aria-label="Customer">
          <h2>Customer</h2>
          <p>{order.customer?.name || order.email || "No customer on file"}<br /><span className="muted">{order.customer?.email ?? order.email}</span></p>
          {order.shippingAddress && (
            <address>
              {order.shippingAddress.name}<br />
              {order.shippingAddress.address1}<br />
              {[order.shippingAddress.city, order.shippingAddress.region, order.shippingAddress.postalCode].filter(Boolean).join(", ")}<br />
              {order.shippingAddress.countryCode}
            </address>
          )}
          {order.shippingMethod && <p data-testid="order-shipping-method">Ships {SHIPPING_METHOD_LABELS[order.shippingMethod]}</p>}
        </section>
      </div>
    </div>
  );
}

function OpenHold({ order, hold }: { order: OrderDetail; hold: OrderHold }) {
  const [busy, setBusy] = useState(false);
  const release = async () => {
    setBusy(true);
    try {
      await request(releaseOrderHold, { params: { id: order.id, holdId: hold.id }, body: {} }, key());
    } catch {
      // The request client has shown why.
      setBusy(false);
    }
  };
  return (
    <li className="order-hold-open" data-testid="open-hold">
      <span><strong>{hold.reason}</strong><br /><span className="muted">Set by {actorName(hold.setBy)} · {dateTime(hold.createdAt)}</span></span>
      <button type="button" disabled={busy} onClick={() => void release()} aria-label={`Release hold: ${hold.reason}`}>Release</button>
    </li>
  );
}

const EVENT_WORDS: Record<OrderEvent["kind"], string> = {
  PLACED: "Placed", NOTE_ADDED: "Note", HOLD_PLACED: "Put on hold", HOLD_RELEASED: "Hold released", STATUS_CHANGED: "Status changed", CANCELED: "Canceled", FULFILMENT_UPDATED: "Fulfilment",
  RETURN_CREATED: "Return opened", RETURN_SHIPPING: "Return on its way back", RETURN_RECEIVED: "Return received", RETURN_CANCELED: "Return canceled", REFUNDED: "Refunded",
};

function TimelineEntry({ event }: { event: OrderEvent }) {
  const by = event.kind === "PLACED" ? "" : ` · ${actorName(event.actor)}`;
  return (
    <li data-testid="timeline-entry" data-kind={event.kind}>
      <strong>{EVENT_WORDS[event.kind]}</strong>{event.message ? `: ${event.message}` : ""}
      {event.toStatus && event.kind !== "PLACED" && event.kind !== "NOTE_ADDED" ? <span className="muted"> → {event.toStatus.replace("_", " ").toLowerCase()}</span> : null}
      <br /><span className="muted">{dateTime(event.createdAt)}{by}</span>
    </li>
  );
}

function NoteForm({ order }: { order: OrderDetail }) {
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) return;
    setBusy(true);
    try {
      await request(addOrderNote, { params: { id: order.id }, body: { note: note.trim() } }, key());
      setNote("");
    } catch {
      // The request client has shown why.
    }
    setBusy(false);
  };
  return (
    <form className="order-note-form" onSubmit={(e) => void submit(e)}>
      <textarea aria-label="Add a note" placeholder="Add a note for your team" value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
      <button type="submit" disabled={busy || !note.trim()}>Add note</button>
    </form>
  );
}
