import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, notFound } from "../../errors";
import * as q from "../../queries/purchasing";
import { loadCart, type CartDto } from "./dto";

/** Takes one line out of the cart; its order item is NOT_PURCHASED again and can be re-added. */
export async function deleteInvoiceItem(ctx: UserContext, id: string): Promise<CartDto> {
  const storeId = ctx.auth.storeId;
  await withTransaction(ctx.pool, async (tx) => {
    const line = await q.getInvoiceLine(tx, storeId, id);
    if (!line) throw notFound("Invoice item");
    const invoice = await q.getInvoice(tx, storeId, line.invoiceId, true);
    if (invoice?.status !== "OPEN") throw conflict(`This invoice is ${invoice?.status ?? "gone"}; only items of an open cart can be removed.`);
    const moved = await q.moveOrderItems(tx, storeId, [line.orderItemId], ["IN_SHOPPING_CART"], "NOT_PURCHASED", { invoiceId: null });
    if (!moved.length) throw conflict("This order item is no longer in the cart.");
    await q.deleteInvoiceLines(tx, storeId, [line.orderItemId]);
  });
  return loadCart(ctx.pool, storeId);
}
