import type { OrderItemStatus } from "@atelier/contracts/purchasing";
import type { Queryable } from "../db/pool";

// SQL of purchasing: creator order items, invoices (the cart), invoice items, payment attempts,
// shipping addresses and replayed answers. Every statement is scoped to one store.

export type CatalogItemForOrder = {
  id: string;
  title: string;
  supplierId: string;
  supplierName: string;
  moq: number | null;
  samplePriceCents: number | null;
  priceMinCents: number | null;
  priceMaxCents: number | null;
  colors: string;
  enabled: boolean;
};

export async function getCatalogItemForOrder(db: Queryable, id: string): Promise<CatalogItemForOrder | null> {
  const { rows } = await db.query(
    `SELECT ci.id, ci.title, ci.supplier_id, s.name AS supplier_name, ci.moq, ci.sample_price_cents, ci.price_min_cents, ci.price_max_cents,
            ci.colors, (ci.enabled_at IS NOT NULL) AS enabled
       FROM catalog_items ci JOIN suppliers s ON s.id = ci.supplier_id WHERE ci.id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    title: r.title,
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
    moq: r.moq,
    samplePriceCents: r.sample_price_cents,
    priceMinCents: r.price_min_cents,
    priceMaxCents: r.price_max_cents,
    colors: r.colors,
    enabled: r.enabled,
  };
}

export type OrderItemRow = {
  id: string;
  storeId: string;
  catalogItemId: string | null;
  supplierId: string | null;
  supplierName: string | null;
  kind: "SAMPLE" | "PRODUCTION";
  status: OrderItemStatus;
  title: string;
  quantity: number;
  unitPriceCents: number;
  color: string | null;
  note: string;
  invoiceId: string | null;
  isArchived: boolean;
  paidAt: Date | null;
  shippedAt: Date | null;
  canceledAt: Date | null;
  trackingUrl: string | null;
  purchaseEventAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const ORDER_ITEM_SELECT = `SELECT oi.*, s.name AS supplier_name FROM creator_order_items oi LEFT JOIN suppliers s ON s.id = oi.supplier_id`;

type OrderItemDbRow = {
  id: string;
  store_id: string;
  catalog_item_id: string | null;
  supplier_id: string | null;
  supplier_name: string | null;
  kind: "SAMPLE" | "PRODUCTION";
  status: OrderItemStatus;
  title: string;
  quantity: number;
  unit_price_cents: number;
  color: string | null;
  note: string;
  invoice_id: string | null;
  is_archived: boolean;
  paid_at: Date | null;
  shipped_at: Date | null;
  canceled_at: Date | null;
  tracking_url: string | null;
  purchase_event_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

function toOrderItem(r: OrderItemDbRow): OrderItemRow {
  return {
    id: r.id,
    storeId: r.store_id,
    catalogItemId: r.catalog_item_id,
    supplierId: r.supplier_id,
    supplierName: r.supplier_name ?? null,
    kind: r.kind,
    status: r.status,
    title: r.title,
    quantity: r.quantity,
    unitPriceCents: r.unit_price_cents,
    color: r.color,
    note: r.note,
    invoiceId: r.invoice_id,
    isArchived: r.is_archived,
    paidAt: r.paid_at,
    shippedAt: r.shipped_at,
    canceledAt: r.canceled_at,
    trackingUrl: r.tracking_url,
    purchaseEventAt: r.purchase_event_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function insertOrderItem(
  db: Queryable,
  input: { storeId: string; catalogItemId: string; supplierId: string; kind: string; title: string; quantity: number; unitPriceCents: number; color: string | null; note: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO creator_order_items (store_id, catalog_item_id, supplier_id, kind, title, quantity, unit_price_cents, color, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [input.storeId, input.catalogItemId, input.supplierId, input.kind, input.title, input.quantity, input.unitPriceCents, input.color, input.note],
  );
  return rows[0]!.id;
}

export async function getOrderItem(db: Queryable, storeId: string, id: string, lock = false): Promise<OrderItemRow | null> {
  const sql = lock
    ? `SELECT oi.*, (SELECT name FROM suppliers WHERE id = oi.supplier_id) AS supplier_name FROM creator_order_items oi WHERE oi.store_id = $1 AND oi.id = $2 FOR UPDATE`
    : `${ORDER_ITEM_SELECT} WHERE oi.store_id = $1 AND oi.id = $2`;
  const { rows } = await db.query(sql, [storeId, id]);
  return rows[0] ? toOrderItem(rows[0]) : null;
}

export async function getOrderItems(db: Queryable, storeId: string, ids: string[]): Promise<OrderItemRow[]> {
  const { rows } = await db.query(`${ORDER_ITEM_SELECT} WHERE oi.store_id = $1 AND oi.id = ANY($2::uuid[]) ORDER BY oi.created_at`, [storeId, ids]);
  return rows.map(toOrderItem);
}

export type OrderItemFilter = { statuses: readonly string[] | null; kind: string | null; archived: boolean; status?: string };

function filterSql(filter: OrderItemFilter, params: unknown[]): string {
  const parts = [`oi.store_id = $1`, `oi.is_archived = ${filter.archived ? "true" : "false"}`];
  if (filter.statuses) {
    params.push(filter.statuses);
    parts.push(`oi.status = ANY($${params.length}::text[])`);
  }
  if (filter.kind) {
    params.push(filter.kind);
    parts.push(`oi.kind = $${params.length}`);
  }
  if (filter.status) {
    params.push(filter.status);
    parts.push(`oi.status = $${params.length}`);
  }
  return parts.join(" AND ");
}

export async function listOrderItems(db: Queryable, storeId: string, filter: OrderItemFilter, limit: number, offset: number): Promise<{ list: OrderItemRow[]; total: number }> {
  const params: unknown[] = [storeId];
  const where = filterSql(filter, params);
  const { rows } = await db.query(
    `${ORDER_ITEM_SELECT} WHERE ${where} ORDER BY oi.created_at DESC, oi.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM creator_order_items oi WHERE ${where}`, params);
  return { list: rows.map(toOrderItem), total: count.rows[0]!.n };
}

/** One count per tab in one pass over the store's items. */
export async function countOrderItemTabs(db: Queryable, storeId: string, tabs: Record<string, OrderItemFilter>): Promise<Record<string, number>> {
  const params: unknown[] = [storeId];
  const columns = Object.entries(tabs).map(([name, filter], i) => `count(*) FILTER (WHERE ${filterSql(filter, params)})::int AS c${i}_${name.toLowerCase()}`);
  const { rows } = await db.query(`SELECT ${columns.join(", ")} FROM creator_order_items oi WHERE oi.store_id = $1`, params);
  return Object.fromEntries(Object.keys(tabs).map((name, i) => [name, rows[0]![`c${i}_${name.toLowerCase()}`] as number]));
}

export async function countInProduction(db: Queryable, storeId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM creator_order_items WHERE store_id = $1 AND status = 'IN_PRODUCTION'`, [storeId]);
  return rows[0]!.n;
}

