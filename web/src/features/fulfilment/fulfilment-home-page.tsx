import { Link } from "react-router";
import { listOrders } from "@atelier/contracts/orders";
import { listInventory } from "@atelier/contracts/inventory";
import { listReceivings } from "@atelier/contracts/receivings";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { useLiveOrders } from "../../realtime/use-live-orders";
import { useLiveReceivings } from "../../realtime/use-live-receivings";
import { FeeSchedule } from "../../ui/fee-schedule";
import "./fulfilment.css";

type Attention = { key: string; count: number | undefined; one: string; many: string; to: string; tone: "hold" | "progress" };

/** The actions of 000 §2.7 that exist today; the others (reports, quality check) appear when they are built, never as dead ends. */
const ACTIONS: { label: string; to: string; says: string }[] = [
  { label: "Create an order", to: "/orders?new=retail", says: "Enter a retail or wholesale order by hand; its units are reserved at once." },
  { label: "Check inventory", to: "/inventory", says: "Stock per SKU and bin, adjustments and low stock." },
  { label: "Ship to the fulfilment center", to: "/fulfillment-services?open=SEND_MY_INVENTORY", says: "Announce a shipment of your stock; it shows as incoming until counted." },
  { label: "Kitting", to: "/fulfillment-services/kitting", says: "Kits and bundles made of your SKUs, and kits assembled ahead at the center." },
  { label: "Pre-sale", to: "/fulfillment-services/pre-sale", says: "Sell a product before its stock arrives, up to a limit; pre-orders ship first come, first served." },
  { label: "Receivings", to: "/receivings", says: "Shipments on their way to the center, counted in full or in part." },
  { label: "Fulfilment rules", to: "/fulfillment-rules", says: "Hold, tag or choose shipping for orders as they arrive; dry-run first." },
  { label: "Create a shipping label", to: "/fulfillment-services/create-shipping-label", says: "Compare rates and buy a label." },
  { label: "Label history", to: "/fulfillment-services/label-history", says: "Labels bought, their tracking and voids." },
  { label: "Book freight", to: "/fulfillment-services/book-freight-shipment", says: "Quote air, LCL and FCL from a factory's port with the duty, book one and follow it to the center." },
  { label: "Warehouse tickets", to: "/fulfillment-services/warehouse-tickets", says: "Ask the fulfilment center about an order: returns, missing or broken items, lost parcels." },
  { label: "Return settings", to: "/return-settings", says: "Refund method, return fee and the return window." },
  { label: "Payments report", to: "/account/payments-report", says: "Fulfilment and storage fees, card payments and payouts of storefront sales." },
  { label: "Financial report", to: "/account/payments-report?export=FINANCIAL", says: "The payments of a period as a CSV file for your books, with the running balance." },
  { label: "Returns report", to: "/orders?filter=RETURNS&export=RETURNS", says: "The returns of a period as a CSV file: items, reasons and refunds." },
];

/**
 * Fulfillment Home (/fulfillment-services): what needs attention now (held and waiting orders,
 * low and empty stock), each a link to the list that shows it, and the
 * fulfilment actions. Counts come from the lists' own tab counts, so they match what the link opens.
 */
export function FulfilmentHomePage() {
  useLiveOrders();
  useLiveReceivings();
  const orders = useApi(listOrders, { query: { size: 1 } });
  const stock = useApi(listInventory, { query: { size: 1 } });
  const inbound = useApi(listReceivings, { query: { size: 1 } });
  const oc = orders.data?.counts;
  const sc = stock.data?.counts;
  const rc = inbound.data?.counts;
  const attention: Attention[] = [
    { key: "held", count: oc?.ON_HOLD, one: "order on hold", many: "orders on hold", to: "/orders?filter=ON_HOLD", tone: "hold" },
    { key: "outstanding", count: oc?.OUTSTANDING, one: "order waiting to be sent", many: "orders waiting to be sent", to: "/orders?filter=OUTSTANDING", tone: "progress" },
    { key: "out", count: sc?.OUT_OF_STOCK, one: "SKU out of stock", many: "SKUs out of stock", to: "/inventory?filter=OUT_OF_STOCK", tone: "hold" },
    { key: "low", count: sc?.LOW_STOCK, one: "SKU low on stock", many: "SKUs low on stock", to: "/inventory?filter=LOW_STOCK", tone: "progress" },
    { key: "partial", count: rc?.PARTIAL, one: "shipment to the center partly received", many: "shipments to the center partly received", to: "/receivings?filter=PARTIAL", tone: "progress" },
  ];
  const loaded = Boolean(oc && sc);
  const open = attention.filter((a) => (a.count ?? 0) > 0);
  return (
    <PageFrame title="Fulfillment Home" chatPrompt="What needs my attention in fulfilment?">
      <section className="card fulfilment-attention" aria-label="Needs attention" aria-busy={!loaded}>
        <h2>Needs attention</h2>
        {loaded && open.length === 0 && <p data-testid="attention-clear">Nothing is waiting: no held orders, no orders to send, and stock above its thresholds.</p>}
        <ul className="attention-list">
          {open.map((a) => (
            <li key={a.key} data-testid={`attention-${a.key}`}>
              <Link to={a.to}><strong className={`attention-count tone-${a.tone}`}>{a.count}</strong> {a.count === 1 ? a.one : a.many}</Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Fulfilment actions">
        <h2>Actions</h2>
        <ul className="fulfilment-actions">
          {ACTIONS.map((a) => (
            <li key={a.to} className="card">
              <Link to={a.to}>{a.label}</Link>
              <p className="muted">{a.says}</p>
            </li>
          ))}
        </ul>
      </section>
      <FeeSchedule />
    </PageFrame>
  );
}
