import type { BodyOf, orders } from "@atelier/contracts";
import type { OrderDetail } from "@atelier/contracts/orders";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { invalid } from "../../errors";
import * as ledger from "../../queries/orders/ledger";
import * as q from "../../queries/orders/orders";
import { listStockedSkus } from "../inventory/list-stocked-skus";
import { applyOrderRules } from "../order-rules/apply-order-rules";
import { INVENTORY_RULE, reserveOrderStock, shortfallText } from "../inventory/order-stock";
import { takePreorders } from "../shipping/presale/take-preorders";
import { orderDetail } from "./get-order";
import { publishOrderUpdated } from "./publish-order-updated";

type ManualOrderBody = BodyOf<typeof orders.createManualRetailOrder>;

/**
 * Places an order entered by hand: lines must name SKUs of the store's inventory (400 naming the
 * line otherwise); its units are reserved at once, and when any is short the order waits on an
 * "Out of stock" hold set by the inventory rule. Nothing is charged.
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
    const short = await takePreorders(tx, storeId, order.id, await reserveOrderStock(tx, storeId, order.id, lines, { userId: ctx.auth.userId }), "refuse");
    if (short.length) {
      const reason = `Not enough stock: ${shortfallText(short)}`;
      const holdId = await ledger.insertHold(tx, storeId, order.id, { reason, userId: null, rule: INVENTORY_RULE });
      await q.markOnHold(tx, storeId, order.id, "OUTSTANDING");
      await ledger.appendEvent(tx, storeId, order.id, { kind: "HOLD_PLACED", fromStatus: "OUTSTANDING", toStatus: "ON_HOLD", message: reason, holdId, actorUserId: null, actorRule: INVENTORY_RULE });
    }
    // The store's fulfilment rules see the order as it arrives (after its stock is reserved).
    await applyOrderRules(tx, storeId, order.id);
    await publishOrderUpdated(tx, storeId, order.id, "order.created");
    return orderDetail(tx, ctx, order.id);
  });
}
