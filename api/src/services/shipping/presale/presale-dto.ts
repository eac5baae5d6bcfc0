import { shipDateWords, type Preorder, type Presale } from "@atelier/contracts/presales";
import type { Queryable } from "../../../db/pool";
import { notFound } from "../../../errors";
import * as q from "../../../queries/shipping/presales";

/** "receiving RCV-1004" or "freight booking AF-20261127-4821": what the pre-orders wait for, in words. */
export function sourceWords(kind: q.PresaleRow["sourceKind"], ref: string): string {
  return kind === "RECEIVING" ? `receiving ${ref}` : `freight booking ${ref}`;
}

export function toPresaleDto(p: q.PresaleRow): Presale {
  return {
    id: p.id, sku: p.sku, title: p.title, status: p.status,
    source: { kind: p.sourceKind, ref: p.sourceRef, words: sourceWords(p.sourceKind, p.sourceRef) },
    cap: p.cap, sold: p.sold, left: p.status === "ACTIVE" ? p.cap - p.sold : 0,
    waitingOrders: p.waitingOrders, waitingUnits: p.waitingUnits,
    expectedShipDate: p.expectedShipDate, expectedShipWords: shipDateWords(p.expectedShipDate),
    createdAt: p.createdAt.toISOString(), endedAt: p.endedAt?.toISOString() ?? null,
  };
}

export function toPreorderDto(o: q.PreorderRow): Preorder {
  return {
    orderId: o.orderId, orderNumber: o.orderNumber, customerName: o.customerName, quantity: o.quantity, position: o.position, status: o.status,
    placedAt: o.createdAt.toISOString(), allocatedAt: o.allocatedAt?.toISOString() ?? null,
  };
}

/** A pre-sale of the store; another store's is 404 like one that does not exist. */
export async function findPresale(db: Queryable, storeId: string, id: string, lock = false): Promise<q.PresaleRow> {
  const p = await q.getPresale(db, storeId, id, lock);
  if (!p) throw notFound("The pre-sale");
  return p;
}

/** The hold's reason on a pre-order: what it waits for and when it is expected to ship, in words. */
export function holdReason(p: q.PresaleRow, quantity: number): string {
  return `Pre-sale: expected to ship on ${shipDateWords(p.expectedShipDate)}; ${quantity} × ${p.sku} wait for ${sourceWords(p.sourceKind, p.sourceRef)}`;
}
