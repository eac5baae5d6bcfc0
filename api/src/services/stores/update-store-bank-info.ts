import type { BodyOf, stores } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { upsertBankAccount } from "../../queries/stores";
import { toBankInfo, type BankInfo } from "./get-store-bank-info";

/** Sets the payout bank account, keeping only the last four digits of each number; the owner only. */
export async function updateStoreBankInfo(ctx: UserContext, input: BodyOf<typeof stores.updateStoreBankInfo>): Promise<BankInfo> {
  const row = await upsertBankAccount(ctx.pool, ctx.auth.storeId, {
    account_holder_name: input.accountHolderName,
    bank_name: input.bankName,
    account_type: input.accountType,
    account_last4: input.accountNumber.slice(-4),
    routing_last4: input.routingNumber.slice(-4),
  });
  return toBankInfo(row);
}
