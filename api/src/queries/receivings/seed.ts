import type { Queryable } from "../../db/pool";
import * as incoming from "../inventory/incoming";
import * as stock from "../inventory/stock";
import * as q from "./receivings";

// Demo receivings (issue 16): one inbound shipment in each state the Receivings screen shows, made
// from the demo store's own SKUs. RCV-1001 received in full, RCV-1002 partly counted with damaged
// units, RCV-1003 on its way with tracking, RCV-1004 and RCV-1006 not shipped yet, RCV-1005 canceled. Units still
// expected count as incoming in their bins, as a live announcement would. The demo stock was
// counted when it was seeded, so the received units are not added on hand a second time.

type Plan = { supplier: string; boxes: number; days: number; lines: [number, number, number][]; delivery: "RECEIVED_BY_PROVIDER" | "NOT_YET_DELIVERED" | "NOT_YET_SHIPPED"; cancel?: string };

const PLANS: Plan[] = [
  { supplier: "Ningbo Knitwear Co.", boxes: 4, days: -20, lines: [[0, 120, 120], [1, 60, 60]], delivery: "RECEIVED_BY_PROVIDER" },
  { supplier: "Jingdezhen Ceramics", boxes: 3, days: -2, lines: [[2, 20, 10], [3, 15, 0]], delivery: "RECEIVED_BY_PROVIDER" },
  { supplier: "Shenzhen Pack & Print", boxes: 2, days: 4, lines: [[4, 48, 0]], delivery: "NOT_YET_DELIVERED" },
  { supplier: "Hangzhou Home Goods", boxes: 1, days: 12, lines: [[5, 30, 0], [0, 24, 0]], delivery: "NOT_YET_SHIPPED" },
  { supplier: "Yiwu Trading", boxes: 1, days: 9, lines: [[1, 10, 0]], delivery: "NOT_YET_SHIPPED", cancel: "The factory merged it into RCV-1004" },
  { supplier: "Qingdao Caps", boxes: 2, days: 18, lines: [[2, 36, 0]], delivery: "NOT_YET_SHIPPED" },
];

/** The demo store's first six SKUs (not the gift set's kits): what its demo shipments carry. */
export async function demoReceivingItems(db: Queryable, storeId: string): Promise<{ id: string; sku: string }[]> {
  const { rows } = await db.query<{ id: string; sku: string }>(`SELECT id, sku FROM inventory_items WHERE store_id = $1 AND sku NOT ILIKE 'GIFT%' ORDER BY sku LIMIT 6`, [storeId]);
  return rows;
}

export async function seedDemoReceivings(db: Queryable, storeId: string, ownerUserId: string, anchor: Date): Promise<number> {
  const items = await demoReceivingItems(db, storeId);
  if (items.length < 6) return 0;
  const bins = await incoming.fullestBins(db, storeId, items.map((i) => i.id));
  for (const plan of PLANS) {
    const number = await q.nextNumber(db, storeId);
    const arrival = new Date(anchor.getTime() + plan.days * 86_400_000).toISOString().slice(0, 10);
    const tracked = plan.delivery !== "NOT_YET_SHIPPED";
    const id = await q.insertReceiving(db, storeId, {
      number, supplierName: plan.supplier, boxCount: plan.boxes, carrier: tracked ? "UPS" : null, trackingNumber: tracked ? `1Z999AA1${String(number).padStart(10, "0")}` : null,
      expectedArrival: arrival, note: "", userId: ownerUserId,
    });
    if (plan.delivery !== "NOT_YET_SHIPPED") await q.setDelivery(db, storeId, id, plan.delivery, { carrier: null, trackingNumber: null });
    let counted = 0;
    let expected = 0;
    for (const [position, [index, want, got]] of plan.lines.entries()) {
      const item = items[index]!;
      const bin = bins.get(item.id) ?? "A-01";
      const level = (await stock.lockLevel(db, storeId, item.id, bin, true))!;
      await q.insertLine(db, storeId, id, { itemId: item.id, bin, position, expected: want });
      expected += want;
      const damaged = got > 0 && got < want ? 2 : 0;
      if (got > 0) {
        const { rows } = await db.query<{ id: string }>(`SELECT id FROM receiving_lines WHERE receiving_id = $1 AND item_id = $2`, [id, item.id]);
        await q.addCounts(db, storeId, rows[0]!.id, got, damaged);
        await q.insertReceipt(db, storeId, { receivingId: id, lineId: rows[0]!.id, received: got, damaged, note: damaged ? "One carton crushed" : "", userId: ownerUserId });
        counted += got + damaged;
      }
      const outstanding = plan.cancel ? 0 : want - got - damaged;
      if (outstanding > 0) await incoming.changeIncoming(db, storeId, level.id, outstanding);
    }
    if (counted > 0) await q.setReceivingStatus(db, storeId, id, counted >= expected ? "RECEIVED" : "PARTIAL", false);
    if (plan.cancel) await q.markCanceled(db, storeId, id, plan.cancel);
  }
  return PLANS.length;
}
