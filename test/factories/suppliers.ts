// Suppliers and catalogue items for tests, written to the database as the catalogue import writes
// them (the product has no API that creates a supplier: they come from the catalogue). Every row
// has a unique slug and title tag, so a test finds its own rows on the run's shared database.
import { embedText, toVectorLiteral } from "../../api/src/embeddings";
import { poolOf, type FactoryApi } from "./accounts";

const tag = () => crypto.randomUUID().slice(0, 8);

export type SupplierFields = {
  name?: string;
  countryCode?: string;
  /** AF, NA, SA, AS, EU or OA. */
  region?: string;
  city?: string;
  description?: string;
  capabilities?: string[];
  employees?: number;
  /** null is "custom quote". */
  moq?: number | null;
  samplePriceCents?: number | null;
  productionDaysMin?: number;
  productionDaysMax?: number;
  expanded?: boolean;
  contactEmail?: string | null;
  website?: string | null;
  phoneNumber?: string | null;
  /** Listed on the marketplace (enabled_at now); off by default. */
  enabled?: boolean;
  /**
   * The supplier's search vector: "text" embeds its name, capabilities and description as the
   * catalogue import does; a vector is stored as given; none by default, so the supplier never
   * shows in another test's semantic search.
   */
  embedding?: "text" | number[];
};

/** One supplier; returns its id. */
export async function createSupplier(api: FactoryApi, s: SupplierFields = {}): Promise<string> {
  const name = s.name ?? `Test Supplier ${tag()}`;
  const capabilities = s.capabilities ?? [];
  const description = s.description ?? "";
  let vector: string | null = null;
  if (s.embedding === "text") vector = toVectorLiteral(embedText(`${name}. Capabilities: ${capabilities.join(", ")}. ${description}`));
  else if (s.embedding) vector = `[${s.embedding.join(",")}]`;
  const { rows } = await poolOf(api).query<{ id: string }>(
    `INSERT INTO suppliers (name, slug, country_code, region, city, description, capabilities, capabilities_text, employee_count, moq,
       sample_price_min_cents, sample_price_max_cents, production_days_min, production_days_max, is_expanded_network, contact_email, website, phone_number,
       enabled_at, embedding)
     VALUES ($1, $2, $3, $4, $5, $6, $7::text[], array_to_string($7::text[], ', '), $8, $9, $10, $10, $11, $12, $13, $14, $15, $16,
       CASE WHEN $17::boolean THEN now() END, $18::vector)
     RETURNING id`,
    [
      name,
      `test-${tag()}-${tag()}`,
      s.countryCode ?? "CN",
      s.region ?? "AS",
      s.city ?? "",
      description,
      capabilities,
      s.employees ?? 40,
      s.moq === undefined ? null : s.moq,
      s.samplePriceCents === undefined ? null : s.samplePriceCents,
      s.productionDaysMin ?? 5,
      s.productionDaysMax ?? 30,
      s.expanded ?? false,
      s.contactEmail ?? null,
      s.website ?? null,
      s.phoneNumber ?? null,
      s.enabled ?? false,
      vector,
    ],
  );
  return rows[0]!.id;
}

export type ItemFields = {
  title?: string;
  type?: "PRODUCT" | "PACKAGING" | "SERVICES";
  moq?: number | null;
  samplePriceCents?: number | null;
  priceMinCents?: number | null;
  priceMaxCents?: number | null;
  productionDaysMin?: number;
  productionDaysMax?: number;
  /** The spec's colour entries: name|hex|variant, separated by semicolons. */
  colors?: string;
  /** Listed on the marketplace (enabled_at now); on by default. */
  enabled?: boolean;
};

/** One catalogue item of the supplier, under the shared "products" vertical; returns its id and title. */
export async function createItem(api: FactoryApi, supplierId: string, it: ItemFields = {}): Promise<{ id: string; title: string }> {
  const pool = poolOf(api);
  // One VERTICAL row per vertical (a unique index): every test shares it.
  await pool.query(`INSERT INTO catalog_categories (level, vertical, key, slug, title) VALUES ('VERTICAL', 'products', 'products', 'products', 'Products') ON CONFLICT DO NOTHING`);
  const title = it.title ?? `Test item ${tag()}`;
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO catalog_items (supplier_id, vertical_id, type, title, moq, sample_price_cents, price_min_cents, price_max_cents, production_days_min, production_days_max, colors, enabled_at)
     SELECT $1, c.id, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $11::boolean THEN now() END
     FROM catalog_categories c WHERE c.level = 'VERTICAL' AND c.vertical = 'products'
     RETURNING id`,
    [
      supplierId,
      it.type ?? "PRODUCT",
      title,
      it.moq === undefined ? 100 : it.moq,
      it.samplePriceCents === undefined ? 2500 : it.samplePriceCents,
      it.priceMinCents === undefined ? 400 : it.priceMinCents,
      it.priceMaxCents === undefined ? 800 : it.priceMaxCents,
      it.productionDaysMin ?? 10,
      it.productionDaysMax ?? 20,
      it.colors ?? "",
      it.enabled ?? true,
    ],
  );
  return { id: rows[0]!.id, title };
}
