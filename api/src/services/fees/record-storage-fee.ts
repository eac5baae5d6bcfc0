import { STORAGE_FEE_CENTS, STORAGE_PERIOD_MONTHS } from "@atelier/contracts/fees";
import type { AppDeps } from "../../context";
import type { Queryable } from "../../db/pool";
import * as fees from "../../queries/fees/fees";
import { enqueueFeeCharge } from "./charge-fee";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function addMonths(at: Date, months: number): Date {
  const end = new Date(at);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

/**
 * Secures a SKU's bin for 12 months when a receiving first puts units there, in the count's
 * transaction: nothing when a period already covers today (a second receiving into the same bin,
 * or a second count of the same receiving, pays nothing more).
 */
export async function recordStorageFee(deps: AppDeps, tx: Queryable, storeId: string, at: { sku: string; bin: string; receivingId: string; receivingNumber: number }): Promise<void> {
  const now = new Date();
  if (await fees.storageSecured(tx, storeId, at.sku, at.bin, now)) return;
  await secureBin(deps, tx, storeId, { ...at, periodStart: now, reason: `first stocked by RCV-${at.receivingNumber}` });
}

/** One 12-month period of a SKU's bin from `periodStart`, charged once. */
export async function secureBin(
  deps: AppDeps,
  tx: Queryable,
  storeId: string,
  at: { sku: string; bin: string; receivingId: string | null; receivingNumber: number | null; periodStart: Date; reason: string },
): Promise<boolean> {
  const periodEnd = addMonths(at.periodStart, STORAGE_PERIOD_MONTHS);
  const fee = await fees.insertStorageFee(tx, storeId, {
    sku: at.sku, bin: at.bin, receivingId: at.receivingId, receivingNumber: at.receivingNumber, periodStart: at.periodStart, periodEnd,
    planType: await fees.planOf(tx, storeId), amountCents: STORAGE_FEE_CENTS,
    description: `Storage fee for ${at.sku} in bin ${at.bin}, secured until ${periodEnd.toISOString().slice(0, 10)} (${dollars(STORAGE_FEE_CENTS)} per bin per SKU for ${STORAGE_PERIOD_MONTHS} months; ${at.reason})`,
  });
  if (fee) await enqueueFeeCharge(deps, tx, fee);
  return fee !== null;
}
