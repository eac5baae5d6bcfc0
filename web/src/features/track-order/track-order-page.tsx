import { useEffect, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { trackOrder, type TrackedOrder, type TrackingStatus } from "@atelier/contracts/orders";
import { request } from "../../api/client";
import { errorSentence } from "../../api/error-catalogue";
import "./track-order.css";

const STATUS_TONE: Record<TrackingStatus, string> = { RECEIVED: "progress", ON_HOLD: "hold", PREPARING: "progress", SHIPPED: "done", CANCELED: "canceled" };
const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * The public order-tracking page: a buyer enters the order number from the receipt and the
 * e-mail or postcode the order was placed with, or arrives from a carrier link with ?tracking=.
 * It shows the status and the tracking timeline only (the API keeps everything else inside).
 */
export function TrackOrderPage() {
  const [params] = useSearchParams();
  const tracking = params.get("tracking")?.trim().slice(0, 40) ?? "";
  const [orderNumber, setOrderNumber] = useState(params.get("order")?.slice(0, 10) ?? "");
  const [contact, setContact] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<TrackedOrder | null>(null);

  const look = async (query: { orderNumber: string; contact: string } | { tracking: string }) => {
    setBusy(true);
    setError(null);
    try {
      setFound(await request(trackOrder, { query: query as never }, { quiet: true }));
    } catch (err) {
      setFound(null);
      setError(errorSentence(err, "The order could not be looked up. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  // A carrier link (/track-order?tracking=…) looks the parcel up at once.
  useEffect(() => {
    if (tracking) void look({ tracking });
  }, [tracking]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^#?\d{1,9}$/.test(orderNumber.trim())) return setError("Enter the order number from your receipt, like 1043.");
    if (contact.trim().length < 3) return setError("Enter the e-mail or postcode the order was placed with.");
    void look({ orderNumber: orderNumber.trim(), contact: contact.trim() });
  };

  return (
    <section className="page narrow track-order" aria-labelledby="track-title">
      <h1 id="track-title">Track your order</h1>
      <form className="form" onSubmit={submit} aria-label="Find your order" noValidate>
        <label>Order number<input name="orderNumber" inputMode="numeric" autoComplete="off" placeholder="1043" value={orderNumber} maxLength={10} onChange={(e) => setOrderNumber(e.target.value)} /></label>
        <label>E-mail or postcode used for the order<input name="contact" autoComplete="email" value={contact} maxLength={254} onChange={(e) => setContact(e.target.value)} /></label>
        <button className="button primary" type="submit" disabled={busy}>{busy ? "Looking…" : "Track"}</button>
      </form>
      {error && <p role="alert" className="field-error">{error}</p>}
      {found && <TrackedOrderView t={found} />}
    </section>
  );
}

function TrackedOrderView({ t }: { t: TrackedOrder }) {
  return (
    <article className="card track-result" aria-label="Your order" data-testid="track-result">
      <header>
        <h2>{t.order ? `Order #${t.order.orderNumber} from ${t.order.storeName}` : "Your parcel"}</h2>
        <span className={`order-badge tone-${STATUS_TONE[t.status]}`} data-testid="track-status">{t.statusText}</span>
      </header>
      {t.order && <p className="muted">Placed {when(t.order.placedAt)} · {t.order.itemCount} item{t.order.itemCount === 1 ? "" : "s"}</p>}
      {t.shipments.map((s) => (
        <p key={s.trackingNumber} className="track-shipment">
          {s.carrier} {s.service} · tracking number <strong>{s.trackingNumber}</strong>{s.shippedAt ? ` · shipped ${when(s.shippedAt)}` : ""}
        </p>
      ))}
      <ol className="track-timeline" aria-label="Tracking timeline">
        {t.timeline.map((step, i) => (
          <li key={`${step.occurredAt}-${i}`}>
            <span>{step.message}</span>
            <time className="muted" dateTime={step.occurredAt}>{when(step.occurredAt)}</time>
          </li>
        ))}
      </ol>
    </article>
  );
}