/**
 * Moves items from one of the allowed statuses to another in one conditional UPDATE, so two
 * requests racing on the same item cannot both move it. Answers the ids that moved.
 */
export async function moveOrderItems(
  db: Queryable,
  storeId: string,
  ids: string[],
  from: readonly OrderItemStatus[],
  to: OrderItemStatus,
  extra: { invoiceId?: string | null; trackingUrl?: string } = {},
): Promise<string[]> {
  const sets = [`status = $4`, `updated_at = now()`];
  const params: unknown[] = [storeId, ids, from, to];
  if (to === "IN_PRODUCTION") sets.push(`paid_at = COALESCE(paid_at, now())`);
  if (to === "SHIPPED") sets.push(`shipped_at = now()`);
  if (to === "CANCELED") sets.push(`canceled_at = now()`);
  if (extra.invoiceId !== undefined) {
    params.push(extra.invoiceId);
    sets.push(`invoice_id = $${params.length}`);
  }
  if (extra.trackingUrl !== undefined) {
    params.push(extra.trackingUrl);
    sets.push(`tracking_url = $${params.length}`);
  }
  const { rows } = await db.query<{ id: string }>(
    `UPDATE creator_order_items SET ${sets.join(", ")} WHERE store_id = $1 AND id = ANY($2::uuid[]) AND status = ANY($3::text[]) RETURNING id`,
    params,
  );
  return rows.map((r) => r.id);
}

