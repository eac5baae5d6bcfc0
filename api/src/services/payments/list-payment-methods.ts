import type { UserContext } from "../../context";
import { toPaymentMethodDto, type PaymentMethodDto } from "./dto";

/** The store's cards, newest first. */
export async function listPaymentMethods(ctx: UserContext, limit: number): Promise<{ list: PaymentMethodDto[]; defaultPaymentMethodId: string | null }> {
  const methods = await ctx.providers.payments.listPaymentMethods(ctx.pool, ctx.auth.storeId, limit);
  return { list: methods.map(toPaymentMethodDto), defaultPaymentMethodId: methods.find((m) => m.isDefault)?.id ?? null };
}
