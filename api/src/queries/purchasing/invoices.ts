import type { Queryable } from "../../db/pool";

// Invoices, the cart among them. Every statement is scoped to one store.

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

/** An invoice of any store by its public number (the public pay page). */
export async function getInvoiceBySn(db: Queryable, sn: string): Promise<InvoiceRow | null> {
  const { rows } = await db.query(`SELECT * FROM creator_invoices WHERE sn = $1`, [sn]);
  return rows[0] ? toInvoice(rows[0]) : null;
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
