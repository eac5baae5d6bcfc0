import type { Queryable } from "../../db/pool";

// Where a paid invoice ships.

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
