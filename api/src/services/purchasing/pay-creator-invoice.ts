import type { BodyOf, ResponseOf, purchasing } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import * as q from "../../queries/purchasing";
import { toInvoiceDto } from "./dto";
import { payInvoice } from "./pay-invoice";

type PaymentAnswer = ResponseOf<typeof purchasing.payCreatorInvoice>;

/** Pays one of the store's invoices with a card; the Idempotency-Key makes a retry charge once. */
export async function payCreatorInvoice(ctx: UserContext, body: BodyOf<typeof purchasing.payCreatorInvoice>): Promise<PaymentAnswer> {
  const outcome = await payInvoice(ctx, {
    storeId: ctx.auth.storeId,
    invoiceId: body.invoiceId,
    payer: "STORE",
    method: "CARD",
    idempotencyKey: ctx.idempotencyKey,
    paymentMethodId: body.paymentMethodId,
    card: body.card,
    saveCard: body.saveCard,
    promotionCode: body.promotionCode,
    fieldPrefix: "body",
  });
  return { ...outcome, invoice: await invoiceAfter(ctx, body.invoiceId) };
}

/** Captures an approved PayPal-style order: the order id is the idempotency key, so it captures once. */
export async function capturePaypalPayment(ctx: UserContext, body: BodyOf<typeof purchasing.capturePaypalPayment>): Promise<PaymentAnswer> {
  const outcome = await payInvoice(ctx, {
    storeId: ctx.auth.storeId,
    invoiceId: body.invoiceId,
    payer: "STORE",
    method: "PAYPAL",
    idempotencyKey: `paypal:${body.paypalOrderId}`,
    paymentMethodId: body.paymentMethodId,
    fieldPrefix: "body",
  });
  return { ...outcome, invoice: await invoiceAfter(ctx, body.invoiceId) };
}

async function invoiceAfter(ctx: UserContext, id: string) {
  const invoice = await q.getInvoice(ctx.pool, ctx.auth.storeId, id);
  if (!invoice) throw notFound("Invoice");
  return toInvoiceDto(ctx.pool, invoice);
}
