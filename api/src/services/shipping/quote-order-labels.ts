import type { BodyOf, ResponseOf, shipping } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { priceOrders } from "./order-shipments";

/** One label's price per selected order, or why it can't ship; nothing is bought. */
export async function quoteOrderLabels(ctx: UserContext, body: BodyOf<typeof shipping.quoteOrderLabels>): Promise<ResponseOf<typeof shipping.quoteOrderLabels>> {
  requirePermission(ctx, "orders.manage");
  const priced = await priceOrders(ctx, body);
  return { ...priced, lines: priced.lines.map(({ shipment: _s, ...line }) => line) };
}
