import type { Queryable } from "../../../db/pool";
import * as q from "../../../queries/shipping/presales";

/** The seam in cancelling an order: its waiting pre-orders leave the queue and give their units back under the cap. */
export async function cancelPreorders(tx: Queryable, storeId: string, orderId: string): Promise<void> {
  for (const p of await q.waitingOfOrder(tx, storeId, orderId)) {
    await q.setPreorderStatus(tx, storeId, p.id, "CANCELED");
    await q.returnUnits(tx, storeId, p.presaleId, p.quantity);
  }
}
