import type { OrderListFilter, OrderSort, OrderSummary } from "@atelier/contracts/orders";

// How the orders screens name tabs, sorts and states.

export const FILTER_LABELS: Record<OrderListFilter, string> = {
  ALL: "All", OUTSTANDING: "Outstanding", PROCESSING: "Processing", FULFILLED: "Fulfilled", CANCELED: "Canceled", ON_HOLD: "On hold", RETURNS: "Returns",
};

export const SORT_LABELS: Record<OrderSort, string> = {
  "-placedAt": "Newest first", placedAt: "Oldest first", "-orderNumber": "Number, high to low", orderNumber: "Number, low to high", "-total": "Total, high to low", total: "Total, low to high",
};

/** One word for where the order stands, and the badge class that colours it. */
export function orderStatus(o: Pick<OrderSummary, "processingStatus" | "fulfillmentState" | "cancellationState">): { label: string; tone: string } {
  if (o.cancellationState === "CANCELED") return { label: "Canceled", tone: "canceled" };
  if (o.processingStatus === "ON_HOLD") return { label: "On hold", tone: "hold" };
  if (o.fulfillmentState === "FULFILLED") return { label: "Fulfilled", tone: "done" };
  if (o.fulfillmentState === "PARTIAL") return { label: "Partly shipped", tone: "progress" };
  if (o.processingStatus === "PROCESSING") return { label: "Processing", tone: "progress" };
  return { label: "Outstanding", tone: "open" };
}

export const money = (cents: number, currency = "USD") => new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
export const shortDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
export const dateTime = (iso: string) => new Date(iso).toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
