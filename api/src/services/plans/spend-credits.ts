import type { Queryable } from "../../db/pool";
import { conflict, invalid } from "../../errors";
import { getCreditBalance, spendCreditsRow } from "../../queries/plans";

/**
 * Takes AI credits from a store's balance and records why; the balance never goes below zero
 * (409 instead). Pass the caller's transaction client to spend together with the work it pays for.
 */
export async function spendCredits(db: Queryable, storeId: string, amount: number, reason: string): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0) throw invalid("amount", "must be a whole number of credits above zero");
  const balance = await spendCreditsRow(db, storeId, amount, reason);
  if (balance === null) {
    const current = await getCreditBalance(db, storeId);
    throw conflict(`Not enough AI credits: ${amount} needed, ${current} left. Buy more credits to continue.`);
  }
  return balance;
}
