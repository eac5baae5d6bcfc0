import type { BodyOf, orders } from "@atelier/contracts";
import type { OrderDetail } from "@atelier/contracts/orders";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { invalid } from "../../errors";
import * as q from "../../queries/orders/orders";
import { listStockedSkus } from "../inventory/list-stocked-skus";
import { orderDetail } from "./get-order";
import { settleNewOrder } from "./settle-new-order";

type ManualOrderBody = BodyOf<typeof orders.createManualRetailOrder>;

/**
 * Places an order entered by hand: lines must name SKUs of the store's inventory (400 naming the
 * line otherwise), then it settles as every new order does (settle-new-order.ts). Nothing is charged.
 */
export async function createManualOrder(ctx: UserContext, origin: "MANUAL_RETAIL" | "MANUAL_WHOLESALE", body: ManualOrderBody): Promise<OrderDetail> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const items = await listStockedSkus(tx, storeId, body.lines.map((l) => l.sku));
    body.lines.forEach((l, i) => {
      if (!items.has(l.sku.toLowerCase())) throw invalid(`body.lines.${i}.sku`, `is not a SKU of your inventory (${l.sku}); add it on the Products screen first`);
    });
    const subtotalCents = body.lines.reduce((n, l) => n + l.quantity * l.unitPriceCents, 0);
    const order = await q.insertOrder(tx, storeId, { origin, customer: body.customer, shippingAddress: body.shippingAddress, subtotalCents, shippingCents: body.shippingCents, shippingMethod: body.shippingMethod, note: body.note });
    const lines = [];
    for (const l of body.lines) {
      const item = items.get(l.sku.toLowerCase())!;
      lines.push({ id: await q.insertOrderLine(tx, storeId, order.id, { sku: item.sku, title: item.title, quantity: l.quantity, unitPriceCents: l.unitPriceCents }), sku: item.sku, quantity: l.quantity });
    }
    await settleNewOrder(tx, storeId, order.id, lines, ctx.auth.userId, "refuse");
    return orderDetail(tx, ctx, { id: order.id });
  });
}
