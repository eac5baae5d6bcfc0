import type { Queryable } from "../../db/pool";

// What the marketplace knows about one kind of product: the listed items that match it (by their
// category titles or their search words) and their suppliers. Read by business kits' market
// research and product ideas.

export type MarketItemRow = {
  item_id: string;
  title: string;
  price_min_cents: number | null;
  price_max_cents: number | null;
  moq: number | null;
  sample_price_cents: number | null;
  production_days_min: number;
  production_days_max: number;
  supplier_id: string;
  supplier_name: string;
  country_code: string;
  tariff_rate_percent: string;
  rank: number;
};

/** Listed items matching the words (any of them), best ranked first, with their supplier. */
export async function listMarketItemRows(db: Queryable, words: readonly string[], limit: number): Promise<MarketItemRow[]> {
  if (!words.length) return [];
  const query = words.map((w) => w.replace(/[^\p{L}\p{N}\s-]/gu, " ").trim()).filter(Boolean).map((w) => `"${w}"`).join(" or ");
  if (!query) return [];
  const { rows } = await db.query<MarketItemRow>(
    `SELECT ci.id AS item_id, ci.title, ci.price_min_cents, ci.price_max_cents, ci.moq, ci.sample_price_cents,
            ci.production_days_min, ci.production_days_max, s.id AS supplier_id, s.name AS supplier_name, s.country_code,
            s.tariff_rate_percent::text, ci.rank
       FROM catalog_items ci
       JOIN suppliers s ON s.id = ci.supplier_id AND s.enabled_at IS NOT NULL
      WHERE ci.enabled_at IS NOT NULL AND ci.type = 'PRODUCT'
        AND (ci.search_document @@ websearch_to_tsquery('english', $1)
             OR EXISTS (SELECT 1 FROM catalog_categories c WHERE c.id IN (ci.group_id, ci.subgroup_id) AND c.title ILIKE ANY($2)))
      ORDER BY ci.rank DESC, ci.id
      LIMIT $3`,
    [query, words.map((w) => `%${w.replace(/[%_\\]/g, "")}%`), limit],
  );
  return rows;
}

/** Which of the names (lower-cased) a listed supplier already uses. */
export async function supplierNamesTaken(db: Queryable, names: readonly string[]): Promise<string[]> {
  if (!names.length) return [];
  const { rows } = await db.query<{ name: string }>(`SELECT DISTINCT lower(name) AS name FROM suppliers WHERE lower(name) = ANY($1)`, [names.map((n) => n.toLowerCase())]);
  return rows.map((r) => r.name);
}
