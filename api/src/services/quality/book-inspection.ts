import crypto from "node:crypto";
import { QC_INSPECTION_FEE_CENTS, qcSamplingPlan, type QcInspection } from "@atelier/contracts/shipping";
import type { BodyOf, shipping } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { conflict, invalid } from "../../errors";
import * as inspections from "../../queries/quality/inspections";
import { getReceiving } from "../../queries/receivings/receivings";
import { getOrderItem } from "../../queries/purchasing/order-items";
import { toDto } from "./inspection-dto";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const RECEIVING_REFERENCE = /^RCV-(\d{4,9})$/i;

/**
 * Books an inspection in named steps (STYLE: claim, charge, settle, each with its undo): the plan
 * from the tables and the receiving the reference names; the fee the person confirmed charged
 * through the ledger under the request's key (a retry charges once); the row written, the charge
 * refunded if that fails.
 */
export async function bookQcInspection(ctx: UserContext, body: BodyOf<typeof shipping.createQcInspection>): Promise<QcInspection> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  if (body.expectedFeeCents !== QC_INSPECTION_FEE_CENTS) {
    throw conflict(`An inspection costs ${dollars(QC_INSPECTION_FEE_CENTS)}, not ${dollars(body.expectedFeeCents)}; confirm the fee again before booking.`);
  }
  // "RCV-1003" names one of the store's receivings: the inspection is linked and shows on it.
  const number = body.reference.match(RECEIVING_REFERENCE)?.[1];
  const receiving = number ? await getReceiving(ctx.pool, storeId, { number: Number(number) }) : null;
  if (number && !receiving) throw invalid("body.reference", `names no receiving of this store; RCV-${Number(number)} does not exist`);
  const reference = receiving ? `RCV-${receiving.number}` : body.reference;
  // A purchase is inspected once it is paid: before that no factory is making it.
  const purchase = body.orderItemId ? await getOrderItem(ctx.pool, storeId, body.orderItemId) : null;
  if (body.orderItemId && !purchase) throw invalid("body.orderItemId", "names no purchase of this store");
  if (purchase && !purchase.paidAt) throw invalid("body.orderItemId", "names a purchase that is not paid yet; an inspection is booked once the factory has the order");
  const plan = qcSamplingPlan(body.lotSize, body.level, { critical: body.aqlCritical, major: body.aqlMajor, minor: body.aqlMinor });

  const key = ctx.idempotencyKey ?? crypto.randomUUID();
  const charge = await ctx.providers.payments.charge(ctx.pool, {
    storeId,
    amountCents: QC_INSPECTION_FEE_CENTS,
    description: `Quality inspection of ${reference} (${body.product}), ${plan.sampleSize} units sampled`,
    idempotencyKey: `qc-inspection:${key}`,
  });
  if (charge.result !== "COMPLETED") throw conflict("The card was declined, so no inspection was booked. Use another card in your billing settings.");
  try {
    const row = await inspections.insertInspection(ctx.pool, storeId, {
      reference, product: body.product, stage: body.stage, lotSize: body.lotSize, level: body.level, plan,
      feeCents: charge.amountCents, chargeId: charge.chargeId, receivingId: receiving?.id ?? null, orderItemId: purchase?.id ?? null,
    }, ctx.auth.userId);
    return await toDto(ctx.pool, storeId, row);
  } catch (err) {
    await ctx.providers.payments.refund(ctx.pool, { storeId, chargeId: charge.chargeId, amountCents: charge.amountCents, reason: "The inspection could not be recorded", idempotencyKey: `qc-inspection-undo:${key}` });
    throw err;
  }
}
