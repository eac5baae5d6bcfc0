import type pg from "pg";
import { withTransaction } from "../../db/pool";
import { conflict, invalid } from "../../errors";
import { claimChargeKey, getCharge, markChargeRefunded, reclaimRefundedCharge, setChargeBalance } from "../../queries/credit-charges";
import { addCreditsRow, getCreditBalance, spendCreditsRow } from "../../queries/plans";

/**
 * The AI-credit ledger for work that costs credits (image generation, kit generation):
 *
 *   const charge = await chargeAiCredits(pool, storeId, { key, amount, reason });   // once per key
 *   await refundAiCredits(pool, storeId, key);                                        // once, on failure
 *   // or both at once around the work:
 *   const result = await withAiCredits(pool, storeId, { key, amount, reason }, () => generate());
 *
 * A key names one piece of paid work in the store (e.g. "image:<idempotency key>"): charging it
 * again (a retry, a race, a replayed job) answers the first charge with `replayed: true` and takes
 * nothing more; refunding it twice gives back once; charging a refunded key (a retry of work that
 * failed) takes the credits again, once. The balance never goes below zero: a charge
 * the balance can't cover is a 409 with a sentence, and nothing is recorded under the key, so the
 * same key can be charged once credits were bought.
 */
export type AiCreditCharge = {
  key: string;
  amount: number;
  status: "CHARGED" | "REFUNDED";
  /** The store's balance right after this charge was taken. */
  balanceAfter: number;
  /** True when the key had been charged before and nothing was taken now. */
  replayed: boolean;
};

export type ChargeRequest = { key: string; amount: number; reason: string };

export async function chargeAiCredits(pool: pg.Pool, storeId: string, req: ChargeRequest): Promise<AiCreditCharge> {
  if (!Number.isInteger(req.amount) || req.amount <= 0) throw invalid("amount", "must be a whole number of credits above zero");
  if (req.key.length === 0 || req.key.length > 200) throw invalid("key", "must be 1 to 200 characters");
  return withTransaction(pool, async (tx) => {
    let amount = req.amount;
    if (!(await claimChargeKey(tx, storeId, req.key, req.amount, req.reason))) {
      const first = (await getCharge(tx, storeId, req.key))!;
      // A retry of work that failed and was refunded pays again, at the first charge's amount.
      if (!(await reclaimRefundedCharge(tx, storeId, req.key))) {
        return { key: req.key, amount: first.amount, status: first.status, balanceAfter: first.balanceAfter, replayed: true };
      }
      amount = first.amount;
    }
    const balance = await spendCreditsRow(tx, storeId, amount, req.reason);
    if (balance === null) {
      // Throwing rolls the claim back with the transaction.
      const current = await getCreditBalance(tx, storeId);
      throw conflict(`Not enough AI credits: ${amount} needed, ${current} left. Buy more credits to continue.`);
    }
    await setChargeBalance(tx, storeId, req.key, balance);
    return { key: req.key, amount, status: "CHARGED", balanceAfter: balance, replayed: false };
  });
}

/** Gives a charge's credits back; null when the key was never charged or was refunded already. */
export async function refundAiCredits(pool: pg.Pool, storeId: string, key: string): Promise<{ amount: number; balance: number } | null> {
  return withTransaction(pool, async (tx) => {
    const charge = await markChargeRefunded(tx, storeId, key);
    if (!charge) return null;
    const balance = await addCreditsRow(tx, storeId, charge.amount, `Refund: ${charge.reason}`, null);
    return { amount: charge.amount, balance };
  });
}

/**
 * Charges the key, runs the work outside any transaction (it may call a model), and refunds the
 * key when the work throws, then rethrows. A replayed charge runs the work again without charging.
 */
export async function withAiCredits<T>(pool: pg.Pool, storeId: string, req: ChargeRequest, work: (charge: AiCreditCharge) => Promise<T>): Promise<T> {
  const charge = await chargeAiCredits(pool, storeId, req);
  try {
    return await work(charge);
  } catch (err) {
    await refundAiCredits(pool, storeId, req.key);
    throw err;
  }
}
