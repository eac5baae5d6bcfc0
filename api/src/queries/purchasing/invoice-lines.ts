import type { OrderItemStatus } from "@atelier/contracts/purchasing";
import type { Queryable } from "../../db/pool";

// Invoice items: the order items an invoice charges for (their suppliers' names are the
// marketplace's, read by the services).

export type InvoiceLineRow = {
  id: string;
  orderItemId: string;
  kind: "SAMPLE" | "PRODUCTION";
  title: string;
  supplierId: string | null;
  quantity: number;
  unitPriceCents: number;
};

export async function listInvoiceLines(db: Queryable, invoiceIds: string[]): Promise<(InvoiceLineRow & { invoiceId: string })[]> {
  const { rows } = await db.query(
    `SELECT ii.id, ii.invoice_id, ii.order_item_id, oi.kind, oi.title, oi.supplier_id, ii.quantity, ii.unit_price_cents
       FROM creator_invoice_items ii
       JOIN creator_order_items oi ON oi.id = ii.order_item_id
      WHERE ii.invoice_id = ANY($1::uuid[]) ORDER BY ii.created_at, ii.id`,
    [invoiceIds],
  );
  return rows.map((r) => ({
    id: r.id,
    invoiceId: r.invoice_id,
    orderItemId: r.order_item_id,
    kind: r.kind,
    title: r.title,
    supplierId: r.supplier_id,
    quantity: r.quantity,
    unitPriceCents: r.unit_price_cents,
  }));
}

export async function insertInvoiceLine(db: Queryable, input: { invoiceId: string; storeId: string; orderItemId: string; quantity: number; unitPriceCents: number }): Promise<void> {
  await db.query(
    `INSERT INTO creator_invoice_items (invoice_id, store_id, order_item_id, quantity, unit_price_cents) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (invoice_id, order_item_id) DO UPDATE SET quantity = EXCLUDED.quantity, unit_price_cents = EXCLUDED.unit_price_cents`,
    [input.invoiceId, input.storeId, input.orderItemId, input.quantity, input.unitPriceCents],
  );
}

/** Keeps an open invoice line in step with its order item after a quantity or price change. */
export async function syncInvoiceLine(db: Queryable, storeId: string, orderItemId: string, quantity: number, unitPriceCents: number): Promise<void> {
  await db.query(
    `UPDATE creator_invoice_items ii SET quantity = $3, unit_price_cents = $4
       FROM creator_invoices i WHERE i.id = ii.invoice_id AND i.status = 'OPEN' AND ii.store_id = $1 AND ii.order_item_id = $2`,
    [storeId, orderItemId, quantity, unitPriceCents],
  );
}

export async function getInvoiceLine(db: Queryable, storeId: string, id: string): Promise<{ id: string; invoiceId: string; orderItemId: string } | null> {
  const { rows } = await db.query(`SELECT id, invoice_id, order_item_id FROM creator_invoice_items WHERE store_id = $1 AND id = $2`, [storeId, id]);
  return rows[0] ? { id: rows[0].id, invoiceId: rows[0].invoice_id, orderItemId: rows[0].order_item_id } : null;
}

export async function deleteInvoiceLines(db: Queryable, storeId: string, orderItemIds: string[]): Promise<void> {
  await db.query(
    `DELETE FROM creator_invoice_items ii USING creator_invoices i
      WHERE i.id = ii.invoice_id AND i.status = 'OPEN' AND ii.store_id = $1 AND ii.order_item_id = ANY($2::uuid[])`,
    [storeId, orderItemIds],
  );
}

/** The order items an invoice bills, with what each line owes. */
export async function invoiceOrderItems(db: Queryable, invoiceId: string): Promise<{ orderItemId: string; status: OrderItemStatus; amountCents: number }[]> {
  const { rows } = await db.query(
    `SELECT oi.id, oi.status, ii.quantity * ii.unit_price_cents AS amount
       FROM creator_invoice_items ii JOIN creator_order_items oi ON oi.id = ii.order_item_id WHERE ii.invoice_id = $1`,
    [invoiceId],
  );
  return rows.map((r) => ({ orderItemId: r.id, status: r.status, amountCents: Number(r.amount) }));
}
