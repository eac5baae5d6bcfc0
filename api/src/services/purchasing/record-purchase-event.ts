import type { UserContext } from "../../context";
import { conflict, notFound } from "../../errors";
import * as q from "../../queries/purchasing";

const PAID = ["IN_PRODUCTION", "IN_SUBSCRIPTION", "SHIPPED"];

/** Records a paid item's purchase event once, for conversion tracking; a repeat says it was already recorded. */
export async function recordPurchaseEvent(ctx: UserContext, id: string): Promise<{ recorded: boolean; purchaseEventAt: string }> {
  const item = await q.getOrderItem(ctx.pool, ctx.auth.storeId, id);
  if (!item) throw notFound("Order item");
  if (!PAID.includes(item.status)) throw conflict(`This order item is ${item.status}; only a paid item has a purchase event.`);
  const at = await q.markPurchaseEvent(ctx.pool, ctx.auth.storeId, id);
  if (at) return { recorded: true, purchaseEventAt: at.toISOString() };
  return { recorded: false, purchaseEventAt: item.purchaseEventAt!.toISOString() };
}
