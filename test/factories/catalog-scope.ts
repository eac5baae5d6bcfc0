import crypto from "node:crypto";
import type pg from "pg";
import { embedText, toVectorLiteral } from "../../api/src/embeddings";
import { generateCatalog } from "../../api/src/demo/generate-catalog";
import { startOfUtcDay } from "../../api/src/demo/dates";
import { createRng } from "../../api/src/demo/prng";

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

// --- A market scope: demo-generated rows plus bucket-edge rows, for filter and sort checks ------

export const VERTICAL_KEYS = ["products", "ecommerce-packaging", "business-creative-services", "website-development"] as const;
type VerticalKey = (typeof VERTICAL_KEYS)[number];

export type MarketScope = {
  /** The fresh group of each vertical (and its two subgroups); every row of the scope sits under one. */
  verticals: Record<VerticalKey, { verticalId: number; groupId: number; groupKey: string; subgroupIds: number[] }>;
  /** The four group ids: pass them as categoryIds to keep a search inside the scope. */
  scopeIds: number[];
  /** A made-up word in the names and titles of about a third of the rows (keyword checks). */
  word: typeof SCOPE_WORD;
  supplierIds: string[];
  itemIds: string[];
};

/**
 * The scope's keyword: a made-up word, fixed so a keyword check is repeatable (a random word once
 * drew an untagged title within the semantic threshold). Scopes need not differ in it: searches
 * are kept inside a scope by its category ids.
 */
export const SCOPE_WORD = "zorbleflux";

// Hand-made rows on every bucket's edges (the demo draws rarely land on 99, 100, 4999, 5000…).
const EDGE_SUPPLIERS: (SupplierFixture & { vertical: VerticalKey; contact?: boolean })[] = [
  { name: "Alder Knit", vertical: "products", employees: 300, moq: 0, samplePrice: 500, productionDaysMax: 30, orderVolume: 0, productionMinPrice: 100, tariff: 25, rank: 50, isOnline: true, countryCode: "CN", region: "AS", capabilities: ["private label", "embroidery"] },
  { name: "Birch Print", vertical: "products", employees: 250, moq: 99, samplePrice: 4999, productionDaysMax: 31, orderVolume: 999, productionMinPrice: 900, tariff: 0, rank: 10, countryCode: "US", region: "NA", capabilities: ["drop shipping"] },
  { name: "Cedar Leather", vertical: "products", employees: 100, moq: 100, samplePrice: 5000, productionDaysMax: 60, orderVolume: 1000, productionMinPrice: null, tariff: 12, rank: 40, countryCode: "IT", region: "EU", expanded: true, capabilities: ["Custom tooling"] },
  { name: "Dogwood Ceramics", vertical: "products", employees: 99, moq: 1000, samplePrice: 10000, productionDaysMax: 61, orderVolume: 4999, productionMinPrice: 300, tariff: 15, rank: 30, isOnline: true, countryCode: "VN", region: "AS", capabilities: ["OEM manufacturing"], contact: false },
  { name: "Elm Packaging", vertical: "ecommerce-packaging", employees: 50, moq: null, samplePrice: null, productionDaysMax: 90, orderVolume: 5000, productionMinPrice: 2000, tariff: 5, rank: 20, countryCode: "IN", region: "AS", capabilities: ["flexo printing"] },
  { name: "Fir Studio", vertical: "business-creative-services", employees: 49, moq: 5000, samplePrice: 499, productionDaysMax: 91, orderVolume: 20000, productionMinPrice: 50, tariff: 30, rank: 60, countryCode: "BR", region: "SA", capabilities: ["copywriting"] },
  { name: "Ginkgo Works", vertical: "website-development", employees: 10, moq: 1, samplePrice: 20000, productionDaysMax: 200, orderVolume: 10, productionMinPrice: 700, tariff: 8, rank: 5, countryCode: "ZA", region: "AF", capabilities: ["SEO"], contact: false },
  { name: "Hazel Goods", vertical: "products", employees: 1000, moq: 999, samplePrice: 9999, productionDaysMax: 45, orderVolume: 3000, productionMinPrice: 1000, tariff: 18, rank: 70, countryCode: "AU", region: "OA", capabilities: ["quality inspection"], expanded: true },
];
/** Item edges: sample price, MOQ and production days at each bucket boundary, and custom quotes. */
const EDGE_ITEMS: { supplier: number; samplePrice: number | null; moq: number | null; productionDaysMax: number; price: number | null; type: "PRODUCT" | "PACKAGING" | "SERVICES" }[] = [
  { supplier: 0, samplePrice: 499, moq: 0, productionDaysMax: 30, price: 2000, type: "PRODUCT" },
  { supplier: 0, samplePrice: 500, moq: 99, productionDaysMax: 31, price: 500, type: "PRODUCT" },
  { supplier: 1, samplePrice: 4999, moq: 100, productionDaysMax: 60, price: null, type: "PRODUCT" },
  { supplier: 2, samplePrice: 5000, moq: 999, productionDaysMax: 61, price: 800, type: "PRODUCT" },
  { supplier: 3, samplePrice: 9999, moq: 1000, productionDaysMax: 90, price: 801, type: "PRODUCT" },
  { supplier: 4, samplePrice: 10000, moq: null, productionDaysMax: 91, price: 35, type: "PACKAGING" },
  { supplier: 5, samplePrice: null, moq: 1, productionDaysMax: 14, price: 60000, type: "SERVICES" },
  { supplier: 7, samplePrice: null, moq: 20000, productionDaysMax: 120, price: 1200, type: "PRODUCT" },
];
/** Ratings per edge supplier: averages 5, 4, 3, 2, 1, 3.5, none, 4.5 (the trigger keeps average_review). */
const EDGE_REVIEWS: number[][] = [[5], [4], [3], [2], [1], [3, 4], [], [4, 5]];