export async function updateOrderItemFields(db: Queryable, storeId: string, id: string, patch: { quantity?: number; color?: string | null; note?: string; unitPriceCents?: number }): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [storeId, id];
  const add = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (patch.quantity !== undefined) add("quantity", patch.quantity);
  if (patch.color !== undefined) add("color", patch.color);
  if (patch.note !== undefined) add("note", patch.note);
  if (patch.unitPriceCents !== undefined) add("unit_price_cents", patch.unitPriceCents);
  if (!sets.length) return;
  await db.query(`UPDATE creator_order_items SET ${sets.join(", ")}, updated_at = now() WHERE store_id = $1 AND id = $2`, params);
}

export async function setOrderItemArchived(db: Queryable, storeId: string, id: string, archived: boolean): Promise<void> {
  await db.query(
    `UPDATE creator_order_items SET is_archived = $3, archived_at = CASE WHEN $3 THEN now() END, updated_at = now() WHERE store_id = $1 AND id = $2`,
    [storeId, id, archived],
  );
}

/** Marks the purchase event once; null when it was already recorded. */
export async function markPurchaseEvent(db: Queryable, storeId: string, id: string): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date }>(
    `UPDATE creator_order_items SET purchase_event_at = now() WHERE store_id = $1 AND id = $2 AND purchase_event_at IS NULL RETURNING purchase_event_at AS at`,
    [storeId, id],
  );
  return rows[0]?.at ?? null;
}

// ---------------------------------------------------------------------------------------------
// Invoices.

export type InvoiceRow = {
  id: string;
  storeId: string;
  sn: string;
  status: "OPEN" | "CHARGE_PENDING" | "PAID" | "VOID";
  promotionCode: string | null;
  paidAmountCents: number | null;
  discountCents: number;
  chargeId: string | null;
  paidAt: Date | null;
  createdAt: Date;
};

type InvoiceDbRow = {
  id: string;
  store_id: string;
  sn: string;
  status: "OPEN" | "CHARGE_PENDING" | "PAID" | "VOID";
  promotion_code: string | null;
  paid_amount_cents: number | null;
  discount_cents: number;
  charge_id: string | null;
  paid_at: Date | null;
  created_at: Date;
};

function toInvoice(r: InvoiceDbRow): InvoiceRow {
  return {
    id: r.id,
    storeId: r.store_id,
    sn: r.sn,
    status: r.status,
    promotionCode: r.promotion_code,
    paidAmountCents: r.paid_amount_cents,
    discountCents: r.discount_cents,
    chargeId: r.charge_id,
    paidAt: r.paid_at,
    createdAt: r.created_at,
  };
}

export async function getCartInvoice(db: Queryable, storeId: string, lock = false): Promise<InvoiceRow | null> {
  const { rows } = await db.query(`SELECT * FROM creator_invoices WHERE store_id = $1 AND status IN ('OPEN', 'CHARGE_PENDING')${lock ? " FOR UPDATE" : ""}`, [storeId]);
  return rows[0] ? toInvoice(rows[0]) : null;
}

/** Creates the store's cart invoice unless another request just did; answers the one that exists. */
export async function ensureCartInvoice(db: Queryable, storeId: string, sn: string): Promise<InvoiceRow> {
  await db.query(`INSERT INTO creator_invoices (store_id, sn) VALUES ($1, $2) ON CONFLICT (store_id) WHERE status IN ('OPEN', 'CHARGE_PENDING') DO NOTHING`, [storeId, sn]);
  return (await getCartInvoice(db, storeId, true))!;
}

