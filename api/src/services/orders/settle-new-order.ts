import type { Queryable } from "../../db/pool";
import * as ledger from "../../queries/orders/ledger";
import * as q from "../../queries/orders/orders";
import { INVENTORY_RULE, reserveOrderStock, shortfallText, type OrderLineNeed } from "../inventory/order-stock";
import { applyOrderRules } from "../order-rules/apply-order-rules";
import { takePreorders } from "../shipping/presale/take-preorders";
import { publishOrderUpdated } from "./publish-order-updated";

/**
 * What every new order goes through once its row and lines are written, whatever its origin
 * (typed in, imported, pre-sold): its units are reserved, an "Out of stock" hold set by the
 * inventory rule when any is short, the store's fulfilment rules run on it as it arrived, and open
 * screens are told. Runs inside the caller's transaction; `userId` is who placed it (null for a
 * job acting on its own). A shortfall of a SKU on pre-sale becomes a pre-order while its cap
 * allows; past the cap an order typed in is refused ("refuse") and one already sold on its channel
 * waits on the out-of-stock hold ("hold").
 */
export async function settleNewOrder(tx: Queryable, storeId: string, orderId: string, lines: OrderLineNeed[], userId: string | null, overCap: "refuse" | "hold"): Promise<void> {
  const short = await takePreorders(tx, storeId, orderId, await reserveOrderStock(tx, storeId, orderId, lines, { userId }), overCap);
  if (short.length) {
    const reason = `Not enough stock: ${shortfallText(short)}`;
    const holdId = await ledger.insertHold(tx, storeId, orderId, { reason, userId: null, rule: INVENTORY_RULE });
    await q.markOnHold(tx, storeId, orderId, "OUTSTANDING");
    await ledger.appendEvent(tx, storeId, orderId, { kind: "HOLD_PLACED", fromStatus: "OUTSTANDING", toStatus: "ON_HOLD", message: reason, holdId, actorUserId: null, actorRule: INVENTORY_RULE });
  }
  // The rules see the order as it arrives: after its stock is reserved or found short.
  await applyOrderRules(tx, storeId, orderId);
  await publishOrderUpdated(tx, storeId, orderId, "order.created");
}
