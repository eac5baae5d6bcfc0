import { Link } from "react-router";
import { listQcInspections } from "@atelier/contracts/shipping";
import { useApi } from "../../api/use-api";
import { verdictText } from "../../ui/qc-card";

type Purchase = { id: string; title: string; quantity: number };

/** Where /homebase/quality-control opens with the purchase filled in (the inspection is then linked to it). */
export const bookInspectionLink = (p: Purchase) =>
  `/homebase/quality-control?${new URLSearchParams({ orderItem: p.id, reference: p.title.slice(0, 60), product: p.title.slice(0, 120), lot: String(Math.max(2, p.quantity)) })}`;

/**
 * A paid purchase's quality checks, on its row in /inbox/orders: the latest verdict with a link to
 * its report, or an offer to book one. One small call per paid row of the page.
 */
export function PurchaseInspections({ purchase }: { purchase: Purchase }) {
  const list = useApi(listQcInspections, { query: { orderItemIds: purchase.id, size: 1 } });
  const latest = list.data?.list[0];
  if (!list.data) return null;
  return (
    <span className="muted" data-testid="purchase-inspections">
      {latest ? (
        <>
          {`Quality check${list.data.total === 1 ? "" : "s"}: ${verdictText(latest)}${list.data.total > 1 ? ` (latest of ${list.data.total})` : ""} · `}
          <Link to={`/homebase/quality-control?inspection=${latest.id}`}>{latest.status === "BOOKED" ? "Report it" : "View the report"}</Link>
        </>
      ) : (
        <Link to={bookInspectionLink(purchase)}>Book a quality check of this purchase</Link>
      )}
    </span>
  );
}
