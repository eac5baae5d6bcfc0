import { Link } from "react-router";
import { listQcInspections, type QcInspection } from "@atelier/contracts/shipping";
import { useApi } from "../../api/use-api";
import { verdictText } from "../../ui/qc-card";

type Purchase = { id: string; title: string; quantity: number };

/** Where /homebase/quality-control opens with the purchase filled in (the inspection is then linked to it). */
export const bookInspectionLink = (p: Purchase) =>
  `/homebase/quality-control?${new URLSearchParams({ orderItem: p.id, reference: p.title.slice(0, 60), product: p.title.slice(0, 120), lot: String(Math.max(2, p.quantity)) })}`;

/**
 * A paid purchase's quality checks, on its row in /inbox/orders: the latest verdict with a link to
 * its report, or an offer to book one. The page reads every shown purchase's inspections in one
 * call (newest first) and hands each row its own; undefined while that call is loading.
 */
export function PurchaseInspections({ purchase, inspections }: { purchase: Purchase; inspections: QcInspection[] | undefined }) {
  if (!inspections) return null;
  const latest = inspections[0];
  return (
    <span className="muted" data-testid="purchase-inspections">
      {latest ? (
        <>
          {`Quality check${inspections.length === 1 ? "" : "s"}: ${verdictText(latest)}${inspections.length > 1 ? ` (latest of ${inspections.length})` : ""} · `}
          <Link to={`/homebase/quality-control?inspection=${latest.id}`}>{latest.status === "BOOKED" ? "Report it" : "View the report"}</Link>
        </>
      ) : (
        <Link to={bookInspectionLink(purchase)}>Book a quality check of this purchase</Link>
      )}
    </span>
  );
}

/** The inspections of these purchases (at most 100 purchases, the page's), newest first, by purchase id; undefined while loading. */
export function useInspectionsOf(orderItemIds: string[]): Map<string, QcInspection[]> | undefined {
  const list = useApi(listQcInspections, { query: { orderItemIds: orderItemIds.slice(0, 100).join(","), size: 100 } });
  if (!list.data) return undefined;
  const byPurchase = new Map<string, QcInspection[]>();
  for (const i of list.data.list) if (i.purchase) byPurchase.set(i.purchase.id, [...(byPurchase.get(i.purchase.id) ?? []), i]);
  return byPurchase;
}
