import { Link } from "react-router";
import { FREIGHT_STATUSES, FREIGHT_STATUS_WORDS, type FreightBooking, type FreightEvent, type FreightOption } from "@atelier/contracts/shipping";
import { dateText } from "./format";
import { modeInSentence, money } from "./freight-bookings";
import "./shipping.css";

// The chat's cards for freight (issue 17): a quote as its modes with price, transit and arrival,
// cheapest first; a booking as its route and its timeline with the step it is at now; a list of
// bookings with each one's current step. Each links to the freight screen, where the user books.

const FREIGHT_SCREEN = "/fulfillment-services/book-freight-shipment";

export type FreightQuoteView = { route: string; chargeableWeightKg: number; options: FreightOption[]; dutyCents: number };

export function FreightQuoteCard({ quote: q }: { quote: FreightQuoteView }) {
  if (!q.options.length) return <span className="muted">No mode can carry this cargo from {q.route}.</span>;
  return (
    <>
      <div><strong>{q.route}</strong> <span className="muted">· chargeable weight {q.chargeableWeightKg.toLocaleString("en-US")} kg · {q.dutyCents > 0 ? `duty about ${money(q.dutyCents)}` : "duty estimated once you name the goods"}</span></div>
      <table className="ship-card-table" aria-label="Freight modes">
        <thead><tr><th>Mode</th><th className="num">Price</th><th className="num">Days</th><th>Arrives</th></tr></thead>
        <tbody>
          {q.options.map((o, i) => (
            <tr key={o.mode} data-testid="card-freight-option">
              <td>{o.modeName}{o.containers.length ? ` (${o.containers.join(" + ")})` : ""}{i === 0 && q.options.length > 1 ? " · cheapest" : ""}</td>
              <td className="num">{money(o.priceCents)}</td><td className="num">{o.transitDays}</td><td className="date">{dateText(o.arrivalDate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="muted">Nothing is booked yet: <Link to={FREIGHT_SCREEN}>book it on the freight screen</Link> or ask me to book a mode.</div>
    </>
  );
}

const routeOf = (b: Pick<FreightBooking, "origin" | "destination">) => `${b.origin.name} → ${b.destination.name}`;
const when = (iso: string) => new Date(iso).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

/**
 * A booking with its six steps: the ones reached with where and when, the current one marked, the
 * rest to come. "Booked" is reached when the booking exists, before the forwarder's first event.
 */
export function FreightBookingCard({ booking: b, events }: { booking: FreightBooking; events: FreightEvent[] }) {
  const reached = new Map(events.map((e) => [e.status, e]));
  return (
    <div data-testid="card-freight-booking">
      <div><strong>{routeOf(b)}</strong> · {modeInSentence(b.modeName)}, {money(b.priceCents)}</div>
      <div className="muted">Booking {b.reference} · {b.cartons} cartons · arrives about {dateText(b.arrivalDate)}</div>
      <ol className="freight-stages freight-card-stages">
        {FREIGHT_STATUSES.map((s) => {
          const e = reached.get(s);
          const now = s === b.status;
          return (
            <li key={s} className={now ? "freight-stage-now" : e ? "freight-stage-done" : "freight-stage-next"} data-testid="card-freight-stage" aria-current={now ? "step" : undefined}>
              <strong>{FREIGHT_STATUS_WORDS[s]}{now ? " (now)" : ""}</strong>
              <span className="muted">{e ? `${e.location} · ${when(e.occurredAt)}` : s === "BOOKED" ? `${b.origin.name} · ${when(b.createdAt)}` : s === "DELIVERED" ? `Expected about ${dateText(b.arrivalDate)}` : "Not yet"}</span>
            </li>
          );
        })}
      </ol>
      {b.receivingSn && <div>Delivered as <Link to={`/receivings/${b.receivingSn}/details`}>receiving {b.receivingSn}</Link>.</div>}
    </div>
  );
}

/** Bookings with their current step; the first five, and how many more are on the freight screen. */
export function FreightBookingsCard({ bookings, total }: { bookings: FreightBooking[]; total: number }) {
  if (!bookings.length) return <span className="muted">No freight bookings yet.</span>;
  return (
    <>
      {bookings.slice(0, 5).map((b) => (
        <div key={b.id} className="tool-row" data-testid="card-freight-row">
          <Link to={`${FREIGHT_SCREEN}?booking=${b.id}`}>{routeOf(b)}</Link> <strong>{FREIGHT_STATUS_WORDS[b.status]}</strong>
          <div className="muted">{modeInSentence(b.modeName)}, {money(b.priceCents)} · {b.cartons} cartons · {b.status === "DELIVERED" ? (b.receivingSn ? `delivered as ${b.receivingSn}` : "delivered") : `arrives about ${dateText(b.arrivalDate)}`}</div>
        </div>
      ))}
      {total > Math.min(bookings.length, 5) && <div className="muted">{total - Math.min(bookings.length, 5)} more on the <Link to={FREIGHT_SCREEN}>freight screen</Link>.</div>}
    </>
  );
}
