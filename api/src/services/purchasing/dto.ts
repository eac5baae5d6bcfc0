import type { ResponseOf } from "@atelier/contracts";
import { ORDER_ITEM_TRANSITIONS, REFUND_POLICY } from "@atelier/contracts/purchasing";
import type { purchasing } from "@atelier/contracts";
import type { Queryable } from "../../db/pool";
import { supplierNames } from "../../queries/marketplace/suppliers";
import * as q from "../../queries/purchasing";

export type OrderItemDto = ResponseOf<typeof purchasing.getCreatorOrderItem>;
export type InvoiceDto = ResponseOf<typeof purchasing.getCreatorInvoice>;
export type CartDto = ResponseOf<typeof purchasing.listShoppingCartOrders>;
export type PublicInvoiceDto = ResponseOf<typeof purchasing.getPublicInvoice>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Order items as the contract shows them; their suppliers' names come from the marketplace in one read. */
export async function toOrderItemDtos(db: Queryable, rows: q.OrderItemRow[]): Promise<OrderItemDto[]> {
  const names = await supplierNames(db, supplierIdsOf(rows));
  return rows.map((r) => toOrderItemDto(r, names));
}

/** One order item of the store, as the contract shows it (the caller knows it exists). */
export async function loadOrderItemDto(db: Queryable, storeId: string, id: string): Promise<OrderItemDto> {
  return (await toOrderItemDtos(db, [(await q.getOrderItem(db, storeId, id))!]))[0]!;
}

function supplierIdsOf(rows: { supplierId: string | null }[]): string[] {
  return rows.flatMap((r) => (r.supplierId ? [r.supplierId] : []));
}

function toOrderItemDto(r: q.OrderItemRow, names: Map<string, string>): OrderItemDto {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    allowedStatuses: [...ORDER_ITEM_TRANSITIONS[r.status]],
    title: r.title,
    quantity: r.quantity,
    unitPriceCents: r.unitPriceCents,
    totalCents: r.quantity * r.unitPriceCents,
    currency: "USD",
    catalogItemId: r.catalogItemId,
    supplierId: r.supplierId,
    supplierName: (r.supplierId && names.get(r.supplierId)) || null,
    color: r.color,
    note: r.note,
    invoiceId: r.invoiceId,
    isArchived: r.isArchived,
    refundable: false,
    paidAt: iso(r.paidAt),
    shippedAt: iso(r.shippedAt),
    canceledAt: iso(r.canceledAt),
    trackingUrl: r.trackingUrl,
    purchaseEventAt: iso(r.purchaseEventAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Invoices with their lines and shipping addresses, in two queries for any number of invoices. */
export async function toInvoiceDtos(db: Queryable, invoices: q.InvoiceRow[]): Promise<InvoiceDto[]> {
  if (!invoices.length) return [];
  const ids = invoices.map((i) => i.id);
  const lines = await q.listInvoiceLines(db, ids);
  const names = await supplierNames(db, supplierIdsOf(lines));
  const addresses = await q.getShippingAddresses(db, ids);
  return invoices.map((invoice) => {
    const own = lines.filter((l) => l.invoiceId === invoice.id);
    const subtotalCents = own.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
    return {
      id: invoice.id,
      sn: invoice.sn,
      status: invoice.status,
      items: own.map((l) => ({
        id: l.id,
        orderItemId: l.orderItemId,
        kind: l.kind,
        title: l.title,
        supplierName: (l.supplierId && names.get(l.supplierId)) || null,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        totalCents: l.quantity * l.unitPriceCents,
      })),
      subtotalCents,
      discountCents: invoice.discountCents,
      totalCents: invoice.status === "PAID" ? (invoice.paidAmountCents ?? subtotalCents) : subtotalCents,
      currency: "USD",
      promotionCode: invoice.promotionCode,
      chargeId: invoice.chargeId,
      paidAt: iso(invoice.paidAt),
      shippingAddress: addresses.get(invoice.id) ?? null,
      publicPayPath: `/public-pay-invoice/${invoice.sn}`,
      refundPolicy: REFUND_POLICY,
      createdAt: invoice.createdAt.toISOString(),
    };
  });
}

export async function toInvoiceDto(db: Queryable, invoice: q.InvoiceRow): Promise<InvoiceDto> {
  return (await toInvoiceDtos(db, [invoice]))[0]!;
}

/** What a payer without login sees: no ids of the store's records. */
export async function toPublicInvoiceDto(db: Queryable, invoice: q.InvoiceRow, storeTitle: string): Promise<PublicInvoiceDto> {
  const full = await toInvoiceDto(db, invoice);
  return {
    sn: full.sn,
    status: full.status,
    storeTitle,
    items: full.items.map(({ id: _id, orderItemId: _orderItemId, ...rest }) => rest),
    subtotalCents: full.subtotalCents,
    discountCents: full.discountCents,
    totalCents: full.totalCents,
    currency: "USD",
    paidAt: full.paidAt,
    refundPolicy: REFUND_POLICY,
  };
}

/** The store's cart: the open invoice and the order items in it. */
export async function loadCart(db: Queryable, storeId: string): Promise<CartDto> {
  const invoice = await q.getCartInvoice(db, storeId);
  if (!invoice) return { invoice: null, items: [], refundPolicy: REFUND_POLICY };
  const dto = await toInvoiceDto(db, invoice);
  const items = await q.getOrderItems(db, storeId, dto.items.map((l) => l.orderItemId));
  return { invoice: dto.items.length ? dto : null, items: await toOrderItemDtos(db, items), refundPolicy: REFUND_POLICY };
}
