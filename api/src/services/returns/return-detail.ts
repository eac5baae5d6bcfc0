import type { ReturnOrder } from "@atelier/contracts/returns";
import type { UserContext } from "../../context";
import type { Queryable } from "../../db/pool";
import { notFound } from "../../errors";
import * as refunds from "../../queries/returns/refunds";
import * as q from "../../queries/returns/returns";

export type ReturnRef = { id?: string; number?: number };

/** The return of the caller's store (locked for a change when asked); another store's return is 404. */
export async function findReturn(db: Queryable, ctx: UserContext, ref: ReturnRef, lock = false): Promise<q.ReturnRow> {
  const row = await q.getReturn(db, ctx.auth.storeId, ref, lock);
  if (!row) throw notFound(ref.number !== undefined ? `Return RMA-${ref.number}` : "Return");
  return row;
}

/** The line value of a return less its fee, never below zero nor above what is left of what the buyer paid. */
export function refundDue(row: q.ReturnRow, lines: q.ReturnLineRow[], refundedSoFar: number): number {
  const value = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
  const fee = row.returnFee === "DEDUCT_FROM_REFUND" ? row.feeCents : 0;
  return Math.max(0, Math.min(value - fee, row.orderTotalCents - refundedSoFar));
}

/** Returns as the screens and tools show them, with their lines and refunds, in one query each. */
export async function returnDtos(db: Queryable, storeId: string, rows: q.ReturnRow[]): Promise<ReturnOrder[]> {
  const ids = rows.map((r) => r.id);
  const [lines, made, byOrder] = await Promise.all([
    q.linesOf(db, storeId, ids), refunds.refundsOfReturns(db, storeId, ids), refunds.refundedByOrder(db, storeId, [...new Set(rows.map((r) => r.orderId))]),
  ]);
  return rows.map((r) => {
    const own = lines.get(r.id) ?? [];
    const refund = made.get(r.id) ?? null;
    const open = r.status === "CREATED" || r.status === "SHIPPING";
    return {
      id: r.id,
      handle: `RMA-${r.number}`,
      orderId: r.orderId,
      orderNumber: r.orderNumber,
      customerName: r.customerName,
      currency: r.currency,
      status: r.status,
      refundMethod: r.refundMethod,
      returnFee: r.returnFee,
      feeCents: r.feeCents,
      refundDestination: r.refundDestination,
      reason: r.reason,
      cancelReason: r.cancelReason,
      carrier: r.carrier,
      trackingNumber: r.trackingNumber,
      lines: own.map((l) => ({ lineId: l.lineId, sku: l.sku, title: l.title, quantity: l.quantity, unitPriceCents: l.unitPriceCents, restockedQuantity: l.restockedQuantity })),
      expectedRefundCents: refund ? refund.amountCents : open ? refundDue(r, own, byOrder.get(r.orderId) ?? 0) : 0,
      refund: refund ? { amountCents: refund.amountCents, destination: refund.destination, createdAt: refund.createdAt.toISOString() } : null,
      createdAt: r.createdAt.toISOString(),
      shippedAt: r.shippedAt?.toISOString() ?? null,
      receivedAt: r.receivedAt?.toISOString() ?? null,
      canceledAt: r.canceledAt?.toISOString() ?? null,
    };
  });
}

export async function returnDetail(db: Queryable, ctx: UserContext, ref: ReturnRef): Promise<ReturnOrder> {
  const row = await findReturn(db, ctx, ref);
  return (await returnDtos(db, ctx.auth.storeId, [row]))[0]!;
}
