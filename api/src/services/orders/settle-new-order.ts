import type { Queryable } from "../../db/pool";
import * as ledger from "../../queries/orders/ledger";
import * as q from "../../queries/orders/orders";
import { INVENTORY_RULE, reserveOrdersStock, shortfallText, type OrderLineNeed } from "../inventory/order-stock";
import { anySplitsByStock, applyOrderRulesTo, enabledRules } from "../order-rules/apply-order-rules";
import { takePreorders } from "../shipping/presale/take-preorders";
import { publishOrdersUpdated } from "./publish-order-updated";

/** A new order's row and lines are written; what settling it needs of them. */
export type NewOrder = { id: string; lines: OrderLineNeed[] };

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
  await settleNewOrders(tx, storeId, [{ id: orderId, lines }], userId, overCap);
}

/**
 * settleNewOrder for a batch of new orders (an import's), oldest first, with the same outcome as
 * settling them one by one: each order reserves what the ones before it left. Each step is one
 * set of statements for the whole batch (stock, holds, ledger, the rules' read, the realtime hints);
 * only pre-sale shortfalls and matching rules write order by order.
 */
export async function settleNewOrders(tx: Queryable, storeId: string, orders: NewOrder[], userId: string | null, overCap: "refuse" | "hold"): Promise<void> {
  if (!orders.length) return;
  const rules = await enabledRules(tx, storeId);
  // A split by stock reserves the in-stock part of an order that arrived short, which the next
  // order must not see as free: with such a rule the orders settle one after the other.
  const steps = orders.length > 1 && anySplitsByStock(rules) ? orders.map((o) => [o]) : [orders];
  for (const step of steps) await settle(tx, storeId, step, rules, userId, overCap);
}

async function settle(tx: Queryable, storeId: string, orders: NewOrder[], rules: Awaited<ReturnType<typeof enabledRules>>, userId: string | null, overCap: "refuse" | "hold"): Promise<void> {
  const reserved = await reserveOrdersStock(tx, storeId, orders.map((o) => ({ orderId: o.id, lines: o.lines })), { userId });
  const shorts = await takePreorders(tx, storeId, orders.map((o, i) => ({ orderId: o.id, short: reserved[i]! })), overCap);
  const held = orders.flatMap((o, i) => (shorts[i]!.length ? [{ orderId: o.id, reason: `Not enough stock: ${shortfallText(shorts[i]!)}` }] : []));
  const holdIds = await ledger.insertHolds(tx, storeId, held.map((h) => ({ ...h, userId: null, rule: INVENTORY_RULE })));
  await q.markManyOnHold(tx, storeId, held.map((h) => h.orderId), "OUTSTANDING");
  await ledger.appendEvents(tx, storeId, held.map((h, i) => ({
    orderId: h.orderId, kind: "HOLD_PLACED" as const, fromStatus: "OUTSTANDING", toStatus: "ON_HOLD", message: h.reason, holdId: holdIds[i]!, actorUserId: null, actorRule: INVENTORY_RULE,
  })));
  // The rules see each order as it arrives: after its stock is reserved or found short.
  await applyOrderRulesTo(tx, storeId, orders.map((o) => o.id), rules);
  await publishOrdersUpdated(tx, storeId, orders.map((o) => o.id), "order.created");
}
