import { Link, useLocation } from "react-router";
import { listOrders, type OrderOrigin } from "@atelier/contracts/orders";
import { listSalesChannels, type SalesChannel } from "@atelier/contracts/sales-channels";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { useLiveOrders } from "../../realtime/use-live-orders";
import { money, orderStatus, shortDate } from "./order-labels";
import "./orders.css";

const RECENT = 10;

type ChannelPage = { channel: SalesChannel; origin: OrderOrigin; title: string; steps: string[]; chatPrompt: string };

/**
 * The two channels whose orders are placed inside Atelier rather than imported (docs/decisions.md,
 * "Own shop and wholesale pages"): what the channel is, how it stands, how its orders reach the
 * fulfilment center, and its latest orders, with the rest on the Orders screen filtered to it.
 */
const PAGES: Record<string, ChannelPage> = {
  "/ecommerce-services/wholesale": {
    channel: "wholesale",
    origin: "MANUAL_WHOLESALE",
    title: "Wholesale",
    steps: [
      "Enter a retailer's purchase order as a wholesale order: the buyer's business, where it ships, and each SKU at your wholesale price.",
      "If the retailer has requirements (carton labels, a routing guide, packing slips of their own), send them to the fulfilment center in a ticket before the order ships.",
      "The order reserves its stock and runs your fulfilment rules like any other, and the center ships it.",
    ],
    chatPrompt: "About my wholesale orders: ",
  },
  "/ecommerce-services/own-shop": {
    channel: "own-shop",
    origin: "SHOPIFY_PLATFORM",
    title: "Your Atelier shop",
    steps: [
      "Orders placed in your own shop arrive here by themselves: nothing to import or connect.",
      "Each one reserves its stock when it arrives; an order short of stock waits on hold until stock comes in.",
      "Your fulfilment rules run on it, then the fulfilment center picks, packs and ships it and the buyer gets the tracking.",
    ],
    chatPrompt: "About my own shop's orders: ",
  },
};

export function ChannelOrdersPage() {
  useLiveOrders();
  const { pathname } = useLocation();
  const page = PAGES[pathname] ?? PAGES["/ecommerce-services/wholesale"]!;
  const channels = useApi(listSalesChannels, {});
  const orders = useApi(listOrders, { query: { filter: "ALL", sort: "-placedAt", page: 0, size: RECENT, origin: page.origin } });
  const info = channels.data?.channels.find((c) => c.key === page.channel);
  const rows = orders.data?.list ?? [];
  const total = orders.data?.total ?? 0;
  const allOrders = `/orders?origin=${page.origin}`;
  const actions = (
    <>
      {page.channel === "wholesale" && <Link className="button primary" to="/orders?new=wholesale">New wholesale order</Link>}
      <Link className="button" to="/ecommerce-services">Sales channels</Link>
    </>
  );
  return (
    <PageFrame title={page.title} chatPrompt={page.chatPrompt} actions={actions}>
      <section className="card channel-summary" aria-label="How this channel stands">
        {info ? (
          <>
            <p>{info.description}</p>
            <p className="channel-status" data-testid="channel-status">{info.status}</p>
          </>
        ) : (
          <p className="muted">{channels.error ? "How this channel stands could not be loaded. Reload the page to try again." : "Loading…"}</p>
        )}
      </section>
      <section className="card channel-how" aria-label="How its orders are fulfilled">
        <h2>How its orders are fulfilled</h2>
        <ol>{page.steps.map((s) => <li key={s}>{s}</li>)}</ol>
        {page.channel === "wholesale" && (
          <p><Link to="/fulfillment-services/warehouse-tickets?new=WHOLESALE_ORDER_REQUIREMENTS">Send a retailer's requirements to the fulfilment center</Link></p>
        )}
        <p className="muted"><Link to="/fulfillment-rules">Fulfilment rules</Link> can hold, tag or choose the shipping of these orders by their channel.</p>
      </section>
      <section aria-label="Latest orders">
        <h2>Latest orders</h2>
        {orders.error ? (
          <p className="card">The orders could not be loaded. Reload the page to try again.</p>
        ) : orders.data && total === 0 ? (
          <p className="card" data-testid="channel-orders-empty">
            {page.channel === "wholesale" ? <>No wholesale orders yet. <Link to="/orders?new=wholesale">Enter the first one</Link>.</> : "No orders from your shop yet."}
          </p>
        ) : (
          <table className="list-table" aria-label="Latest orders" aria-busy={orders.loading}>
            <thead><tr><th>Order</th><th>Date</th><th>Customer</th><th className="num">Total</th><th>Status</th></tr></thead>
            <tbody>
              {rows.map((o) => {
                const status = orderStatus(o);
                return (
                  <tr key={o.id} data-testid="channel-order-row">
                    <td><Link to={`/order-details/${o.id}`}>#{o.orderNumber}</Link></td>
                    <td className="muted">{shortDate(o.placedAt)}</td>
                    <td className="channel-customer">{o.customerName || o.email}</td>
                    <td className="num">{money(o.totalCents, o.currency)}</td>
                    <td><span className={`order-badge tone-${status.tone}`}>{status.label}</span></td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {total > 0 && (
          <p><Link to={allOrders}>{total > rows.length ? `All ${total.toLocaleString("en-US")} orders from this channel` : "These orders"} on the Orders screen</Link>, with filters, search and bulk actions.</p>
        )}
      </section>
    </PageFrame>
  );
}
