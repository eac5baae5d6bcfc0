import { Link } from "react-router";
import { deleteCreatorInvoiceItem, deleteShoppingCartOrders, listShoppingCartOrders } from "@atelier/contracts/purchasing";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { InvoiceLines } from "./invoice-lines";
import "../../ui/kit.css";

/** The cart dialog's content (`?open=cart`): what is in the cart, remove or empty it, go to checkout. */
export function CartPanel() {
  const cart = useApi(listShoppingCartOrders, {});
  const invoice = cart.data?.invoice;
  const act = async (fn: () => Promise<void>) => {
    try {
      await fn();
    } catch {
      // The request client has shown why.
    }
  };
  if (!cart.data) return <p role="status">{cart.loading ? "Loading your cart…" : "Your cart could not be loaded."}</p>;
  if (!invoice || invoice.items.length === 0) {
    return <p data-testid="cart-empty">Your cart is empty. <Link to="/browse-suppliers">Find a supplier</Link> and add a sample.</p>;
  }
  return (
    <div data-testid="cart-panel">
      <InvoiceLines
        lines={invoice.items}
        subtotalCents={invoice.subtotalCents}
        discountCents={invoice.discountCents}
        totalCents={invoice.totalCents}
        onRemove={(id) => void act(async () => cart.setData(await request(deleteCreatorInvoiceItem, { params: { id } })))}
      />
      <p className="refund-policy" role="note">{cart.data.refundPolicy}</p>
      <div className="dialog-actions">
        <button type="button" className="link-button" onClick={() => void act(async () => cart.setData((await request(deleteShoppingCartOrders, { query: {} })).cart))}>Empty cart</button>
        <Link className="button primary" to="/checkout">Checkout</Link>
      </div>
    </div>
  );
}
