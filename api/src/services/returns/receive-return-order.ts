import type { BodyOf } from "@atelier/contracts";
import { dollars, REFUND_DESTINATION_LABELS, type receiveReturnOrder as contract, type ReturnOrder } from "@atelier/contracts/returns";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { invalid } from "../../errors";
import * as ledger from "../../queries/orders/ledger";
import * as orders from "../../queries/orders/orders";
import * as refunds from "../../queries/returns/refunds";
import * as q from "../../queries/returns/returns";
import * as settings from "../../queries/returns/settings";
import { publishOrderUpdated } from "../orders/publish-order-updated";
import { findReturn, refundDue, returnDetail, type ReturnRef } from "./return-detail";
import { stockArrived } from "../inventory/stock-arrived";
import { restockReturn } from "./restock-return";
import { assertStep } from "./return-transitions";

/**
 * The return arrived: its units are restocked (unless told not to) and the buyer refunded, to the
 * original payment or as store credit, in one transaction; the return is complete. The refund is
 * the lines' value less any fee (a manual refund takes the amount given), capped at what the buyer
 * paid and was not refunded yet; the order's refund ledger refuses anything beyond that as well.
 */
export async function receiveReturnOrder(ctx: UserContext, ref: ReturnRef, body: BodyOf<typeof contract>): Promise<ReturnOrder> {
  requirePermission(ctx, "orders.refund");
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (tx) => {
    const peek = await findReturn(tx, ctx, ref);
    await orders.getOrder(tx, storeId, { id: peek.orderId }, true);
    const row = await findReturn(tx, ctx, { id: peek.id }, true);
    const handle = `RMA-${row.number}`;
    assertStep("receive", handle, row.status);
    const lines = (await q.linesOf(tx, storeId, [row.id])).get(row.id) ?? [];
    const refundedSoFar = await refunds.refundedCents(tx, storeId, row.orderId);
    const left = row.orderTotalCents - refundedSoFar;
    let amount = refundDue(row, lines, refundedSoFar);
    if (body.refundCents !== undefined) {
      if (row.refundMethod !== "MANUAL") throw invalid("body.refundCents", `is only for a manual refund; ${handle} refunds ${dollars(amount)} by itself`);
      if (body.refundCents > left) throw invalid("body.refundCents", `must be at most ${dollars(left)}, what order #${row.orderNumber} has left to refund`);
      amount = body.refundCents;
    }
    const restock = body.restock ?? (await settings.getSettings(tx, storeId)).restockOnReceipt;
    const restocked = restock ? await restockReturn(tx, storeId, row, lines, ctx.auth.userId) : 0;
    // Units back on the shelf go to pre-orders, held orders and backorders waiting for them.
    if (restocked) await stockArrived(ctx, tx, storeId, lines.map((l) => l.sku), { words: `return ${handle} restocked`, userId: ctx.auth.userId });
    await q.markReceived(tx, storeId, row.id);
    await ledger.appendEvent(tx, storeId, row.orderId, {
      kind: "RETURN_RECEIVED", fromStatus: row.status, toStatus: "RECEIVED",
      message: `Return ${handle} received${restocked ? `; ${restocked} unit${restocked === 1 ? "" : "s"} back on the shelf` : restock ? "" : "; not restocked"}`, actorUserId: ctx.auth.userId,
    });
    if (amount > 0) {
      const refundId = await refunds.insertRefund(tx, storeId, { orderId: row.orderId, returnId: row.id, amountCents: amount, destination: row.refundDestination, method: row.refundMethod, userId: ctx.auth.userId });
      if (row.refundDestination === "STORE_CREDIT" && row.customerId) {
        await refunds.insertStoreCredit(tx, storeId, { customerId: row.customerId, amountCents: amount, refundId, note: `Refund of return ${handle}` });
      }
      const fee = row.returnFee === "DEDUCT_FROM_REFUND" && row.feeCents > 0 ? ` after a ${dollars(row.feeCents)} return fee` : "";
      await ledger.appendEvent(tx, storeId, row.orderId, {
        kind: "REFUNDED", message: `Refunded ${dollars(amount)} to ${row.customerName}'s ${REFUND_DESTINATION_LABELS[row.refundDestination].toLowerCase()}${fee} (return ${handle})`, actorUserId: ctx.auth.userId,
      });
    }
    await publishOrderUpdated(tx, storeId, row.orderId);
    return returnDetail(tx, ctx, { id: row.id });
  });
}
