import { Link } from "react-router";
import type { Receiving } from "@atelier/contracts/receivings";
import { ReceivingBadge, dayLabel } from "./receiving-labels";

// The chat's card for the receiving tools (issue 16): each inbound shipment with where it stands in
// words, what was counted of what was announced, and a link to its details screen.

/** A receiving as its card shows it. */
export type ReceivingCardRow = Pick<Receiving, "id" | "sn" | "supplierName" | "canceled" | "closed" | "receivingStatus" | "deliveryStatus" | "expectedArrival" | "totals"> & { skus: string[] };

export const receivingCardRow = (r: Receiving): ReceivingCardRow => ({
  id: r.id, sn: r.sn, supplierName: r.supplierName, canceled: r.canceled, closed: r.closed, receivingStatus: r.receivingStatus,
  deliveryStatus: r.deliveryStatus, expectedArrival: r.expectedArrival, totals: r.totals, skus: r.lines.map((l) => l.sku),
});

/** Up to five receivings, with a count of the others. */
export function ReceivingsCard({ rows, total }: { rows: ReceivingCardRow[]; total: number }) {
  if (!rows.length) return <span className="muted">No receivings match.</span>;
  return (
    <>
      {rows.slice(0, 5).map((r) => (
        <div key={r.id} className="tool-row" data-testid="receiving-card-row">
          <Link to={`/receivings/${r.sn}/details`}><strong>{r.sn}</strong></Link> <ReceivingBadge r={r} />{" "}
          <span className="muted">
            {[r.supplierName, r.skus.slice(0, 3).join(", ") + (r.skus.length > 3 ? ` and ${r.skus.length - 3} more` : ""), `${r.totals.received} of ${r.totals.expected} units received${r.totals.damaged ? `, ${r.totals.damaged} damaged` : ""}`, r.expectedArrival ? `arrives ${dayLabel(r.expectedArrival)}` : ""].filter(Boolean).join(" · ")}
          </span>
        </div>
      ))}
      {total > 5 && <div className="muted">and {total - 5} more on the receivings screen</div>}
    </>
  );
}
