import { Link } from "react-router";
import { FREIGHT_STATUSES, FREIGHT_STATUS_WORDS, getFreightBooking, listFreightBookings, type FreightBooking, type FreightStatus } from "@atelier/contracts/shipping";
import { invalidate } from "../../api/query-cache";
import { useApi } from "../../api/use-api";
import { useRealtimeEvent } from "../../realtime/use-realtime-event";
import { ListToolbar, Pager, useAddressPatch } from "../../ui/list-controls";
import { dateText } from "./format";

const PAGE_SIZE = 20;

/** Freight amounts run to thousands: dollars with separators. */
export const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** "Sea, shared container (LCL)" inside a sentence: only its first letter lowered. */
export const modeInSentence = (modeName: string) => modeName.charAt(0).toLowerCase() + modeName.slice(1);

const badge = (s: FreightStatus) => (s === "DELIVERED" ? "ship-delivered" : s === "BOOKED" ? "" : "ship-in_transit");
const routeOf = (b: FreightBooking) => `${b.origin.name} → ${b.destination.name}`;

/** The store's freight bookings (searched, filtered, paged on the server) and the opened one's timeline, live as the forwarder reports. */
export function FreightBookings() {
  const { params, update } = useAddressPatch({ keepPageFor: ["booking"] });
  useRealtimeEvent("freight.updated", () => invalidate(["shipping"]));
  const search = (params.get("q") ?? "").slice(0, 100);
  const status = FREIGHT_STATUSES.find((s) => s === params.get("status"));
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  const opened = /^[0-9a-f-]{36}$/i.test(params.get("booking") ?? "") ? params.get("booking")! : null;
  const list = useApi(listFreightBookings, { query: { page, size: PAGE_SIZE, ...(search ? { search } : {}), ...(status ? { status } : {}) } });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  return (
    <section className="freight-bookings" aria-label="Freight bookings">
      <h2>Bookings</h2>
      {opened && <BookingTimeline id={opened} onClose={() => update({ booking: null })} />}
      <ListToolbar search={search} label="Search freight bookings" placeholder="Origin, SKU, goods or reference" onSearch={(q) => update({ q })}>
        <label>
          Status{" "}
          <select aria-label="Status" value={status ?? ""} onChange={(e) => update({ status: e.target.value || null })}>
            <option value="">All</option>
            {FREIGHT_STATUSES.map((s) => <option key={s} value={s}>{FREIGHT_STATUS_WORDS[s]}</option>)}
          </select>
        </label>
      </ListToolbar>
      {list.data && total === 0 ? (
        <p className="card" data-testid="freight-empty">{search || status ? "No booking matches." : "No freight booked yet. Get a quote above."}</p>
      ) : (
        <table className="ship-table" aria-label="Freight bookings" aria-busy={list.loading}>
          <thead><tr><th>Booked</th><th>Route</th><th className="cell-hide-narrow">Cargo</th><th className="num">Price</th><th>Status</th><th /></tr></thead>
          <tbody>
            {rows.map((b) => (
              <tr key={b.id} data-testid="freight-row" className={b.id === opened ? "ship-selected" : undefined}>
                <td>{dateText(b.createdAt)}</td>
                <td>{routeOf(b)}<div className="muted">{b.modeName}</div></td>
                <td className="cell-hide-narrow">{`${b.cartons} cartons · ${b.goods.map((g) => g.sku).join(", ")}`}</td>
                <td className="num">{money(b.priceCents)}</td>
                <td><span className={`ship-badge ${badge(b.status)}`}>{FREIGHT_STATUS_WORDS[b.status]}</span><div className="muted">{b.status === "DELIVERED" ? (b.receivingSn ? `Receiving ${b.receivingSn}` : "") : `Arrives about ${dateText(b.arrivalDate)}`}</div></td>
                <td><button type="button" onClick={() => update({ booking: b.id })}>Timeline</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {total > PAGE_SIZE && <Pager page={page} size={PAGE_SIZE} total={total} onPage={(p) => update({ page: p })} />}
    </section>
  );
}

function BookingTimeline({ id, onClose }: { id: string; onClose: () => void }) {
  const booking = useApi(getFreightBooking, { params: { id } });
  const b = booking.data;
  if (!b) return booking.error ? <p className="card field-error" role="alert">This booking could not be found in your store.</p> : null;
  const reached = new Map(b.events.map((e) => [e.status, e]));
  return (
    <article className="card ship-detail freight-timeline" aria-label="Booking timeline" data-testid="freight-timeline">
      <h3>{`${routeOf(b)}: ${modeInSentence(b.modeName)}, ${money(b.priceCents)}`}</h3>
      <p className="muted">{`Booking ${b.reference} · ${b.cartons} cartons, ${b.weightKg.toLocaleString("en-US")} kg, ${b.volumeCbm} m³${b.containers.length ? ` · ${b.containers.join(" + ")} container${b.containers.length === 1 ? "" : "s"}` : ""} · duty about ${money(b.dutyCents)}`}</p>
      <ol className="freight-stages">
        {FREIGHT_STATUSES.map((s) => {
          const e = reached.get(s);
          return (
            <li key={s} className={e ? "freight-stage-done" : "freight-stage-next"} data-testid="freight-stage">
              <strong>{FREIGHT_STATUS_WORDS[s]}</strong>
              <span className="muted">{e ? `${e.message}, ${e.location} · ${new Date(e.occurredAt).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })}` : s === "DELIVERED" ? `Expected about ${dateText(b.arrivalDate)}` : "Not yet"}</span>
            </li>
          );
        })}
      </ol>
      {b.receivingSn && <p>Delivered to the center as <Link to={`/receivings/${b.receivingSn}/details`}>receiving {b.receivingSn}</Link>: count it there as it is unpacked.</p>}
      <div className="ship-actions"><button type="button" onClick={onClose}>Close</button></div>
    </article>
  );
}