export async function getInvoice(db: Queryable, storeId: string, id: string, lock = false): Promise<InvoiceRow | null> {
  const { rows } = await db.query(`SELECT * FROM creator_invoices WHERE store_id = $1 AND id = $2${lock ? " FOR UPDATE" : ""}`, [storeId, id]);
  return rows[0] ? toInvoice(rows[0]) : null;
}

export async function getInvoiceBySn(db: Queryable, sn: string): Promise<(InvoiceRow & { storeTitle: string }) | null> {
  const { rows } = await db.query(`SELECT i.*, s.title AS store_title FROM creator_invoices i JOIN stores s ON s.id = i.store_id WHERE i.sn = $1`, [sn]);
  return rows[0] ? { ...toInvoice(rows[0]), storeTitle: rows[0].store_title } : null;
}

export async function listInvoices(db: Queryable, storeId: string, status: string | undefined, limit: number, offset: number): Promise<{ list: InvoiceRow[]; total: number }> {
  const params: unknown[] = [storeId];
  let where = `store_id = $1 AND EXISTS (SELECT 1 FROM creator_invoice_items ii WHERE ii.invoice_id = creator_invoices.id)`;
  if (status) {
    params.push(status);
    where += ` AND status = $2`;
  }
  const { rows } = await db.query(`SELECT * FROM creator_invoices WHERE ${where} ORDER BY created_at DESC, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, limit, offset]);
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM creator_invoices WHERE ${where}`, params);
  return { list: rows.map(toInvoice), total: count.rows[0]!.n };
}

export async function listPaidInvoicesWithoutAddress(db: Queryable, storeId: string): Promise<InvoiceRow[]> {
  const { rows } = await db.query(
    `SELECT i.* FROM creator_invoices i
      WHERE i.store_id = $1 AND i.status = 'PAID'
        AND NOT EXISTS (SELECT 1 FROM creator_invoice_shipping_addresses a WHERE a.invoice_id = i.id)
        AND EXISTS (SELECT 1 FROM creator_order_items oi WHERE oi.invoice_id = i.id AND oi.status IN ('IN_PRODUCTION', 'IN_SUBSCRIPTION'))
      ORDER BY i.paid_at DESC LIMIT 50`,
    [storeId],
  );
  return rows.map(toInvoice);
}

export async function setInvoiceState(
  db: Queryable,
  id: string,
  patch: { status: InvoiceRow["status"]; promotionCode?: string | null; paidAmountCents?: number; discountCents?: number; chargeId?: string },
): Promise<void> {
  await db.query(
    `UPDATE creator_invoices SET status = $2,
            promotion_code = CASE WHEN $3::boolean THEN $4 ELSE promotion_code END,
            paid_amount_cents = COALESCE($5, paid_amount_cents), discount_cents = COALESCE($6, discount_cents),
            charge_id = COALESCE($7, charge_id), paid_at = CASE WHEN $2 = 'PAID' THEN now() ELSE paid_at END, updated_at = now()
      WHERE id = $1`,
    [id, patch.status, patch.promotionCode !== undefined, patch.promotionCode ?? null, patch.paidAmountCents ?? null, patch.discountCents ?? null, patch.chargeId ?? null],
  );
}

