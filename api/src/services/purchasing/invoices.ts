import type { BodyOf, QueryOf, ResponseOf, purchasing } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import * as q from "../../queries/purchasing";
import { toInvoiceDto, toInvoiceDtos, type InvoiceDto } from "./dto";

/** The store's invoices that bill anything, newest first. */
export async function listInvoices(ctx: UserContext, query: QueryOf<typeof purchasing.listCreatorInvoices>): Promise<ResponseOf<typeof purchasing.listCreatorInvoices>> {
  const { list, total } = await q.listInvoices(ctx.pool, ctx.auth.storeId, query.status, query.size, query.page * query.size);
  return { list: await toInvoiceDtos(ctx.pool, list), total, page: query.page, size: query.size };
}

/** One invoice of the store; another store's id is not found. */
export async function getInvoice(ctx: UserContext, id: string): Promise<InvoiceDto> {
  const invoice = await q.getInvoice(ctx.pool, ctx.auth.storeId, id);
  if (!invoice) throw notFound("Invoice");
  return toInvoiceDto(ctx.pool, invoice);
}

/** Paid invoices still missing a shipping address (the screen's "improve shipping address" prompt). */
export async function listInvoicesMissingAddress(ctx: UserContext): Promise<ResponseOf<typeof purchasing.improveShippingAddress>> {
  const invoices = await toInvoiceDtos(ctx.pool, await q.listPaidInvoicesWithoutAddress(ctx.pool, ctx.auth.storeId));
  return { count: invoices.length, invoices };
}

export type ShippingAddressInput = BodyOf<typeof purchasing.setInvoiceShippingAddress>;
