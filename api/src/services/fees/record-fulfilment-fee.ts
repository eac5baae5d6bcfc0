import { fulfilmentFeeCents } from "@atelier/contracts/fees";
import { PLAN_NAMES, type PlanType } from "@atelier/contracts";
import type { AppDeps } from "../../context";
import type { Queryable } from "../../db/pool";
import * as fees from "../../queries/fees/fees";
import { enqueueFeeCharge } from "./charge-fee";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * The fulfilment fee of an order the center just shipped, written in the shipment's transaction at
 * the plan the store is on now. Once per order: a re-run stage or a recreated shipment finds the
 * row and charges nothing more. An order canceled before it shipped never gets here.
 */
export async function recordFulfilmentFee(deps: AppDeps, tx: Queryable, storeId: string, order: { id: string; orderNumber: number }): Promise<void> {
  const planType = await fees.planOf(tx, storeId);
  const amountCents = fulfilmentFeeCents(planType);
  const fee = await fees.insertFulfilmentFee(tx, storeId, {
    orderId: order.id, orderNumber: order.orderNumber, planType, amountCents,
    description: `Fulfilment fee for order #${order.orderNumber} (${dollars(amountCents)} per order on the ${PLAN_NAMES[planType as PlanType] ?? planType} plan)`,
  });
  if (fee) await enqueueFeeCharge(deps, tx, fee);
}
