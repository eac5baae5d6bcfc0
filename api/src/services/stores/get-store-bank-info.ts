import type { ResponseOf, stores } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { getBankAccount, type BankAccountRow } from "../../queries/stores";

export type BankInfo = ResponseOf<typeof stores.getStoreBankInfo>;

/** The payout bank account, masked; the owner only. */
export async function getStoreBankInfo(ctx: UserContext): Promise<BankInfo> {
  return toBankInfo(await getBankAccount(ctx.pool, ctx.auth.storeId));
}

export function toBankInfo(row: BankAccountRow | null): BankInfo {
  if (!row) return { bankAccount: null };
  return {
    bankAccount: {
      accountHolderName: row.account_holder_name,
      bankName: row.bank_name,
      accountType: row.account_type,
      accountNumberMasked: `****${row.account_last4}`,
      routingNumberMasked: `*****${row.routing_last4}`,
      country: row.country,
      updatedAt: row.updated_at.toISOString(),
    },
  };
}
