import type { BodyOf, ResponseOf, orders } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { AppError, invalid } from "../../errors";
import * as ledger from "../../queries/orders/ledger";
import * as q from "../../queries/orders/orders";
import { cancelLocked } from "./cancel-order";
import { findOrder } from "./get-order";
import { placeHold } from "./hold-order";
import { releaseHold } from "./release-order-hold";

type Body = BodyOf<typeof orders.bulkUpdateOrders>;
type Result = ResponseOf<typeof orders.bulkUpdateOrders>["results"][number];

/**
 * Holds, releases or cancels several orders, each in its own transaction: one order that can't
 * move says why and the others still do (the list shows each sentence).
 */
export async function bulkUpdateOrders(ctx: UserContext, body: Body): Promise<ResponseOf<typeof orders.bulkUpdateOrders>> {
  requirePermission(ctx, body.action === "CANCEL" ? "orders.cancel" : "orders.manage");
  const reason = body.reason ?? "";
  if (body.action !== "RELEASE" && reason.length < 3) throw invalid("body.reason", `is required to ${body.action === "HOLD" ? "hold" : "cancel"} orders`);
  const ids = [...new Set(body.orderIds.map((id) => id.toLowerCase()))];
  const numbers = await q.orderNumbers(ctx.pool, ctx.auth.storeId, ids);
  const results: Result[] = [];
  for (const orderId of ids) {
    const orderNumber = numbers.get(orderId) ?? null;
    try {
      await withTransaction(ctx.pool, async (tx) => {
        const order = await findOrder(tx, ctx, { id: orderId }, true);
        if (body.action === "HOLD") return placeHold(tx, ctx, order, reason);
        if (body.action === "CANCEL") return cancelLocked(tx, ctx, order, reason);
        const open = await ledger.openHolds(tx, ctx.auth.storeId, order.id);
        if (open.length === 0) throw new AppError("CONFLICT", `Order #${order.orderNumber} has no open hold.`);
        for (const hold of open) await releaseHold(tx, ctx, order, hold.id);
      });
      results.push({ orderId, orderNumber, ok: true, message: `Order #${orderNumber} ${body.action === "HOLD" ? "put on hold" : body.action === "CANCEL" ? "canceled" : "released"}.` });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ orderId, orderNumber, ok: false, message: err.message });
    }
  }
  return { results };
}
