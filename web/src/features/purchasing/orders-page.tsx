import { useCallback } from "react";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import {
  ORDER_ITEM_TABS, addToCart, archiveCreatorOrderItem, getCreatorOrderItemTabCounts, listCreatorOrderItems, updateCreatorOrderItem,
  type OrderItemStatus, type OrderItemTab, type creatorOrderItemSchema,
} from "@atelier/contracts/purchasing";
import { listReceivings, type Receiving } from "@atelier/contracts/receivings";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { formatRelativeTime } from "../../format/format";
import { centsToUsd } from "../../ui/money";
import { usePaged } from "../../ui/use-paged";
import { LoadMore } from "../../ui/load-more";
import { InboxTabs } from "../../ui/inbox-tabs";
import { StorePurchaseAtCenter } from "./store-purchase-at-center";
import { PurchaseInspections, useInspectionsOf } from "./purchase-inspections";
import type { QcInspection } from "@atelier/contracts/shipping";
import "../../ui/kit.css";

type OrderItem = z.infer<typeof creatorOrderItemSchema>;

export const STATUS_LABELS: Record<OrderItemStatus, string> = {
  NOT_PURCHASED: "Not purchased", IN_SHOPPING_CART: "In cart", CHARGE_PENDING: "Payment processing", IN_PRODUCTION: "In production",
  IN_SUBSCRIPTION: "Repeating order", SHIPPED: "Shipped", CANCELED: "Canceled",
};
const TAB_LABELS: Record<OrderItemTab, string> = {
  ALL: "All", SAMPLES: "Samples", PRODUCTION: "Production", IN_SHOPPING_CART: "In cart", IN_PRODUCTION: "In production", SHIPPED: "Shipped", CANCELED: "Canceled", ARCHIVED: "Archived",
};
const TABS = Object.keys(ORDER_ITEM_TABS) as OrderItemTab[];
/** Paid statuses: the store may review the supplier (docs/security.md, item 6). */
const PAID = new Set<OrderItemStatus>(["IN_PRODUCTION", "IN_SUBSCRIPTION", "SHIPPED"]);

/** Orders & shipments (/inbox/orders): sample and production orders by tab, with the actions their status allows. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get("filter");
  const tab = TABS.includes(raw as OrderItemTab) ? (raw as OrderItemTab) : "ALL";
  const counts = useApi(getCreatorOrderItemTabCounts, {});
  const load = useCallback((page: number) => request(listCreatorOrderItems, { query: { tab, page, size: 20 } }), [tab]);
  const orders = usePaged(load, tab);
  const refresh = () => {
    orders.reload();
    counts.reload();
  };
  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      refresh();
    } catch {
      // The request client has shown why.
    }
  };
  const selectTab = (t: OrderItemTab) => {
    const next = new URLSearchParams(params);
    if (t === "ALL") next.delete("filter");
    else next.set("filter", t);
    setParams(next);
  };
  return (
    <PageFrame title="Orders & shipments" chatPrompt="Where are my sourcing orders?">
      <InboxTabs />
      <div className="tabs" role="tablist" aria-label="Order filters">
        {TABS.map((t) => (
          <button key={t} type="button" role="tab" aria-selected={t === tab} className={`tab${t === tab ? " tab-current" : ""}`} onClick={() => selectTab(t)}>
            {TAB_LABELS[t]}{counts.data ? ` (${counts.data[t] ?? 0})` : ""}
          </button>
        ))}
      </div>
      {orders.total === 0 && <p className="card">No orders here. <Link to="/browse-suppliers">Order a sample</Link> to get started.</p>}
      {orders.items.some((o) => PAID.has(o.status)) ? <OrderRowsWithReceivings items={orders.items} act={act} /> : <OrderRows items={orders.items} act={act} receivings={[]} onStored={refresh} />}
      <LoadMore hasMore={orders.hasMore} loading={orders.loading} onMore={orders.loadMore} shown={orders.items.length} total={orders.total} />
    </PageFrame>
  );
}

type Act = (fn: () => Promise<unknown>) => Promise<void>;

/** The rows with the receivings that take their paid purchases to the fulfilment center and their quality checks (one call each for the page). */
function OrderRowsWithReceivings({ items, act }: { items: OrderItem[]; act: Act }) {
  const paidIds = items.filter((o) => PAID.has(o.status)).map((o) => o.id);
  const stored = useApi(listReceivings, { query: { orderItemIds: paidIds.join(","), size: 100 } });
  const inspections = useInspectionsOf(paidIds);
  return <OrderRows items={items} act={act} receivings={stored.data?.list ?? []} inspections={inspections} onStored={stored.reload} />;
}

