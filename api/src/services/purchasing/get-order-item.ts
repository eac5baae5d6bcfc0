import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import * as q from "../../queries/purchasing";
import { toOrderItemDtos, type OrderItemDto } from "./dto";

/** One order item of the store; another store's id is not found. */
export async function getOrderItem(ctx: UserContext, id: string): Promise<OrderItemDto> {
  const item = await q.getOrderItem(ctx.pool, ctx.auth.storeId, id);
  if (!item) throw notFound("Order item");
  return (await toOrderItemDtos(ctx.pool, [item]))[0]!;
}
