import { PRESALE_RULE } from "@atelier/contracts/presales";
import type { Queryable } from "../../../db/pool";
import { conflict } from "../../../errors";
import * as ledger from "../../../queries/orders/ledger";
import * as orders from "../../../queries/orders/orders";
import * as q from "../../../queries/shipping/presales";
import type { PresaleRow } from "../../../queries/shipping/presales";
import type { Shortfall } from "../../inventory/order-stock";
import { holdReason } from "./presale-dto";

const units = (n: number) => `${n} unit${n === 1 ? "" : "s"}`;

/**
 * The seam in order placement (manual, import): after the order's stock was reserved, each
 * shortfall of a SKU on pre-sale becomes a pre-order while the cap allows (one conditional update,
 * so parallel orders on the last units never pass it). The order waits on a "Pre-sale" hold that
 * names the shipment and the expected ship date, and joins the queue. Past the cap, an order typed
 * in is refused with a sentence ("refuse"); an imported one (already sold on its channel) waits on
 * the usual out-of-stock hold ("hold"). Takes the orders of a batch in order; returns each order's
 * shortfalls no pre-sale took.
 */
export async function takePreorders(tx: Queryable, storeId: string, orders: { orderId: string; short: Shortfall[] }[], overCap: "refuse" | "hold"): Promise<Shortfall[][]> {
  const live = await q.activeBySku(tx, storeId, [...new Set(orders.flatMap((o) => o.short.map((s) => s.sku)))]);
  const rest: Shortfall[][] = [];
  // One order after the other, as they were placed: the cap goes to the earlier order first.
  for (const o of orders) rest.push(o.short.some((s) => live.has(s.sku.toLowerCase())) ? await takeOrderPreorders(tx, storeId, o.orderId, o.short, live, overCap) : o.short);
  return rest;
}

async function takeOrderPreorders(tx: Queryable, storeId: string, orderId: string, short: Shortfall[], live: Map<string, PresaleRow>, overCap: "refuse" | "hold"): Promise<Shortfall[]> {
  const order = (await orders.getOrder(tx, storeId, { id: orderId }))!;
  const rest: Shortfall[] = [];
  for (const s of short) {
    const presale = live.get(s.sku.toLowerCase());
    // Reservation is all or nothing, so the whole line waits and counts against the cap.
    if (presale && (await q.takeUnits(tx, storeId, presale.id, s.wanted))) {
      const reason = holdReason(presale, s.wanted);
      const holdId = await ledger.insertHold(tx, storeId, orderId, { reason, userId: null, rule: PRESALE_RULE });
      await q.insertPreorder(tx, storeId, { presaleId: presale.id, orderId, orderNumber: order.orderNumber, customerName: order.customerName, holdId, quantity: s.wanted });
      await orders.markOnHold(tx, storeId, orderId, "OUTSTANDING");
      await ledger.appendEvent(tx, storeId, orderId, { kind: "HOLD_PLACED", fromStatus: "OUTSTANDING", toStatus: "ON_HOLD", message: reason, holdId, actorUserId: null, actorRule: PRESALE_RULE });
      continue;
    }
    if (presale && overCap === "refuse") {
      const now = (await q.getPresale(tx, storeId, presale.id))!;
      const left = now.status === "ACTIVE" ? now.cap - now.sold : 0;
      throw conflict(left > 0
        ? `Only ${units(left)} of ${presale.title} (${presale.sku}) are left on pre-sale and this order wants ${s.wanted}; lower the quantity to place it.`
        : `The pre-sale of ${presale.title} (${presale.sku}) is sold out (all ${units(now.cap)} are pre-ordered) and ${units(s.available)} ${s.available === 1 ? "is" : "are"} in stock; this order wants ${s.wanted}.`);
    }
    rest.push(s);
  }
  return rest;
}
