import { useState } from "react";
import { Link, useLocation } from "react-router";
import { MAX_SAMPLE_QUANTITY, createCreatorOrderItem } from "@atelier/contracts/purchasing";
import { request } from "../../api/client";
import type { CatalogItem } from "../../ui/cards";
import { centsToUsd } from "../../ui/money";
import { errorSentence } from "../../api/error-catalogue";
import { pushDataLayer } from "../../ui/data-layer";
import { getSession } from "../../session/session-store";

type Kind = "SAMPLE" | "PRODUCTION";

/** Orders a sample (1–10 units) or a production run (at least the MOQ) and puts it in the cart. */
export function OrderForm({ item }: { item: CatalogItem }) {
  const location = useLocation();
  const [kind, setKind] = useState<Kind>("SAMPLE");
  const [quantity, setQuantity] = useState(1);
  const [color, setColor] = useState(item.colors[0]?.name ?? "");
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const min = kind === "SAMPLE" ? 1 : Math.max(1, item.moq ?? 1);
  const max = kind === "SAMPLE" ? MAX_SAMPLE_QUANTITY : 1_000_000;

  const choose = (k: Kind) => {
    setKind(k);
    setQuantity(k === "SAMPLE" ? 1 : Math.max(1, item.moq ?? 1));
    setError(null);
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const order = await request(
        createCreatorOrderItem,
        { body: { catalogItemId: item.id, kind, quantity, color: color || undefined, addToCart: true } },
        { idempotencyKey: crypto.randomUUID(), quiet: true },
      );
      setAdded(`${order.title} × ${order.quantity} is in your cart (${centsToUsd(order.totalCents)}).`);
      pushDataLayer({ event: "addToCart", itemId: item.id, price: order.totalCents / 100, currency: "USD", userId: getSession().user?.id ?? null });
    } catch (err) {
      setError(errorSentence(err, "The order could not be added to the cart."));
    } finally {
      setBusy(false);
    }
  };
  const cartLink = `${location.pathname}?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(location.search)), open: "cart" }).toString()}`;
  return (
    <form className="card order-form" onSubmit={(e) => void submit(e)} id="order-form" aria-label="Order this item">
      <fieldset className="segmented">
        <legend>Order</legend>
        <label className="choice"><input type="radio" name="kind" checked={kind === "SAMPLE"} onChange={() => choose("SAMPLE")} /> Sample ({centsToUsd(item.samplePriceCents, "price on request")} each)</label>
        <label className="choice"><input type="radio" name="kind" checked={kind === "PRODUCTION"} onChange={() => choose("PRODUCTION")} /> Production order (MOQ {item.moq ?? 1})</label>
      </fieldset>
      <label>
        Quantity
        <input type="number" min={min} max={max} value={quantity} onChange={(e) => setQuantity(Number(e.target.value))} required />
      </label>
      {item.colors.length > 0 && (
        <label>
          Colour
          <select value={color} onChange={(e) => setColor(e.target.value)}>
            {item.colors.map((c) => <option key={c.name} value={c.name}>{c.name}{c.variant ? ` (${c.variant})` : ""}</option>)}
          </select>
        </label>
      )}
      {error && <p className="form-error" role="alert">{error}</p>}
      {added && <p role="status" data-testid="added-to-cart">{added} <Link to={cartLink}>View cart</Link></p>}
      <button type="submit" className="primary" disabled={busy}>{kind === "SAMPLE" ? "Add sample to cart" : "Add order to cart"}</button>
    </form>
  );
}
