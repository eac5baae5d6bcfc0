import type { LabelStatus, Rate } from "@atelier/contracts/shipping";
import { dateText, STATUS_WORDS, usd } from "./format";
import { downloadLabel } from "./label-download";
import "./shipping.css";

// The chat's cards for shipping tools: a quote as a rate table (carrier, service, price, days,
// delivery date) and a bought label with its tracking number and a download of its PDF.

export type RatesView = { rates: Rate[]; notes: string[] };
export type LabelView = { id: string; status: LabelStatus; carrier: string; serviceName: string; trackingNumber: string; priceCents: number; refundedCents: number; recipient: string; place: string; deliveryDate: string; isReturn: boolean };

export function RatesCard({ rates, notes }: RatesView) {
  return (
    <>
      {rates.length ? (
        <table className="ship-card-table" aria-label="Rates">
          <thead><tr><th>Carrier</th><th>Service</th><th className="num">Price</th><th className="num">Days</th><th>Arrives</th></tr></thead>
          <tbody>
            {rates.slice(0, 8).map((r) => (
              <tr key={`${r.carrier}-${r.serviceCode}`} data-testid="card-rate-row">
                <td>{r.carrier}</td><td>{r.serviceName}</td><td className="num">{usd(r.priceCents)}</td><td className="num">{r.estimatedDays}</td><td>{dateText(r.deliveryDate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : <span className="muted">No carrier can take this parcel.</span>}
      {notes.map((n) => <div key={n} className="muted">{n}</div>)}
    </>
  );
}

export function LabelCard({ label: l }: { label: LabelView }) {
  return (
    <div className="ship-card-label" data-testid="card-label">
      <div><strong>{l.carrier} {l.serviceName}{l.isReturn ? " return" : ""}</strong> · {usd(l.priceCents)}{l.refundedCents ? ` (refunded ${usd(l.refundedCents)})` : ""}</div>
      <div>To {l.recipient}{l.place ? `, ${l.place}` : ""} · {STATUS_WORDS[l.status]}{l.status !== "VOIDED" ? ` · expected ${dateText(l.deliveryDate)}` : ""}</div>
      <div className="ship-card-tracking">Tracking {l.trackingNumber}</div>
      {l.status !== "VOIDED" && <button type="button" onClick={() => void downloadLabel(l.id, l.trackingNumber, "pdf-4x6")}>Download label (PDF)</button>}
    </div>
  );
}
