import type { QcInspection } from "@atelier/contracts/shipping";
import { AuthedImage } from "./authed-image";
import "./qc-card.css";

// A quality inspection as a card, shared by the chat's tool card, the quality control screen's
// report view and the receiving's details (so it lives in ui, not in one feature): the lot, the verdict with the defects found against each acceptance
// number, the fee, the receiving it looks at, and the defect photos.

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const CLASSES = [["critical", "Critical"], ["major", "Major"], ["minor", "Minor"]] as const;

export const verdictText = (i: Pick<QcInspection, "verdict">) => (i.verdict === "PASS" ? "Passed" : i.verdict === "FAIL" ? "Failed" : "Booked, waiting for the report");

export function QcCard({ inspection: i }: { inspection: QcInspection }) {
  return (
    <div className="qc-card" data-testid="qc-card">
      <div>
        <strong>{i.reference}</strong> · {i.product} · {i.lotSize.toLocaleString("en-US")} units
      </div>
      <div>
        <span className={`qc-badge ${i.verdict === "PASS" ? "qc-badge-pass" : i.verdict === "FAIL" ? "qc-badge-fail" : ""}`}>{verdictText(i)}</span>{" "}
        <span className="muted">{`Inspect ${i.plan.sampleSize} units${i.feeCents ? ` · fee ${usd(i.feeCents)}` : ""}`}</span>
      </div>
      {i.receiving && <div className="muted">{`Receiving RCV-${i.receiving.number}${i.receiving.supplierName ? ` from ${i.receiving.supplierName}` : ""}`}</div>}
      {i.purchase && <div className="muted" data-testid="qc-card-purchase">{`Purchase: ${i.purchase.title}, ${i.purchase.quantity.toLocaleString("en-US")} units${i.purchase.supplierName ? ` from ${i.purchase.supplierName}` : ""}`}</div>}
      {i.found && (
        <ul className="qc-card-found">
          {CLASSES.map(([k, label]) => (
            <li key={k}>{`${label}: ${i.found![k]} found, accept up to ${i.plan[k].accept}${i.classVerdicts?.[k] === "FAIL" ? " (over the limit)" : ""}`}</li>
          ))}
        </ul>
      )}
      {i.notes && <p className="qc-card-notes">{i.notes}</p>}
      {i.photos.length > 0 && (
        <div className="qc-photos" aria-label="Defect photos">
          {i.photos.map((p, n) => <AuthedImage key={p.id} src={p.url} alt={`Defect photo ${n + 1} of ${i.reference}: ${p.fileName}`} className="qc-photo" />)}
        </div>
      )}
    </div>
  );
}
