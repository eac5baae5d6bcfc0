import type { BodyOf, ResponseOf, purchasing } from "@atelier/contracts";
import { FINANCING_MAX_CENTS, FINANCING_MIN_CENTS, FINANCING_TERMS } from "@atelier/contracts/purchasing";
import type { UserContext } from "../../context";
import { invalid, notFound } from "../../errors";
import * as q from "../../queries/purchasing";
import { toInvoiceDto } from "./dto";

/** The fee schedule's quote for paying an invoice or amount over a term (docs/decisions.md). */
export async function calcFinancingFee(ctx: UserContext, body: BodyOf<typeof purchasing.calcFinancingFee>): Promise<ResponseOf<typeof purchasing.calcFinancingFee>> {
  let amountCents = body.amountCents;
  let field = "body.amountCents";
  if (body.invoiceId) {
    const invoice = await q.getInvoice(ctx.pool, ctx.auth.storeId, body.invoiceId);
    if (!invoice) throw notFound("Invoice");
    amountCents = (await toInvoiceDto(ctx.pool, invoice)).subtotalCents;
    field = "body.invoiceId";
  }
  const amount = amountCents!;
  if (amount < FINANCING_MIN_CENTS) throw invalid(field, `must come to at least $${FINANCING_MIN_CENTS / 100} to pay over time`);
  if (amount > FINANCING_MAX_CENTS) throw invalid(field, `must come to at most $${(FINANCING_MAX_CENTS / 100).toLocaleString("en-US")} to pay over time`);
  const feePercent = FINANCING_TERMS[body.termMonths];
  const feeCents = Math.round((amount * feePercent) / 100);
  const totalCents = amount + feeCents;
  return {
    amountCents: amount,
    termMonths: body.termMonths,
    feePercent,
    feeCents,
    totalCents,
    monthlyPaymentCents: Math.ceil(totalCents / body.termMonths),
    terms: Object.entries(FINANCING_TERMS).map(([term, percent]) => ({ termMonths: Number(term), feePercent: percent as number })),
  };
}
