import type { BodyOf, ResponseOf, purchasing } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { AppError, notFound } from "../../errors";
import * as q from "../../queries/purchasing";
import { findStoreTitle } from "../../queries/stores";
import { toPublicInvoiceDto, type PublicInvoiceDto } from "./dto";
import { payInvoice } from "./pay-invoice";

/** The invoice by its public number and the title of the store that owes it (the stores' data). */
async function findPublicInvoice(ctx: RequestContext, sn: string): Promise<q.InvoiceRow & { storeTitle: string }> {
  const invoice = await q.getInvoiceBySn(ctx.pool, sn);
  if (!invoice) throw notFound("Invoice");
  return { ...invoice, storeTitle: (await findStoreTitle(ctx.pool, invoice.storeId)) ?? "" };
}

/** An invoice's summary by its public number; no login, no ids of the store's records. */
export async function getPublicInvoice(ctx: RequestContext, sn: string): Promise<PublicInvoiceDto> {
  const invoice = await findPublicInvoice(ctx, sn);
  return toPublicInvoiceDto(ctx.pool, invoice, invoice.storeTitle);
}

/** Pays an invoice by its public number with a card that is used once and not kept. */
export async function payPublicInvoice(ctx: RequestContext, sn: string, body: BodyOf<typeof purchasing.payPublicInvoice>): Promise<ResponseOf<typeof purchasing.payPublicInvoice>> {
  const invoice = await findPublicInvoice(ctx, sn);
  // Card testing: after a few declined cards the page stops taking cards for a while. One public
  // payment runs at a time per invoice (the claim), so the count is exact (docs/security.md).
  const { declinesBeforeLock, lockHours } = ctx.config.publicPay;
  const lockedUntil = await q.publicPaymentLockedUntil(ctx.pool, invoice.id, declinesBeforeLock, lockHours);
  if (lockedUntil) {
    const hours = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 3_600_000));
    throw new AppError(
      "RATE_LIMITED",
      `This invoice no longer takes cards here after ${declinesBeforeLock} declined cards. It opens again in ${hours} hour${hours === 1 ? "" : "s"}, or ${invoice.storeTitle} can pay it from their account.`,
    );
  }
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
