import type { Queryable } from "../../db/pool";
import { invalid } from "../../errors";
import { addCreditsRow } from "../../queries/plans";

/** Adds AI credits to a store's balance with the reason (and the charge that paid for them). */
export async function addCredits(db: Queryable, storeId: string, amount: number, reason: string, chargeId: string | null = null): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0) throw invalid("amount", "must be a whole number of credits above zero");
  return addCreditsRow(db, storeId, amount, reason, chargeId);
}