function OrderRows({ items, act, receivings, inspections, onStored }: { items: OrderItem[]; act: Act; receivings: Receiving[]; inspections?: Map<string, QcInspection[]>; onStored: () => void }) {
  const receivingOf = new Map(receivings.flatMap((r) => (r.orderItemId ? [[r.orderItemId, r] as const] : [])));
  return (
    <ul className="order-list">
      {items.map((o) => <OrderRow key={o.id} order={o} act={act} receiving={receivingOf.get(o.id) ?? null} inspections={inspections && (inspections.get(o.id) ?? [])} onStored={onStored} />)}
    </ul>
  );
}

function OrderRow({ order, act, receiving, inspections, onStored }: { order: OrderItem; act: Act; receiving: Receiving | null; inspections: QcInspection[] | undefined; onStored: () => void }) {
  const can = (s: OrderItemStatus) => order.allowedStatuses.includes(s);
  return (
    <li className="card order-row" data-testid="order-item" data-order-id={order.id}>
      <div className="section-head">
        <strong>{order.kind === "SAMPLE" ? "Sample" : "Production"}: {order.title}</strong>
        <span className={`badge status-${order.status}`} data-testid="order-status" data-status={order.status}>{STATUS_LABELS[order.status]}</span>
      </div>
      <span className="muted">
        {order.supplierName ?? "Supplier"} · {order.quantity} × {centsToUsd(order.unitPriceCents)} = {centsToUsd(order.totalCents)}
        {order.color ? ` · ${order.color}` : ""} · ordered {formatRelativeTime(order.createdAt)}
        {order.paidAt ? ` · paid ${formatRelativeTime(order.paidAt)}` : ""}
      </span>
      {order.trackingUrl && <a href={order.trackingUrl} target="_blank" rel="noreferrer">Track shipment</a>}
      {PAID.has(order.status) && <StorePurchaseAtCenter purchase={order} receiving={receiving} onChanged={onStored} />}
      {PAID.has(order.status) && <PurchaseInspections purchase={order} inspections={inspections} />}
      <div className="dialog-actions">
        {order.catalogItemId && <Link to={`/browse-suppliers/catalog-item/${order.catalogItemId}`}>View product</Link>}
        {order.supplierId && PAID.has(order.status) && <Link to={`/leave-a-review/${order.id}`}>Review {order.supplierName ?? "the supplier"}</Link>}
        {can("IN_SHOPPING_CART") && order.status === "NOT_PURCHASED" && (
          <button type="button" onClick={() => void act(() => request(addToCart, { body: { orderItemIds: [order.id] } }, { idempotencyKey: crypto.randomUUID() }))}>Add to cart</button>
        )}
        {order.status === "IN_SHOPPING_CART" && <Link className="button primary" to="/checkout">Checkout</Link>}
        {can("CANCELED") && <button type="button" onClick={() => void act(() => request(updateCreatorOrderItem, { params: { id: order.id }, body: { status: "CANCELED" } }))}>Cancel</button>}
        {!["IN_SHOPPING_CART", "CHARGE_PENDING"].includes(order.status) && (
          <button type="button" className="link-button" onClick={() => void act(() => request(archiveCreatorOrderItem, { params: { id: order.id }, body: { isArchived: !order.isArchived } }))}>
            {order.isArchived ? "Restore" : "Archive"}
          </button>
        )}
      </div>
    </li>
  );
}
