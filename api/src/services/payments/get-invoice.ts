import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { toInvoiceDto, type InvoiceDto } from "./dto";

/** One invoice of the store; another store's id is not found. */
export async function getInvoice(ctx: UserContext, id: string): Promise<InvoiceDto> {
  const invoice = await ctx.providers.payments.retrieveInvoice(ctx.pool, ctx.auth.storeId, id);
  if (!invoice) throw notFound("Invoice");
  return toInvoiceDto(invoice);
}
