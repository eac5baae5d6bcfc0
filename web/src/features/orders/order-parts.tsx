import { ORDER_PART_STATUS_LABELS, type OrderDetail } from "@atelier/contracts/orders";
import { dateTime } from "./order-labels";

// A split order's parts (split by stock): the part that ships now and the backorder waiting for
// stock, each with its lines and its status in words, so the merchant sees what left and what waits.

const TONES: Record<OrderDetail["parts"][number]["status"], string> = { OPEN: "open", WAITING: "hold", IN_PROGRESS: "progress", SHIPPED: "done", CANCELED: "canceled" };

export function OrderPartsCard({ order }: { order: OrderDetail }) {
  const rule = order.parts[0]?.splitByRule;
  return (
    <section className="card" aria-labelledby="parts-title" data-testid="order-parts">
      <h2 id="parts-title">Ships in {order.parts.length} parts</h2>
      <p className="muted">Split by the rule "{rule}": what was in stock ships first, the rest when stock arrives.</p>
      <ol className="order-parts">
        {order.parts.map((p) => (
          <li key={p.id} data-testid="order-part" data-status={p.status}>
            <p>
              <strong>{p.position === 1 ? "In stock" : "Backorder"}</strong>{" "}
              <span className={`order-badge tone-${TONES[p.status]}`} data-testid="order-part-status">{ORDER_PART_STATUS_LABELS[p.status]}</span>
            </p>
            <ul className="order-part-lines">
              {p.lines.map((l) => <li key={l.lineId}>{l.quantity} × {l.title} <span className="muted">{l.sku}</span></li>)}
            </ul>
            {p.waitReason && <p className="muted">{p.waitReason}</p>}
            {p.releasedAt && <p className="muted">Stock arrived {dateTime(p.releasedAt)}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