export async function countPromotionCodeUses(db: Queryable, storeId: string, code?: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM creator_invoices WHERE store_id = $1 AND status = 'PAID' AND promotion_code IS NOT NULL AND ($2::text IS NULL OR promotion_code = $2)`,
    [storeId, code ?? null],
  );
  return rows[0]!.n;
}

// ---------------------------------------------------------------------------------------------
// Invoice items.

export type InvoiceLineRow = {
  id: string;
  orderItemId: string;
  kind: "SAMPLE" | "PRODUCTION";
  title: string;
  supplierName: string | null;
  quantity: number;
  unitPriceCents: number;
};

export async function listInvoiceLines(db: Queryable, invoiceIds: string[]): Promise<(InvoiceLineRow & { invoiceId: string })[]> {
  const { rows } = await db.query(
    `SELECT ii.id, ii.invoice_id, ii.order_item_id, oi.kind, oi.title, s.name AS supplier_name, ii.quantity, ii.unit_price_cents
       FROM creator_invoice_items ii
       JOIN creator_order_items oi ON oi.id = ii.order_item_id
       LEFT JOIN suppliers s ON s.id = oi.supplier_id
      WHERE ii.invoice_id = ANY($1::uuid[]) ORDER BY ii.created_at, ii.id`,
    [invoiceIds],
  );
  return rows.map((r) => ({
    id: r.id,
    invoiceId: r.invoice_id,
    orderItemId: r.order_item_id,
    kind: r.kind,
    title: r.title,
    supplierName: r.supplier_name,
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

// ---------------------------------------------------------------------------------------------
// Payment attempts.

export type PaymentRow = {
  id: string;
  invoiceId: string;
  storeId: string;
  providerKey: string;
  status: "PENDING" | "COMPLETED" | "INSTRUMENT_DECLINED";
  amountCents: number;
  chargeId: string | null;
};

type PaymentDbRow = {
  id: string;
  invoice_id: string;
  store_id: string;
  provider_key: string;
  status: "PENDING" | "COMPLETED" | "INSTRUMENT_DECLINED";
  amount_cents: number;
  charge_id: string | null;
};

function toPayment(r: PaymentDbRow): PaymentRow {
  return { id: r.id, invoiceId: r.invoice_id, storeId: r.store_id, providerKey: r.provider_key, status: r.status, amountCents: r.amount_cents, chargeId: r.charge_id };
}

export async function findPayment(db: Queryable, invoiceId: string, idempotencyKey: string): Promise<PaymentRow | null> {
  const { rows } = await db.query(`SELECT * FROM creator_invoice_payments WHERE invoice_id = $1 AND idempotency_key = $2`, [invoiceId, idempotencyKey]);
  return rows[0] ? toPayment(rows[0]) : null;
}

export async function insertPayment(
  db: Queryable,
  input: { invoiceId: string; storeId: string; method: "CARD" | "PAYPAL"; payer: "STORE" | "PUBLIC"; idempotencyKey: string; providerKey: string; amountCents: number },
): Promise<PaymentRow> {
  const { rows } = await db.query(
    `INSERT INTO creator_invoice_payments (invoice_id, store_id, method, payer, idempotency_key, provider_key, amount_cents)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [input.invoiceId, input.storeId, input.method, input.payer, input.idempotencyKey, input.providerKey, input.amountCents],
  );
  return toPayment(rows[0]!);
}

export async function finishPayment(db: Queryable, id: string, status: "COMPLETED" | "INSTRUMENT_DECLINED", chargeId: string): Promise<void> {
  await db.query(`UPDATE creator_invoice_payments SET status = $2, charge_id = $3, updated_at = now() WHERE id = $1`, [id, status, chargeId]);
}

/** Drops a pending attempt; false when it is gone already (settled, or taken over as stale). */
export async function deletePayment(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM creator_invoice_payments WHERE id = $1 AND status = 'PENDING'`, [id]);
  return (rowCount ?? 0) > 0;
}

/** Marks a pending attempt as alive (a same-key retry is driving it), so it is not taken for stale. */
export async function touchPayment(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE creator_invoice_payments SET updated_at = now() WHERE id = $1 AND status = 'PENDING'`, [id]);
}

/**
 * Replaces the invoice's pending attempt when it has not moved for `staleMinutes` (its process
 * died between claim and settle) by a new attempt under the caller's key. The new attempt keeps
 * the old provider key and amount, so a charge the old one made is found, never made twice.
 * Null when no attempt is that old. Runs with the invoice locked.
 */
