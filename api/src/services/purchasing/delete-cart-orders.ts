import type { ResponseOf, purchasing } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, notFound } from "../../errors";
import * as q from "../../queries/purchasing";
import { loadCart } from "./dto";

/** Cancels the given cart orders, or all of them; the cart invoice stops billing them. */
export async function deleteCartOrders(ctx: UserContext, ids?: string[]): Promise<ResponseOf<typeof purchasing.deleteShoppingCartOrders>> {
  const storeId = ctx.auth.storeId;
  const canceled = await withTransaction(ctx.pool, async (tx) => {
    const cart = await q.getCartInvoice(tx, storeId, true);
    if (!cart) {
      if (ids?.length) throw notFound("Order item");
      return 0;
    }
    if (cart.status !== "OPEN") throw conflict("A payment for your cart is in progress; its items can't be removed now.");
    const inCart = (await q.invoiceOrderItems(tx, cart.id)).map((i) => i.orderItemId);
    const targets = ids ?? inCart;
    const missing = targets.find((id) => !inCart.includes(id));
    if (missing) throw notFound("Order item in the cart");
    const moved = await q.moveOrderItems(tx, storeId, targets, ["IN_SHOPPING_CART"], "CANCELED");
    await q.deleteInvoiceLines(tx, storeId, moved);
    return moved.length;
  });
  return { canceled, cart: await loadCart(ctx.pool, storeId) };
}
