import type { BodyOf, payments } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { toPaymentMethodDto, type PaymentMethodDto } from "./dto";

/** Saves a card for the store; the number itself is dropped after brand, last 4 and fingerprint are taken. */
export async function attachPaymentMethod(ctx: UserContext, body: BodyOf<typeof payments.attachPaymentMethod>): Promise<PaymentMethodDto> {
  const card = { number: body.cardNumber, expMonth: body.expMonth, expYear: body.expYear, cvc: body.cvc };
  const method = await withTransaction(ctx.pool, (tx) => ctx.providers.payments.attachPaymentMethod(tx, ctx.auth.storeId, card, body.makeDefault ? "always" : "if-none"));
  return toPaymentMethodDto(method);
}
