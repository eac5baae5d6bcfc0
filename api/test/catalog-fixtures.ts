import crypto from "node:crypto";
import type pg from "pg";
import { embedText, toVectorLiteral } from "../src/embeddings";

// Catalogue fixtures for the marketplace tests: one fresh category group (unique key) under a
// vertical, with its own suppliers and items, so a test can scope every search to its rows.

export type SupplierFixture = {
  name: string; countryCode?: string; region?: string; employees?: number; moq?: number | null; samplePrice?: number | null;
  productionDaysMax?: number; orderVolume?: number; productionMinPrice?: number | null; tariff?: number; rank?: number;
  enabledDaysAgo?: number; firstEnabledDaysAgo?: number; isOnline?: boolean; expanded?: boolean; capabilities?: string[]; description?: string; vertical?: string;
};
export type ItemFixture = { supplier: number; title: string; description?: string; keywords?: string; type?: string; price?: number | null; moq?: number | null; samplePrice?: number | null; productionDaysMax?: number; rank?: number; imageSeed?: number; imageColor?: string; isSampleKit?: boolean; subgroup?: 0 | 1 };

export type CatalogFixture = { verticalId: number; groupId: number; groupKey: string; subgroupIds: number[]; supplierIds: string[]; itemIds: string[] };

export const uniq = () => crypto.randomUUID().slice(0, 8);

async function ensureVertical(pool: pg.Pool, vertical: string): Promise<number> {
  await pool.query(`INSERT INTO catalog_categories (level, vertical, key, slug, title) VALUES ('VERTICAL', $1, $1, $1, initcap($1)) ON CONFLICT DO NOTHING`, [vertical]);
  const { rows } = await pool.query("SELECT id FROM catalog_categories WHERE level = 'VERTICAL' AND vertical = $1", [vertical]);
  return rows[0].id;
}

/** Inserts one group with two subgroups, the suppliers and the items; returns their ids in order. */
export async function seedCatalog(pool: pg.Pool, suppliers: SupplierFixture[], items: ItemFixture[] = [], vertical = "products"): Promise<CatalogFixture> {
  const verticalId = await ensureVertical(pool, vertical);
  const slug = `test-${uniq()}`;
  const groupKey = `${vertical}/${slug}`;
  const { rows: g } = await pool.query("INSERT INTO catalog_categories (parent_id, level, vertical, key, slug, title) VALUES ($1, 'GROUP', $2, $3, $4, $5) RETURNING id", [verticalId, vertical, groupKey, slug, `Group ${slug}`]);
  const groupId: number = g[0].id;
  const subgroupIds: number[] = [];
  for (const sub of ["alpha", "beta"]) {
    const { rows } = await pool.query("INSERT INTO catalog_categories (parent_id, level, vertical, key, slug, title, position) VALUES ($1, 'SUBGROUP', $2, $3, $4, $5, $6) RETURNING id", [groupId, vertical, `${groupKey}/${sub}`, sub, `Sub ${sub}`, subgroupIds.length]);
    subgroupIds.push(rows[0].id);
  }
  const supplierIds: string[] = [];
  for (const [n, s] of suppliers.entries()) {
    const text = `${s.name} ${(s.capabilities ?? []).join(" ")} ${s.description ?? ""}`;
    const { rows } = await pool.query(
      `INSERT INTO suppliers (name, slug, country_code, region, description, capabilities, capabilities_text, category_ids, primary_vertical, employee_count, moq,
         sample_price_min_cents, sample_price_max_cents, production_days_min, production_days_max, order_volume_units, production_min_price_cents, tariff_rate_percent,
         rank, enabled_at, first_enabled_at, is_online, last_online_at, is_expanded_network, embedding)
       VALUES ($1, $2, $3, $4, $5, $6::text[], array_to_string($6::text[], ' '), $7::int[], $8, $9, $10, $11, $11, 1, $12, $13, $14, $15, $16,
         now() - make_interval(days => $17::int), now() - make_interval(days => $18::int), $19::boolean, CASE WHEN $19::boolean THEN now() - make_interval(mins => $20::int) END, $21, $22)
       RETURNING id`,
      [
        s.name, `${slug}-${n}`, s.countryCode ?? "CN", s.region ?? "AS", s.description ?? "", s.capabilities ?? [], [verticalId, groupId, subgroupIds[n % 2]!], s.vertical ?? vertical,
        s.employees ?? 100, s.moq === undefined ? 100 : s.moq, s.samplePrice === undefined ? 2000 : s.samplePrice, s.productionDaysMax ?? 30, s.orderVolume ?? 1000,
        s.productionMinPrice === undefined ? 500 : s.productionMinPrice, s.tariff ?? 10, s.rank ?? n, s.enabledDaysAgo ?? n, s.firstEnabledDaysAgo ?? n, s.isOnline ?? false, n,
        s.expanded ?? false, toVectorLiteral(embedText(text)),
      ],
    );
    supplierIds.push(rows[0].id);
  }
  const itemIds: string[] = [];
  for (const [n, it] of items.entries()) {
    const text = `${it.title} ${it.keywords ?? ""} ${it.description ?? ""}`;
    const { rows } = await pool.query(
      `INSERT INTO catalog_items (supplier_id, vertical_id, group_id, subgroup_id, type, title, description, keywords, price_min_cents, price_max_cents, moq, sample_price_cents,
         production_days_min, production_days_max, image_seed, image_color, is_sample_kit, rank, ranked_at, enabled_at, embedding, colors)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, 1, $12, $13, $14, $15, $16, now() - make_interval(days => $17::int), now() - make_interval(days => $17::int), $18, 'Red|#ff0000|matte;bad entry')
       RETURNING id`,
      [
        supplierIds[it.supplier], verticalId, groupId, subgroupIds[it.subgroup ?? 0], it.type ?? "PRODUCT", it.title, it.description ?? "", it.keywords ?? "", it.price === undefined ? 1000 : it.price,
        it.moq === undefined ? 50 : it.moq, it.samplePrice === undefined ? 1500 : it.samplePrice, it.productionDaysMax ?? 20, it.imageSeed ?? n, it.imageColor ?? "#336699", it.isSampleKit ?? false,
        it.rank ?? n, n, toVectorLiteral(embedText(text)),
      ],
    );
    itemIds.push(rows[0].id);
  }
  return { verticalId, groupId, groupKey, subgroupIds, supplierIds, itemIds };
}
