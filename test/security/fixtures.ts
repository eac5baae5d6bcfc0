import crypto from "node:crypto";
import { purchasing } from "@atelier/contracts";
import { as, registerUser, type TestApi, type TestUser } from "../../api/test/harness";

// Small local fixtures (the shared factories are being written elsewhere): a supplier with one
// catalog item, and a store with that item's sample in its cart.

export const VISA = "4242424242424242";
export const DECLINED = "4000000000000002";
export const card = (number: string) => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: "123" });

/** A supplier and one catalog item of its own, with unique names. */
export async function seedSupplierItem(api: TestApi): Promise<{ supplierId: string; itemId: string }> {
  const pool = api.deps.pool;
  const tag = crypto.randomUUID().slice(0, 8);
  await pool.query(`INSERT INTO catalog_categories (level, vertical, key, slug, title) VALUES ('VERTICAL', 'products', 'products', 'products', 'Products') ON CONFLICT DO NOTHING`);
  const cat = await pool.query(`SELECT id FROM catalog_categories WHERE level = 'VERTICAL' AND vertical = 'products'`);
  const sup = await pool.query(
    `INSERT INTO suppliers (name, slug, country_code, region, employee_count, production_days_min, production_days_max, contact_email, enabled_at)
     VALUES ($1, $2, 'CN', 'AS', 80, 10, 30, $3, now()) RETURNING id`,
    [`Security Test Supplier ${tag}`, `security-test-${tag}`, `factory-${tag}@example.com`],
  );
  const item = await pool.query(
    `INSERT INTO catalog_items (supplier_id, vertical_id, type, title, moq, sample_price_cents, price_min_cents, price_max_cents, production_days_min, production_days_max, enabled_at)
     VALUES ($1, $2, 'PRODUCT', $3, 100, 2500, 400, 800, 10, 20, now()) RETURNING id`,
    [sup.rows[0].id, cat.rows[0].id, `Canvas tote ${tag}`],
  );
  return { supplierId: sup.rows[0].id, itemId: item.rows[0].id };
}

/** A store with one sample of a new supplier's item in its cart: the cart's open invoice. */
export async function cartWithSample(api: TestApi, user?: TestUser) {
  const owner = user ?? (await registerUser(api));
  const { supplierId, itemId } = await seedSupplierItem(api);
  await as(api, owner.token, purchasing.createCreatorOrderItem, { body: { catalogItemId: itemId, kind: "SAMPLE", addToCart: true } });
  const cart = await as(api, owner.token, purchasing.listShoppingCartOrders, {});
  return { owner, supplierId, itemId, invoiceId: cart.invoice!.id, sn: cart.invoice!.sn };
}
