import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { toPaymentMethodDto, type PaymentMethodDto } from "./dto";

/** Makes one of the store's cards the default. */
export async function setDefaultPaymentMethod(ctx: UserContext, id: string): Promise<PaymentMethodDto> {
  const method = await ctx.providers.payments.setDefaultPaymentMethod(ctx.pool, ctx.auth.storeId, id);
  if (!method) throw notFound("Payment method");
  return toPaymentMethodDto(method);
}
