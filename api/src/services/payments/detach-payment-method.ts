import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { notFound } from "../../errors";
import { toPaymentMethodDto, type PaymentMethodDto } from "./dto";

/** Removes a card; the newest remaining one becomes the default if the removed one was. */
export async function detachPaymentMethod(ctx: UserContext, id: string): Promise<{ detached: PaymentMethodDto; defaultPaymentMethodId: string | null }> {
  return withTransaction(ctx.pool, async (tx) => {
    const detached = await ctx.providers.payments.detachPaymentMethod(tx, ctx.auth.storeId, id);
    if (!detached) throw notFound("Payment method");
    const remaining = await ctx.providers.payments.listPaymentMethods(tx, ctx.auth.storeId, 10);
    return { detached: toPaymentMethodDto(detached), defaultPaymentMethodId: remaining.find((m) => m.isDefault)?.id ?? null };
  });
}
