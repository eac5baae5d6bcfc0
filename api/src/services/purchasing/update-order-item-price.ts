import type { ResponseOf, purchasing } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, notFound } from "../../errors";
import { itemForPurchase } from "../../queries/marketplace/items";
import * as q from "../../queries/purchasing";
import { loadOrderItemDto } from "./dto";
import { unitPriceFor } from "./pricing";

/** Re-prices an unpaid item from the catalogue's current price (and tier, for a new quantity). */
export async function updateOrderItemPrice(ctx: UserContext, id: string, quantity?: number): Promise<ResponseOf<typeof purchasing.updateCreatorOrderItemPrice>> {
  const storeId = ctx.auth.storeId;
  const previous = await withTransaction(ctx.pool, async (tx) => {
    const item = await q.getOrderItem(tx, storeId, id, true);
    if (!item) throw notFound("Order item");
    if (item.status !== "NOT_PURCHASED" && item.status !== "IN_SHOPPING_CART") throw conflict(`This order item is ${item.status}; its price is fixed once paid.`);
    const catalogItem = item.catalogItemId ? await itemForPurchase(tx, item.catalogItemId) : null;
    if (!catalogItem) throw conflict("This item is no longer in the catalogue; its price cannot be refreshed.");
    const newQuantity = quantity ?? item.quantity;
    const unitPriceCents = unitPriceFor(catalogItem, item.kind, newQuantity);
    await q.updateOrderItemFields(tx, storeId, id, { quantity: newQuantity, unitPriceCents });
    if (item.status === "IN_SHOPPING_CART") await q.syncInvoiceLine(tx, storeId, id, newQuantity, unitPriceCents);
    return item.unitPriceCents;
  });
  return { previousUnitPriceCents: previous, item: await loadOrderItemDto(ctx.pool, storeId, id) };
}
