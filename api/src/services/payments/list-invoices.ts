import type { UserContext } from "../../context";
import { toInvoiceDto, type InvoiceDto } from "./dto";

/** The store's subscription invoices, newest first. */
export async function listInvoices(ctx: UserContext, page: { page: number; size: number }): Promise<{ list: InvoiceDto[]; total: number; page: number; size: number }> {
  const { list, total } = await ctx.providers.payments.listInvoices(ctx.pool, ctx.auth.storeId, { limit: page.size, offset: page.page * page.size });
  return { list: list.map(toInvoiceDto), total, page: page.page, size: page.size };
}