type SupplierInsert = {
  name: string; slug: string; country_code: string; region: string; description: string; capabilities: string[]; category_ids: number[]; primary_vertical: string;
  employee_count: number; moq: number | null; sample_price_min_cents: number | null; production_days_min: number; production_days_max: number;
  order_volume_units: number; production_min_price_cents: number | null; tariff_rate_percent: number; rank: number; enabled_at: string | null;
  first_enabled_at: string | null; is_online: boolean; last_online_at: string | null; is_expanded_network: boolean; contact_email: string | null; embedding: string;
};
type ItemInsert = {
  supplier: number; vertical_id: number; group_id: number; subgroup_id: number; type: string; title: string; description: string; keywords: string;
  price_min_cents: number | null; moq: number | null; sample_price_cents: number | null; production_days_max: number; image_seed: number; image_color: string;
  is_sample_kit: boolean; rank: number; ranked_at: string; enabled_at: string | null; first_enabled_at: string | null; created_at: string; embedding: string;
};

const daysAgo = (anchor: Date, days: number) => new Date(anchor.getTime() - days * 86_400_000).toISOString();

/**
 * A scope of its own under fresh groups of all four verticals: the demo generator's suppliers,
 * items and reviews at a small scale (realistic spreads: disabled rows, NULL prices, ties), plus
 * hand-made rows on every filter bucket's edges. Rows are bulk-inserted (a few statements).
 */