export async function takeOverStalePayment(
  db: Queryable,
  input: { invoiceId: string; staleMinutes: number; method: "CARD" | "PAYPAL"; payer: "STORE" | "PUBLIC"; idempotencyKey: string },
): Promise<PaymentRow | null> {
  const { rows } = await db.query(
    `WITH stale AS (
       DELETE FROM creator_invoice_payments
        WHERE invoice_id = $1 AND status = 'PENDING' AND updated_at < now() - make_interval(mins => $2)
        RETURNING store_id, provider_key, amount_cents
     )
     INSERT INTO creator_invoice_payments (invoice_id, store_id, method, payer, idempotency_key, provider_key, amount_cents)
     SELECT $1, store_id, $3, $4, $5, provider_key, amount_cents FROM stale RETURNING *`,
    [input.invoiceId, input.staleMinutes, input.method, input.payer, input.idempotencyKey],
  );
  return rows[0] ? toPayment(rows[0]) : null;
}

/** The attempt that owns a provider key now (the original, or the one that took it over), locked. */
export async function lockPaymentByProviderKey(db: Queryable, invoiceId: string, providerKey: string): Promise<PaymentRow | null> {
  const { rows } = await db.query(`SELECT * FROM creator_invoice_payments WHERE invoice_id = $1 AND provider_key = $2 FOR UPDATE`, [invoiceId, providerKey]);
  return rows[0] ? toPayment(rows[0]) : null;
}

// ---------------------------------------------------------------------------------------------
// Shipping addresses.

export type ShippingAddressRow = { name: string; line1: string; line2: string | null; city: string; state: string | null; postalCode: string; countryCode: string; phone: string | null };

export async function getShippingAddresses(db: Queryable, invoiceIds: string[]): Promise<Map<string, ShippingAddressRow>> {
  const { rows } = await db.query(`SELECT * FROM creator_invoice_shipping_addresses WHERE invoice_id = ANY($1::uuid[])`, [invoiceIds]);
  return new Map(
    rows.map((r) => [r.invoice_id, { name: r.name, line1: r.line1, line2: r.line2, city: r.city, state: r.state, postalCode: r.postal_code, countryCode: r.country_code, phone: r.phone }]),
  );
}

export async function upsertShippingAddress(db: Queryable, storeId: string, invoiceId: string, a: ShippingAddressRow): Promise<void> {
  await db.query(
    `INSERT INTO creator_invoice_shipping_addresses (invoice_id, store_id, name, line1, line2, city, state, postal_code, country_code, phone)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (invoice_id) DO UPDATE SET name = $3, line1 = $4, line2 = $5, city = $6, state = $7, postal_code = $8, country_code = $9, phone = $10, updated_at = now()`,
    [invoiceId, storeId, a.name, a.line1, a.line2, a.city, a.state, a.postalCode, a.countryCode, a.phone],
  );
}

export async function countShippedItems(db: Queryable, invoiceId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM creator_order_items WHERE invoice_id = $1 AND status = 'SHIPPED'`, [invoiceId]);
  return rows[0]!.n;
}

/**
 * When an invoice's public payment page opens again after `declines` declined public cards within
 * `lockHours`: the time the oldest of those declines ages out; null when it is open.
 */
export async function publicPaymentLockedUntil(db: Queryable, invoiceId: string, declines: number, lockHours: number): Promise<Date | null> {
  const { rows } = await db.query<{ until: Date }>(
    `SELECT created_at + make_interval(hours => $3) AS until FROM creator_invoice_payments
     WHERE invoice_id = $1 AND payer = 'PUBLIC' AND status = 'INSTRUMENT_DECLINED' AND created_at > now() - make_interval(hours => $3)
     ORDER BY created_at DESC OFFSET $2 - 1 LIMIT 1`,
    [invoiceId, declines, lockHours],
  );
  return rows[0]?.until ?? null;
}
