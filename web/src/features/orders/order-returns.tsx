import { useState } from "react";
import type { OrderDetail } from "@atelier/contracts/orders";
import {
  REFUND_DESTINATION_LABELS, RETURN_STATUS_LABELS, cancelReturnOrder, createReturnOrder, dollars, listReturnOrders, receiveReturnOrder, shipReturnOrder,
  type RefundDestination, type ReturnOrder,
} from "@atelier/contracts/returns";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import "./order-returns.css";

// The order details screen's returns (000 §3 return order): each return of the order with its
// status and refund, the steps it allows, and the "Create return" dialog for the shipped units.

const key = () => ({ idempotencyKey: crypto.randomUUID() });
const TONES: Record<ReturnOrder["status"], string> = { CREATED: "hold", SHIPPING: "progress", RECEIVED: "done", CANCELED: "canceled" };

/** Units of the order that can still come back, per line. */
export function returnableLines(order: OrderDetail) {
  return order.lines.map((l) => ({ ...l, returnable: Math.max(0, l.fulfilledQuantity - l.returnedQuantity) })).filter((l) => l.returnable > 0);
}

export function CreateReturnButton({ order }: { order: OrderDetail }) {
  const [open, setOpen] = useState(false);
  const lines = returnableLines(order);
  const why = order.cancellationState === "CANCELED" ? "The order was canceled." : lines.length === 0 ? (order.fulfillmentState === "NONE" ? "Nothing has shipped yet." : "Every shipped unit is already in a return.") : undefined;
  return (
    <>
      <button type="button" disabled={Boolean(why)} title={why} onClick={() => setOpen(true)}>Create return</button>
      {open && <CreateReturnDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

function CreateReturnDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const lines = returnableLines(order);
  const [quantities, setQuantities] = useState<Record<string, number>>(() => Object.fromEntries(lines.map((l) => [l.id, lines.length === 1 ? l.returnable : 0])));
  const [reason, setReason] = useState("");
  const [destination, setDestination] = useState<RefundDestination | "">("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = lines.filter((l) => (quantities[l.id] ?? 0) > 0);
  const value = chosen.reduce((sum, l) => sum + (quantities[l.id] ?? 0) * l.unitPriceCents, 0);
  const confirm = async () => {
    if (!chosen.length) return setError("Choose at least one unit that comes back.");
    if (reason.trim().length < 3) return setError("Say why the customer returns it, in a few words.");
    setBusy(true);
    try {
      await request(createReturnOrder, {
        body: { orderId: order.id, lines: chosen.map((l) => ({ sku: l.sku, quantity: quantities[l.id]! })), reason: reason.trim(), ...(destination ? { refundDestination: destination } : {}) },
      }, key());
      onClose();
    } catch {
      // The request client has shown why.
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog title={`Create a return for order #${order.orderNumber}`} confirmLabel="Create return" busy={busy} onConfirm={() => void confirm()} onCancel={onClose}>
      <div className="order-dialog return-dialog">
        <p>Nothing is refunded yet: the refund is made when the return is received.</p>
        <table className="orders-table" aria-label="Units coming back">
          <thead><tr><th>Item</th><th className="num">Can return</th><th className="num">Coming back</th></tr></thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id}>
                <td>{l.title} <span className="muted">{l.sku}</span></td>
                <td className="num">{l.returnable}</td>
                <td className="num">
                  <input type="number" min={0} max={l.returnable} value={quantities[l.id] ?? 0} aria-label={`Units of ${l.sku} coming back`}
                    onChange={(e) => setQuantities({ ...quantities, [l.id]: Math.max(0, Math.min(l.returnable, Math.floor(Number(e.target.value) || 0))) })} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <label>
          Reason
          <textarea aria-label="Reason for the return" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </label>
        <label>
          Refund to
          <select aria-label="Refund to" value={destination} onChange={(e) => setDestination(e.target.value as RefundDestination | "")}>
            <option value="">As the store's return settings say</option>
            <option value="ORIGINAL_PAYMENT">{REFUND_DESTINATION_LABELS.ORIGINAL_PAYMENT}</option>
            <option value="STORE_CREDIT">{REFUND_DESTINATION_LABELS.STORE_CREDIT}</option>
          </select>
        </label>
        <p className="muted">Value of the units: {dollars(value)} (any return fee is taken from the refund).</p>
        {error && <p className="field-error" role="alert">{error}</p>}
      </div>
    </ConfirmDialog>
  );
}

/** The order's returns, newest first, with the steps each allows. */
export function OrderReturnsCard({ order }: { order: OrderDetail }) {
  const list = useApi(listReturnOrders, { query: { orderId: order.id, size: 50 } });
  const returns = list.data?.list ?? [];
  if (!returns.length) return null;
  return (
    <section className="card" aria-labelledby="returns-title" data-testid="order-returns">
      <h2 id="returns-title">Returns</h2>
      <ul className="order-returns">
        {returns.map((r) => <ReturnEntry key={r.id} ret={r} />)}
      </ul>
    </section>
  );
}

function ReturnEntry({ ret }: { ret: ReturnOrder }) {
  const [dialog, setDialog] = useState<"receive" | "cancel" | null>(null);
  const [busy, setBusy] = useState(false);
  const open = ret.status === "CREATED" || ret.status === "SHIPPING";
  const to = `${ret.customerName}'s ${REFUND_DESTINATION_LABELS[ret.refundDestination].toLowerCase()}`;
  const ship = async () => {
    setBusy(true);
    try {
      await request(shipReturnOrder, { params: { id: ret.id }, body: {} }, key());
    } catch {
      // The request client has shown why.
    }
    setBusy(false);
  };
  return (
    <li data-testid="return-entry" data-status={ret.status}>
      <p>
        <strong>{ret.handle}</strong> <span className={`order-badge tone-${TONES[ret.status]}`}>{RETURN_STATUS_LABELS[ret.status]}</span>
      </p>
      <p className="muted">{ret.lines.map((l) => `${l.quantity} × ${l.title}`).join(", ")} · {ret.reason}</p>
      {ret.refund && <p>Refunded {dollars(ret.refund.amountCents)} to {to}.</p>}
      {open && <p>Receiving it refunds {dollars(ret.expectedRefundCents)} to {to}{ret.feeCents > 0 && ret.returnFee === "DEDUCT_FROM_REFUND" ? ` (after a ${dollars(ret.feeCents)} return fee)` : ""}.</p>}
      {ret.status === "SHIPPING" && ret.trackingNumber && <p className="muted">On its way back: {[ret.carrier, ret.trackingNumber].filter(Boolean).join(" ")}</p>}
      {ret.status === "CANCELED" && <p className="muted">Canceled: {ret.cancelReason}</p>}
      {open && (
        <div className="return-actions">
          {ret.status === "CREATED" && <button type="button" disabled={busy} onClick={() => void ship()}>Mark as shipped back</button>}
          <button type="button" className="primary" onClick={() => setDialog("receive")}>Receive and refund</button>
          <button type="button" onClick={() => setDialog("cancel")}>Cancel return</button>
        </div>
      )}
      {dialog === "receive" && <ReceiveDialog ret={ret} to={to} onClose={() => setDialog(null)} />}
      {dialog === "cancel" && <CancelDialog ret={ret} onClose={() => setDialog(null)} />}
    </li>
  );
}

function ReceiveDialog({ ret, to, onClose }: { ret: ReturnOrder; to: string; onClose: () => void }) {
  const [restock, setRestock] = useState(true);
  const [amount, setAmount] = useState((ret.expectedRefundCents / 100).toFixed(2));
  const [busy, setBusy] = useState(false);
  const manual = ret.refundMethod === "MANUAL";
  const cents = manual ? Math.round(Number(amount) * 100) : ret.expectedRefundCents;
  const confirm = async () => {
    setBusy(true);
    try {
      await request(receiveReturnOrder, { params: { id: ret.id }, body: { restock, ...(manual ? { refundCents: cents } : {}) } }, key());
      onClose();
    } catch {
      // The request client has shown why.
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog title={`Receive ${ret.handle} and refund ${dollars(Number.isFinite(cents) ? cents : 0)}`} confirmLabel={`Refund ${dollars(Number.isFinite(cents) ? cents : 0)}`} busy={busy} onConfirm={() => void confirm()} onCancel={onClose}>
      <div className="order-dialog">
        <p>{dollars(Number.isFinite(cents) ? cents : 0)} goes back to {to}. The return is then complete; this can't be undone.</p>
        {manual && (
          <label>
            Refund amount ($)
            <input type="number" min={0} step="0.01" aria-label="Refund amount" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </label>
        )}
        <label className="checkbox">
          <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} /> Put the units back on the shelf
        </label>
      </div>
    </ConfirmDialog>
  );
}

function CancelDialog({ ret, onClose }: { ret: ReturnOrder; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (reason.trim().length < 3) return setError("Say why, in a few words.");
    setBusy(true);
    try {
      await request(cancelReturnOrder, { params: { id: ret.id }, body: { reason: reason.trim() } }, key());
      onClose();
    } catch {
      // The request client has shown why.
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog title={`Cancel ${ret.handle}`} confirmLabel="Cancel return" cancelLabel="Keep return" danger busy={busy} onConfirm={() => void confirm()} onCancel={onClose}>
      <div className="order-dialog">
        <p>Nothing is refunded, and the units can be returned again later.</p>
        <label>
          Reason
          <textarea aria-label="Why the return is canceled" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </label>
        {error && <p className="field-error" role="alert">{error}</p>}
      </div>
    </ConfirmDialog>
  );
}
