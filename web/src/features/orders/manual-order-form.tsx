import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { SHIPPING_METHODS, SHIPPING_METHOD_LABELS, createManualRetailOrder, createManualWholesaleOrder, type ShippingMethod } from "@atelier/contracts/orders";
import { listInventory } from "@atelier/contracts/inventory";
import { listCountries } from "@atelier/contracts/commons";
import { request } from "../../api/client";
import { errorSentence } from "../../api/error-catalogue";
import { useApi } from "../../api/use-api";
import { showToast } from "../../ui/toast-store";
import { money } from "./order-labels";

export type ManualOrderKind = "retail" | "wholesale";

type Line = { key: string; sku: string; quantity: string; price: string };
const newLine = (): Line => ({ key: crypto.randomUUID(), sku: "", quantity: "1", price: "" });

/** "$12.50", "12.5" or "12" as cents; NaN when it isn't an amount. */
export function dollarsToCents(text: string): number {
  const t = text.trim().replace(/^\$/, "").replace(/,/g, "");
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(t)) return Number.NaN;
  return Math.round(Number(t) * 100);
}

/**
 * The manual-order form on /orders (?new=retail or ?new=wholesale): a customer, where it ships,
 * lines from the inventory's SKUs (each shows what is available) and a shipping method. Placing it
 * reserves the units; a short line puts the order on an "Out of stock" hold. Nothing is charged.
 */
export function ManualOrderForm({ kind, onKind, onClose }: { kind: ManualOrderKind; onKind: (k: ManualOrderKind) => void; onClose: () => void }) {
  const navigate = useNavigate();
  const countries = useApi(listCountries, {});
  const [customer, setCustomer] = useState({ name: "", email: "" });
  const [address, setAddress] = useState({ address1: "", city: "", region: "", postalCode: "", countryCode: "US" });
  const [lines, setLines] = useState<Line[]>([newLine()]);
  const [shippingMethod, setShippingMethod] = useState<ShippingMethod>("STANDARD");
  const [shipping, setShipping] = useState("0");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const setLine = (key: string, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const priced = lines.map((l) => ({ ...l, cents: dollarsToCents(l.price), qty: Number(l.quantity) }));
  const shippingCents = dollarsToCents(shipping || "0");
  const subtotal = priced.reduce((n, l) => n + (Number.isFinite(l.cents) && Number.isInteger(l.qty) ? l.cents * l.qty : 0), 0);
  const total = subtotal + (Number.isFinite(shippingCents) ? shippingCents : 0);

  /** The first thing the person must fix, in words; null when the order can be sent. */
  const problem = (): string | null => {
    if (!customer.name.trim()) return "Give the customer's name.";
    if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(customer.email.trim())) return "Give the customer's e-mail, like name@example.com.";
    if (!address.address1.trim() || !address.city.trim() || !address.postalCode.trim()) return "Give the street, city and postcode the order ships to.";
    for (const [i, l] of priced.entries()) {
      if (!l.sku.trim()) return `Choose a SKU for line ${i + 1}.`;
      if (!Number.isInteger(l.qty) || l.qty < 1) return `Line ${i + 1} needs a whole number of units, at least 1.`;
      if (!Number.isFinite(l.cents)) return `Line ${i + 1} needs a price per unit, like 20 or 19.99.`;
    }
    if (!Number.isFinite(shippingCents)) return "The shipping charge must be an amount, like 5 or 4.99.";
    return null;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const p = problem();
    setError(p);
    if (p) return;
    setBusy(true);
    try {
      const body = {
        customer: { name: customer.name.trim(), email: customer.email.trim() },
        shippingAddress: { address1: address.address1.trim(), city: address.city.trim(), postalCode: address.postalCode.trim(), countryCode: address.countryCode, ...(address.region.trim() ? { region: address.region.trim() } : {}) },
        lines: priced.map((l) => ({ sku: l.sku.trim(), quantity: l.qty, unitPriceCents: l.cents })),
        shippingCents,
        shippingMethod,
        ...(note.trim() ? { note: note.trim() } : {}),
      };
      const contract = kind === "wholesale" ? createManualWholesaleOrder : createManualRetailOrder;
      const order = await request(contract, { body }, { idempotencyKey: crypto.randomUUID(), quiet: true });
      const held = order.processingStatus === "ON_HOLD" ? " It waits on hold: see why on its page." : "";
      showToast(`Order #${order.orderNumber} created for ${order.customerName}.${held}`, "success");
      navigate(`/order-details/${order.id}`);
    } catch (err) {
      setError(errorSentence(err, "The order could not be created. Please try again."));
      setBusy(false);
    }
  };

  return (
    <form className="card manual-order" aria-label="New order" onSubmit={(e) => void submit(e)} noValidate>
      <div className="manual-order-head">
        <h2>New {kind} order</h2>
        <fieldset className="segmented">
          <legend className="sr-only">Kind of order</legend>
          <label className="choice"><input type="radio" name="order-kind" checked={kind === "retail"} onChange={() => onKind("retail")} /> Retail</label>
          <label className="choice"><input type="radio" name="order-kind" checked={kind === "wholesale"} onChange={() => onKind("wholesale")} /> Wholesale</label>
        </fieldset>
      </div>
      <div className="manual-order-grid">
        <label>Customer name<input value={customer.name} maxLength={200} autoComplete="off" onChange={(e) => setCustomer({ ...customer, name: e.target.value })} /></label>
        <label>Customer e-mail<input type="email" value={customer.email} maxLength={254} autoComplete="off" onChange={(e) => setCustomer({ ...customer, email: e.target.value })} /></label>
        <label className="span-2">Street and number<input value={address.address1} maxLength={200} onChange={(e) => setAddress({ ...address, address1: e.target.value })} /></label>
        <label>City<input value={address.city} maxLength={100} onChange={(e) => setAddress({ ...address, city: e.target.value })} /></label>
        <label>State or region<input value={address.region} maxLength={100} onChange={(e) => setAddress({ ...address, region: e.target.value })} /></label>
        <label>Postcode<input value={address.postalCode} maxLength={20} onChange={(e) => setAddress({ ...address, postalCode: e.target.value })} /></label>
        <label>
          Country
          <select aria-label="Country" value={address.countryCode} onChange={(e) => setAddress({ ...address, countryCode: e.target.value })}>
            {(countries.data?.list ?? [{ code: "US", name: "United States of America" }]).map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
          </select>
        </label>
      </div>
      <h3>Items</h3>
      <ul className="manual-order-lines">
        {lines.map((l, i) => (
          <LineRow key={l.key} index={i} line={l} onChange={(patch) => setLine(l.key, patch)} onRemove={lines.length > 1 ? () => setLines((ls) => ls.filter((x) => x.key !== l.key)) : undefined} />
        ))}
      </ul>
      <button type="button" onClick={() => setLines((ls) => [...ls, newLine()])} disabled={lines.length >= 100}>Add an item</button>
      <div className="manual-order-grid">
        <label>
          Shipping method
          <select aria-label="Shipping method" value={shippingMethod} onChange={(e) => setShippingMethod(e.target.value as ShippingMethod)}>
            {SHIPPING_METHODS.map((m) => <option key={m} value={m}>{SHIPPING_METHOD_LABELS[m]}</option>)}
          </select>
        </label>
        <label>Shipping charged ($)<input inputMode="decimal" value={shipping} maxLength={10} onChange={(e) => setShipping(e.target.value)} /></label>
        <label className="span-2">Note (optional)<textarea value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} /></label>
      </div>
      <p className="manual-order-total" data-testid="manual-order-total">
        Items {money(subtotal)} · shipping {money(Number.isFinite(shippingCents) ? shippingCents : 0)} · <strong>total {money(total)}</strong>. Nothing is charged: the order is recorded and its units reserved.
      </p>
      {error && <p className="field-error" role="alert">{error}</p>}
      <div className="manual-order-actions">
        <button type="submit" className="primary" disabled={busy}>{busy ? "Creating…" : "Create order"}</button>
        <button type="button" className="link-button" onClick={onClose}>Cancel</button>
      </div>
    </form>
  );
}