export async function seedMarketScope(pool: pg.Pool, options: { scale?: number; seed?: number } = {}): Promise<MarketScope> {
  const anchor = startOfUtcDay(new Date());
  // The seed is one whose 25 suppliers hold what the checks need: a disabled supplier, all four
  // verticals, every region, the expanded network and online suppliers (re-picked when the demo
  // generator changed its draws for coherent suppliers).
  const demo = generateCatalog(createRng(options.seed ?? 5189, "market-scope"), anchor, options.scale ?? 0.02);
  const word = SCOPE_WORD;
  const tag = uniq();
  const verticals = {} as MarketScope["verticals"];
  for (const vertical of VERTICAL_KEYS) {
    const verticalId = await ensureVertical(pool, vertical);
    const groupKey = `${vertical}/scope-${tag}`;
    const { rows: g } = await pool.query("INSERT INTO catalog_categories (parent_id, level, vertical, key, slug, title) VALUES ($1, 'GROUP', $2, $3, $4, $5) RETURNING id", [verticalId, vertical, groupKey, `scope-${tag}`, `Scope ${tag}`]);
    const subgroupIds: number[] = [];
    for (const sub of ["one", "two"]) {
      const { rows } = await pool.query("INSERT INTO catalog_categories (parent_id, level, vertical, key, slug, title, position) VALUES ($1, 'SUBGROUP', $2, $3, $4, $5, $6) RETURNING id", [g[0].id, vertical, `${groupKey}/${sub}`, sub, `Scope ${sub}`, subgroupIds.length]);
      subgroupIds.push(rows[0].id);
    }
    verticals[vertical] = { verticalId, groupId: g[0].id, groupKey, subgroupIds };
  }
  // Demo categories map onto the scope: a vertical to itself, any group to the scope's group, a subgroup to one of its two.
  const mapKey = (key: string): number[] => {
    const [vertical, group, sub] = key.split("/") as [VerticalKey, string?, string?];
    const v = verticals[vertical];
    if (!group) return [v.verticalId];
    if (!sub) return [v.groupId];
    return [v.subgroupIds[[...sub].reduce((h, c) => h + c.charCodeAt(0), 0) % 2]!];
  };
  const tagged = (n: number, text: string) => (n % 3 === 0 ? `${text} ${word}` : text);

  const suppliers: SupplierInsert[] = demo.suppliers.map((s, n) => ({
    name: tagged(n, s.name), slug: `scope-${tag}-${n}`, country_code: s.countryCode, region: s.region, description: s.description, capabilities: s.capabilities,
    category_ids: [...new Set(s.categoryKeys.flatMap(mapKey))], primary_vertical: s.primaryVertical, employee_count: s.employeeCount, moq: s.moq,
    sample_price_min_cents: s.samplePriceMinCents, production_days_min: s.productionDaysMin, production_days_max: s.productionDaysMax, order_volume_units: s.orderVolumeUnits,
    production_min_price_cents: s.productionMinPriceCents, tariff_rate_percent: s.tariffRatePercent, rank: s.rank, enabled_at: s.enabledAt, first_enabled_at: s.firstEnabledAt,
    is_online: s.isOnline, last_online_at: s.lastOnlineAt, is_expanded_network: s.isExpandedNetwork, contact_email: n % 7 === 3 ? null : s.contactEmail,
    embedding: toVectorLiteral(embedText(`${tagged(n, s.name)} ${s.capabilities.join(" ")} ${s.description}`)),
  }));
  const base = suppliers.length;
  for (const [n, e] of EDGE_SUPPLIERS.entries()) {
    const v = verticals[e.vertical];
    // No random part in names or titles (the slug has it): the offline embedder hashes its features,
    // and a random tag's sometimes landed on the scope word's, matching an untagged row by meaning.
    const name = tagged(base + n, e.name);
    suppliers.push({
      name, slug: `scope-${tag}-edge-${n}`, country_code: e.countryCode!, region: e.region!, description: "", capabilities: e.capabilities ?? [],
      category_ids: [v.verticalId, v.groupId, v.subgroupIds[n % 2]!], primary_vertical: e.vertical, employee_count: e.employees!, moq: e.moq ?? null,
      sample_price_min_cents: e.samplePrice ?? null, production_days_min: 1, production_days_max: e.productionDaysMax!, order_volume_units: e.orderVolume!,
      production_min_price_cents: e.productionMinPrice ?? null, tariff_rate_percent: e.tariff!, rank: e.rank!, enabled_at: daysAgo(anchor, n + 0.5),
      // Edge suppliers were first enabled in the reverse order of their last enabling, so Newest and Newly added differ.
      first_enabled_at: daysAgo(anchor, 400 - n * 10), is_online: e.isOnline ?? false, last_online_at: e.isOnline ? daysAgo(anchor, n / 100) : null,
      is_expanded_network: e.expanded ?? false, contact_email: e.contact === false ? null : `edge-${n}-${tag}@example.com`, embedding: toVectorLiteral(embedText(`${name} ${(e.capabilities ?? []).join(" ")}`)),
    });
  }

  const supplierIndex = new Map(demo.suppliers.map((s, n) => [s.id, n]));
  const items: ItemInsert[] = demo.items.map((it, n) => {
    const [subgroupId] = mapKey(it.subgroupKey);
    const title = tagged(n + 1, it.title);
    // Every other item was switched off and on again: first enabled well before its current enabling.
    const firstEnabled = it.enabledAt && n % 2 === 0 ? new Date((Date.parse(it.createdAt) + Date.parse(it.enabledAt)) / 2).toISOString() : it.enabledAt;
    return {
      supplier: supplierIndex.get(it.supplierId)!, vertical_id: verticals[it.verticalKey as VerticalKey].verticalId, group_id: verticals[it.verticalKey as VerticalKey].groupId,
      subgroup_id: subgroupId!, type: it.type, title, description: it.description, keywords: it.keywords, price_min_cents: it.priceMinCents, moq: it.moq,
      sample_price_cents: it.samplePriceCents, production_days_max: it.productionDaysMax, image_seed: it.imageSeed, image_color: it.imageColor, is_sample_kit: it.isSampleKit,
      rank: it.rank, ranked_at: it.rankedAt, enabled_at: it.enabledAt, first_enabled_at: firstEnabled, created_at: it.createdAt,
      embedding: toVectorLiteral(embedText(`${title} ${it.keywords} ${it.description}`)),
    };
  });
  for (const [n, e] of EDGE_ITEMS.entries()) {
    const vertical = EDGE_SUPPLIERS[e.supplier]!.vertical;
    const v = verticals[vertical];
    const title = tagged(n, `Edge item ${n}`);
    items.push({
      supplier: base + e.supplier, vertical_id: v.verticalId, group_id: v.groupId, subgroup_id: v.subgroupIds[n % 2]!, type: e.type, title, description: "", keywords: "",
      price_min_cents: e.price, moq: e.moq, sample_price_cents: e.samplePrice, production_days_max: e.productionDaysMax, image_seed: n, image_color: "#336699",
      is_sample_kit: n === 1, rank: 500 + n, ranked_at: daysAgo(anchor, n), enabled_at: daysAgo(anchor, n + 0.25), first_enabled_at: daysAgo(anchor, 300 - n * 20),
      created_at: daysAgo(anchor, 600), embedding: toVectorLiteral(embedText(title)),
    });
  }

  const { rows: s } = await pool.query<{ id: string }>(
    `INSERT INTO suppliers (name, slug, country_code, region, description, capabilities, capabilities_text, category_ids, primary_vertical, employee_count, moq,
       sample_price_min_cents, sample_price_max_cents, production_days_min, production_days_max, order_volume_units, production_min_price_cents, tariff_rate_percent,
       rank, enabled_at, first_enabled_at, is_online, last_online_at, is_expanded_network, contact_email, embedding)
     SELECT r.name, r.slug, r.country_code, r.region, r.description, r.capabilities, array_to_string(r.capabilities, ', '), r.category_ids, r.primary_vertical, r.employee_count, r.moq,
       r.sample_price_min_cents, r.sample_price_min_cents, r.production_days_min, r.production_days_max, r.order_volume_units, r.production_min_price_cents, r.tariff_rate_percent,
       r.rank, r.enabled_at, r.first_enabled_at, r.is_online, r.last_online_at, r.is_expanded_network, r.contact_email, r.embedding::vector
       FROM jsonb_to_recordset($1::jsonb) AS r(name text, slug text, country_code text, region text, description text, capabilities text[], category_ids int[],
         primary_vertical text, employee_count int, moq int, sample_price_min_cents int, production_days_min int, production_days_max int, order_volume_units int,
         production_min_price_cents int, tariff_rate_percent numeric, rank int, enabled_at timestamptz, first_enabled_at timestamptz, is_online boolean,
         last_online_at timestamptz, is_expanded_network boolean, contact_email text, embedding text, n int)
      ORDER BY n RETURNING id`,
    [JSON.stringify(suppliers.map((r, n) => ({ ...r, n })))],
  );
  const supplierIds = s.map((r) => r.id);
  const { rows: i } = await pool.query<{ id: string }>(
    `INSERT INTO catalog_items (supplier_id, vertical_id, group_id, subgroup_id, type, title, description, keywords, price_min_cents, price_max_cents, moq, sample_price_cents,
       production_days_min, production_days_max, image_seed, image_color, is_sample_kit, rank, ranked_at, enabled_at, first_enabled_at, created_at, embedding)
     SELECT (($2::uuid[])[r.supplier + 1]), r.vertical_id, r.group_id, r.subgroup_id, r.type, r.title, r.description, r.keywords, r.price_min_cents, r.price_min_cents, r.moq,
       r.sample_price_cents, 1, r.production_days_max, r.image_seed, r.image_color, r.is_sample_kit, r.rank, r.ranked_at, r.enabled_at, r.first_enabled_at, r.created_at, r.embedding::vector
       FROM jsonb_to_recordset($1::jsonb) AS r(supplier int, vertical_id int, group_id int, subgroup_id int, type text, title text, description text, keywords text,
         price_min_cents int, moq int, sample_price_cents int, production_days_max int, image_seed int, image_color text, is_sample_kit boolean, rank int,
         ranked_at timestamptz, enabled_at timestamptz, first_enabled_at timestamptz, created_at timestamptz, embedding text, n int)
      ORDER BY n RETURNING id`,
    [JSON.stringify(items.map((r, n) => ({ ...r, n }))), supplierIds],
  );
  const reviews = [
    ...demo.reviews.map((r) => ({ supplier: supplierIndex.get(r.supplierId)!, rating: r.rating })),
    ...EDGE_REVIEWS.flatMap((ratings, n) => ratings.map((rating) => ({ supplier: base + n, rating }))),
  ];
  await pool.query(
    `INSERT INTO supplier_reviews (supplier_id, author_name, rating, body)
     SELECT ($2::uuid[])[r.supplier + 1], 'Scope', r.rating, 'seeded' FROM jsonb_to_recordset($1::jsonb) AS r(supplier int, rating int)`,
    [JSON.stringify(reviews), supplierIds],
  );
  return { verticals, scopeIds: VERTICAL_KEYS.map((v) => verticals[v].groupId), word, supplierIds, itemIds: i.map((r) => r.id) };
}
