import { useState } from "react";
import { submitOrderFulfilment, type OrderDetail, type OrderShipment } from "@atelier/contracts/orders";
import { request } from "../../api/client";
import { showToast } from "../../ui/toast-store";
import { dateTime } from "./order-labels";

// The order's trips through the fulfilment center: the button that sends it, and each shipment's
// progress (accepted → picked → packed → shipped) with the carrier and tracking number.

const STEPS = ["ACCEPTED", "PICKED", "PACKED", "SHIPPED"] as const;
const STEP_WORDS: Record<(typeof STEPS)[number], string> = { ACCEPTED: "Accepted", PICKED: "Picked", PACKED: "Packed", SHIPPED: "Shipped" };
const STATUS_WORDS: Record<OrderShipment["status"], string> = {
  SUBMITTED: "Sent to the fulfilment center", ACCEPTED: "Accepted", PICKED: "Picked", PACKED: "Packed", SHIPPED: "Shipped", FAILED: "Failed", CANCELED: "Canceled",
};

/** "Send to fulfilment", disabled with the reason when the order can't go. */
export function SubmitFulfilmentButton({ order }: { order: OrderDetail }) {
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      await request(submitOrderFulfilment, { params: { id: order.id } }, { idempotencyKey: crypto.randomUUID() });
      showToast(`Order #${order.orderNumber} is on its way to the fulfilment center.`, "success");
    } catch {
      // The request client has shown why.
    }
    setBusy(false);
  };
  const allowed = order.actions.fulfil.allowed;
  return (
    <button type="button" className="primary" disabled={!allowed || busy} title={order.actions.fulfil.reason ?? undefined} onClick={() => void send()}>
      Send to fulfilment
    </button>
  );
}

export function ShipmentsCard({ order }: { order: OrderDetail }) {
  return (
    <section className="card" aria-labelledby="shipments-title" data-testid="order-shipments">
      <h2 id="shipments-title">Shipments</h2>
      <ul className="order-shipments">
        {[...order.shipments].reverse().map((s) => <ShipmentEntry key={s.id} shipment={s} />)}
      </ul>
    </section>
  );
}

function ShipmentEntry({ shipment: s }: { shipment: OrderShipment }) {
  const reached = STEPS.indexOf(s.status as (typeof STEPS)[number]);
  const stopped = s.status === "FAILED" || s.status === "CANCELED";
  return (
    <li data-testid="shipment" data-status={s.status}>
      <strong data-testid="shipment-status">{STATUS_WORDS[s.status]}</strong> <span className="muted">· {dateTime(s.updatedAt)}</span>
      {!stopped && (
        <ol className="shipment-steps" aria-label="Progress">
          {STEPS.map((step, i) => <li key={step} className={i <= reached ? "step-done" : undefined} aria-current={i === reached ? "step" : undefined}>{STEP_WORDS[step]}</li>)}
        </ol>
      )}
      {s.trackingNumber && (
        <p>
          {s.carrier} {s.service} · <a href={s.trackingUrl ?? "#"} data-testid="tracking-number">{s.trackingNumber}</a>
        </p>
      )}
      {s.lastError && <p className={stopped ? "field-error" : "muted"}>{stopped ? s.lastError : `Retrying: ${s.lastError}`}</p>}
    </li>
  );
}