/** One line: a SKU chosen from the inventory (searched as typed), units and a price per unit. */
function LineRow({ index, line, onChange, onRemove }: { index: number; line: Line; onChange: (patch: Partial<Line>) => void; onRemove?: () => void }) {
  const search = line.sku.trim().slice(0, 100);
  const found = useApi(listInventory, { query: { size: 8, ...(search ? { search } : {}) } });
  const match = found.data?.list.find((i) => i.sku.toLowerCase() === search.toLowerCase());
  const listId = `sku-options-${line.key}`;
  return (
    <li className="manual-order-line" data-testid="manual-order-line">
      <label className="line-sku">
        SKU {index + 1}
        <input list={listId} value={line.sku} maxLength={64} autoComplete="off" placeholder="Type a SKU or product name" onChange={(e) => onChange({ sku: e.target.value })} />
        <datalist id={listId}>
          {(found.data?.list ?? []).map((i) => <option key={i.id} value={i.sku}>{`${i.title} — ${i.available} available`}</option>)}
        </datalist>
        <span className="muted line-stock" data-testid="line-stock">
          {match ? `${match.title}: ${match.available} available` : search && found.data ? (found.data.list.length ? "Choose one of the suggested SKUs." : "No SKU of your inventory matches.") : ""}
        </span>
      </label>
      <label className="line-qty">Units<input inputMode="numeric" value={line.quantity} maxLength={5} onChange={(e) => onChange({ quantity: e.target.value })} /></label>
      <label className="line-price">Price per unit ($)<input inputMode="decimal" value={line.price} maxLength={10} onChange={(e) => onChange({ price: e.target.value })} /></label>
      {onRemove && <button type="button" className="link-button" aria-label={`Remove item ${index + 1}`} onClick={onRemove}>Remove</button>}
    </li>
  );
}
