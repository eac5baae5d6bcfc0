import type { BodyOf, ResponseOf, purchasing } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { notFound } from "../../errors";
import * as q from "../../queries/purchasing";
import { toPublicInvoiceDto, type PublicInvoiceDto } from "./dto";
import { payInvoice } from "./pay-invoice";

/** An invoice's summary by its public number; no login, no ids of the store's records. */
export async function getPublicInvoice(ctx: RequestContext, sn: string): Promise<PublicInvoiceDto> {
  const invoice = await q.getInvoiceBySn(ctx.pool, sn);
  if (!invoice) throw notFound("Invoice");
  return toPublicInvoiceDto(ctx.pool, invoice, invoice.storeTitle);
}

/** Pays an invoice by its public number with a card that is used once and not kept. */
export async function payPublicInvoice(ctx: RequestContext, sn: string, body: BodyOf<typeof purchasing.payPublicInvoice>): Promise<ResponseOf<typeof purchasing.payPublicInvoice>> {
  const invoice = await q.getInvoiceBySn(ctx.pool, sn);
  if (!invoice) throw notFound("Invoice");
  const outcome = await payInvoice(ctx, {
    storeId: invoice.storeId,
    invoiceId: invoice.id,
    payer: "PUBLIC",
    method: "CARD",
    idempotencyKey: ctx.idempotencyKey,
    card: body.card,
    promotionCode: body.promotionCode,
    fieldPrefix: "body",
  });
  return { ...outcome, invoice: await getPublicInvoice(ctx, sn) };
}
