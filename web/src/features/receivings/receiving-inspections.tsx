import { Link } from "react-router";
import { listQcInspections } from "@atelier/contracts/shipping";
import { useApi } from "../../api/use-api";
import { QcCard } from "../../ui/qc-card";

// The quality checks of one receiving, shown on its details page: an inspection booked with the
// receiving's number (RCV-1003) is linked to it, so both sides show the other.

export function ReceivingInspections({ receivingId, sn }: { receivingId: string; sn: string }) {
  const list = useApi(listQcInspections, { query: { receivingId, page: 0, size: 20 } });
  const rows = list.data?.list ?? [];
  return (
    <section className="receiving-section" aria-labelledby="receiving-qc-title" data-testid="receiving-inspections">
      <h2 id="receiving-qc-title">Quality checks</h2>
      {list.data && !rows.length && <p className="muted">No inspection of {sn} yet.</p>}
      {rows.map((i) => (
        <div key={i.id} className="card"><QcCard inspection={i} /></div>
      ))}
      <p><Link to={`/homebase/quality-control?reference=${encodeURIComponent(sn)}`}>Book a quality check of {sn}</Link></p>
    </section>
  );
}
