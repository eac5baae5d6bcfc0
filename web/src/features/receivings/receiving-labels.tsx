import { DELIVERY_STATUS_LABELS, RECEIVING_STATUS_LABELS, type Receiving } from "@atelier/contracts/receivings";

/** One badge for where a receiving stands, in words: canceled, finished short, received, or its delivery and count. */
export function ReceivingBadge({ r }: { r: Pick<Receiving, "canceled" | "closed" | "receivingStatus" | "deliveryStatus"> }) {
  if (r.canceled) return <span className="tone-badge tone-out">Canceled</span>;
  if (r.closed) return <span className="tone-badge tone-low">Finished short</span>;
  if (r.receivingStatus === "RECEIVED") return <span className="tone-badge tone-in">Received</span>;
  if (r.receivingStatus === "PARTIAL") return <span className="tone-badge tone-low">{RECEIVING_STATUS_LABELS.PARTIAL}</span>;
  return <span className="tone-badge tone-neutral">{DELIVERY_STATUS_LABELS[r.deliveryStatus]}</span>;
}

/** "Jan 15, 2031" from YYYY-MM-DD, read as a calendar day (no time zone shift). */
export function dayLabel(day: string | null): string {
  if (!day) return "—";
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}
