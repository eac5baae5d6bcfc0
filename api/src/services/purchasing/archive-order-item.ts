import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, notFound } from "../../errors";
import * as q from "../../queries/purchasing";
import { loadOrderItemDto, type OrderItemDto } from "./dto";

/** Archives or restores an order item; items in the cart or being charged stay where they are. */
export async function archiveOrderItem(ctx: UserContext, id: string, isArchived: boolean): Promise<OrderItemDto> {
  const storeId = ctx.auth.storeId;
  await withTransaction(ctx.pool, async (tx) => {
    const item = await q.getOrderItem(tx, storeId, id, true);
    if (!item) throw notFound("Order item");
    if (isArchived && (item.status === "IN_SHOPPING_CART" || item.status === "CHARGE_PENDING")) {
      throw conflict(`This order item is ${item.status}; take it out of the cart before archiving it.`);
    }
    await q.setOrderItemArchived(tx, storeId, id, isArchived);
  });
  return await loadOrderItemDto(ctx.pool, storeId, id);
}
