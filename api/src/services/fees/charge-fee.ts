import { z } from "zod";
import type { AppDeps } from "../../context";
import { afterCommit, type Queryable } from "../../db/pool";
import { defineJob, PermanentJobError } from "../../jobs";
import * as fees from "../../queries/fees/fees";

// A fee is charged outside the transaction that earned it (a hosted card provider's call must not
// hold a shipment's or a count's transaction open): the fee row is written there with this job,
// and the job charges it on the store's default card under a key made of the fee's id, so a
// retried job finds the first charge. With no card, or a declined one, the fee waits as a balance
// due (never failing the order or the receiving); the next payout takes it.

export const CHARGE_FEE = "fees.charge";

export function chargeFeeJob(deps: AppDeps) {
  return defineJob({
    type: CHARGE_FEE,
    payload: z.strictObject({ feeId: z.uuid() }),
    maxAttempts: 5,
    backoffMs: 1000,
    handler: async ({ feeId }) => chargeFee(deps, feeId),
  });
}

/** Queues the fee's charge in db's transaction; the worker looks once it commits. */
export async function enqueueFeeCharge(deps: AppDeps, db: Queryable, fee: { id: string; storeId: string }): Promise<void> {
  await deps.jobs.enqueue(chargeFeeJob(deps), { feeId: fee.id }, { db, storeId: fee.storeId });
  afterCommit(db, () => deps.jobs.kick());
}

export async function chargeFee(deps: AppDeps, feeId: string): Promise<{ status: fees.FeeStatus }> {
  const fee = await fees.getFee(deps.pool, feeId);
  if (!fee) throw new PermanentJobError("The fee no longer exists.");
  // A fee held by a balance payment is that payment's to charge (a retried job must not charge it again).
  if (fee.status !== "PENDING" || fee.balancePaymentId) return { status: fee.status };
  const { payments } = deps.providers;
  const card = (await payments.listPaymentMethods(deps.pool, fee.storeId, 10)).find((m) => m.isDefault);
  if (!card) {
    await fees.settleFee(deps.pool, fee.storeId, fee.id, "DUE", null);
    return { status: "DUE" };
  }
  const outcome = await payments.charge(deps.pool, {
    storeId: fee.storeId,
    amountCents: fee.amountCents,
    description: fee.description,
    paymentMethodId: card.id,
    idempotencyKey: `fee:${fee.kind.toLowerCase()}:${fee.id}`,
  });
  const status = outcome.result === "COMPLETED" ? "PAID" : "DUE";
  await fees.settleFee(deps.pool, fee.storeId, fee.id, status, outcome.chargeId);
  return { status };
}
