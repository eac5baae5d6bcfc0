// Seeds a fresh database with the demo marketplace and two ready-to-use accounts, so a new
// install has something to search, buy from and analyse. Deterministic: the same seed, scale
// and anchor day give the same rows (ids included).
import type pg from "pg";
import { withTransaction, type Queryable } from "../db/pool";
import { hashPassword } from "../auth/passwords";
import { findUserByEmail, insertMember, insertStore, insertUser } from "../queries/accounts";
import { embedText, toVectorLiteral } from "../embeddings";
import { createRng } from "./prng";
import { startOfUtcDay, daysBefore } from "./dates";
import { generateCatalog, type CatalogSeed } from "./generate-catalog";
import { generateCommerce, type CommerceSeed } from "./generate-commerce";
import { backdateStore, deferSearchIndexes, hasSuppliers, insertActiveSubscription, insertRows, listColumn, packList, upsertCategories } from "./queries";
import { backfillDemoHolds } from "../queries/orders/ledger";
import { demoSupplierEmail, seedDemoInbox } from "../services/inbox/seed-demo-inbox";
import type { FileStorage } from "../storage";
import { seedDemoInventory } from "../queries/inventory/stock";
import { seedDemoKits } from "../queries/inventory/kits";
import { enableDemoAnalytics } from "./seed-analytics";
import { seedDemoReturns } from "../queries/returns/seed";
import { seedDemoReceivings } from "../queries/receivings/seed";
import { seedDemoFees } from "../services/fees/seed-demo-fees";
import { seedDemoInspections } from "../queries/quality/seed";
import { seedDemoBrandKit } from "../services/brand-kits/seed-demo-kit";
import { seedDemoOrderRules } from "../services/order-rules/seed-demo-rules";
import { seedDemoSupplierHistory } from "../services/supplier-scorecards/seed-demo-history";

/** The demo logins; the preview address is in ATELIER_PREVIEW_EMAILS by default. */
export const DEMO_ACCOUNTS = {
  demo: { email: "demo@example.com", password: "atelier-demo", username: "Demo Creator", storeTitle: "Northwind Apparel", planType: "TIER_2_5" as const, commerceScale: 1 },
  preview: { email: "preview@example.com", password: "atelier-preview", username: "Preview Visitor", storeTitle: "Preview Studio", planType: "TIER_3" as const, commerceScale: 0.25 },
};

export const DEFAULT_DEMO_SEED = 20_240_601;

export type SeedOptions = {
  log?: (message: string) => void;
  /** 1 is the full demo (1,240 suppliers, ~21k items, 5,400 orders); tests use a fraction. */
  scale?: number;
  seed?: number;
  /** "Now" for the data's dates; defaults to today's midnight UTC. */
  anchor?: Date;
  /** Where demo files (the inbox's pictures) are written; without it the demo has none. */
  storage?: FileStorage;
};

export type SeedReport = {
  categories: number; suppliers: number; items: number; reviews: number;
  stores: { email: string; storeId: string; customers: number; orders: number; lineItems: number; creatorOrderItems: number }[];
  timingsMs: Record<string, number>;
};

type Generated = { catalog: CatalogSeed; commerce: Record<keyof typeof DEMO_ACCOUNTS, CommerceSeed> };

/** Builds every row in memory without touching a database (the determinism test compares two runs). */
export function generateDemoData(options: { scale?: number; seed?: number; anchor?: Date } = {}): Generated {
  const scale = options.scale ?? 1;
  const anchor = options.anchor ?? startOfUtcDay(new Date());
  const rng = createRng(options.seed ?? DEFAULT_DEMO_SEED);
  const catalog = generateCatalog(rng.fork("catalog"), anchor, scale);
  const commerce = {
    demo: generateCommerce(rng.fork("store/demo"), anchor, scale * DEMO_ACCOUNTS.demo.commerceScale, catalog),
    preview: generateCommerce(rng.fork("store/preview"), anchor, scale * DEMO_ACCOUNTS.preview.commerceScale, catalog),
  };
  return { catalog, commerce };
}

async function insertCatalog(db: Queryable, catalog: CatalogSeed, categoryIds: Map<string, number>) {
  const rebuildIndexes = await deferSearchIndexes(db, ["suppliers", "catalog_items"]);
  const cat = (key: string) => categoryIds.get(key)!;
  await insertRows(db, "suppliers", [
    { name: "id", type: "uuid" }, { name: "name", type: "text" }, { name: "slug", type: "text" }, { name: "country_code", type: "text" },
    { name: "region", type: "text" }, { name: "city", type: "text" }, { name: "description", type: "text" }, listColumn("capabilities"),
    { name: "capabilities_text", type: "text" }, listColumn("certifications"), { name: "category_ids", type: "text", cast: "string_to_array(v, ',')::int[]" },
    { name: "primary_vertical", type: "text" }, { name: "employee_count", type: "int" }, { name: "founded_year", type: "int" }, { name: "moq", type: "int" },
    { name: "sample_price_min_cents", type: "int" }, { name: "sample_price_max_cents", type: "int" }, { name: "production_days_min", type: "int" },
    { name: "production_days_max", type: "int" }, { name: "order_volume_units", type: "int" }, { name: "production_min_price_cents", type: "int" },
    { name: "tariff_rate_percent", type: "numeric" }, { name: "rank", type: "int" }, { name: "enabled_at", type: "timestamptz" },
    { name: "first_enabled_at", type: "timestamptz" }, { name: "is_online", type: "boolean" }, { name: "last_online_at", type: "timestamptz" },
    { name: "is_expanded_network", type: "boolean" }, { name: "contact_email", type: "text" }, { name: "website", type: "text" },
    { name: "phone_number", type: "text" }, { name: "avatar_color", type: "text" }, { name: "embedding", type: "text", cast: "v::vector" },
    { name: "created_at", type: "timestamptz" }, { name: "updated_at", type: "timestamptz" },
  ], catalog.suppliers.map((s) => [
    s.id, s.name, s.slug, s.countryCode, s.region, s.city, s.description, packList(s.capabilities), s.capabilities.join(", "), packList(s.certifications),
    s.categoryKeys.map(cat).join(","), s.primaryVertical, s.employeeCount, s.foundedYear, s.moq, s.samplePriceMinCents, s.samplePriceMaxCents,
    s.productionDaysMin, s.productionDaysMax, s.orderVolumeUnits, s.productionMinPriceCents, s.tariffRatePercent, s.rank, s.enabledAt, s.firstEnabledAt,
    s.isOnline, s.lastOnlineAt, s.isExpandedNetwork, s.contactEmail, s.website, s.phoneNumber, s.avatarColor,
    toVectorLiteral(embedText(`${s.name}. ${s.capabilities.join(", ")}. ${s.description}`)), s.createdAt, s.createdAt,
  ]), 500);
  await insertRows(db, "catalog_items", [
    { name: "id", type: "uuid" }, { name: "supplier_id", type: "uuid" }, { name: "vertical_id", type: "int" }, { name: "group_id", type: "int" },
    { name: "subgroup_id", type: "int" }, { name: "type", type: "text" }, { name: "title", type: "text" }, { name: "description", type: "text" },
    listColumn("materials"), { name: "keywords", type: "text" }, { name: "colors", type: "text" }, { name: "price_min_cents", type: "int" },
    { name: "price_max_cents", type: "int" }, { name: "moq", type: "int" }, { name: "sample_price_cents", type: "int" }, { name: "production_days_min", type: "int" },
    { name: "production_days_max", type: "int" }, { name: "image_seed", type: "int" }, { name: "image_color", type: "text" }, { name: "is_sample_kit", type: "boolean" },
    { name: "rank", type: "int" }, { name: "ranked_at", type: "timestamptz" }, { name: "enabled_at", type: "timestamptz" },
    { name: "embedding", type: "text", cast: "v::vector" }, { name: "created_at", type: "timestamptz" }, { name: "updated_at", type: "timestamptz" },
  ], catalog.items.map((i) => [
    i.id, i.supplierId, cat(i.verticalKey), cat(i.groupKey), cat(i.subgroupKey), i.type, i.title, i.description, packList(i.materials), i.keywords, i.colors,
    i.priceMinCents, i.priceMaxCents, i.moq, i.samplePriceCents, i.productionDaysMin, i.productionDaysMax, i.imageSeed, i.imageColor, i.isSampleKit,
    i.rank, i.rankedAt, i.enabledAt, toVectorLiteral(embedText(`${i.title}. ${i.keywords}. ${i.description}`)), i.createdAt, i.createdAt,
  ]));
  // One statement for all reviews: the aggregate trigger then updates each supplier once.
  await insertRows(db, "supplier_reviews", [
    { name: "id", type: "uuid" }, { name: "supplier_id", type: "uuid" }, { name: "author_name", type: "text" }, { name: "rating", type: "smallint" },
    { name: "title", type: "text" }, { name: "body", type: "text" }, { name: "created_at", type: "timestamptz" },
  ], catalog.reviews.map((r) => [r.id, r.supplierId, r.authorName, r.rating, r.title, r.body, r.createdAt]), Number.MAX_SAFE_INTEGER);
  await rebuildIndexes();
}

async function insertCommerce(db: Queryable, storeId: string, commerce: CommerceSeed) {
  await insertRows(db, "customers", [
    { name: "id", type: "uuid" }, { name: "store_id", type: "uuid" }, { name: "email", type: "text" }, { name: "name", type: "text" },
    { name: "phone_number", type: "text" }, { name: "country_code", type: "text" }, { name: "region", type: "text" }, { name: "city", type: "text" },
    { name: "accepts_marketing", type: "boolean" }, { name: "created_at", type: "timestamptz" }, { name: "updated_at", type: "timestamptz" },
  ], commerce.customers.map((c) => [c.id, storeId, c.email, c.name, c.phoneNumber, c.countryCode, c.region, c.city, c.acceptsMarketing, c.createdAt, c.createdAt]), 2000);
  await insertRows(db, "orders", [
    { name: "id", type: "uuid" }, { name: "store_id", type: "uuid" }, { name: "customer_id", type: "uuid" }, { name: "order_number", type: "int" },
    { name: "origin", type: "text" }, { name: "email", type: "text" }, { name: "subtotal_cents", type: "int" }, { name: "discount_cents", type: "int" },
    { name: "shipping_cents", type: "int" }, { name: "tax_cents", type: "int" }, { name: "total_cents", type: "int" }, { name: "processing_status", type: "text" },
    { name: "fulfillment_state", type: "text" }, { name: "cancellation_state", type: "text" }, { name: "discount_code", type: "text" },
    { name: "shipping_name", type: "text" }, { name: "shipping_address1", type: "text" }, { name: "shipping_city", type: "text" },
    { name: "shipping_region", type: "text" }, { name: "shipping_postal_code", type: "text" }, { name: "shipping_country_code", type: "text" },
    { name: "placed_at", type: "timestamptz" }, { name: "fulfilled_at", type: "timestamptz" }, { name: "canceled_at", type: "timestamptz" },
    { name: "created_at", type: "timestamptz" }, { name: "updated_at", type: "timestamptz" },
  ], commerce.orders.map((o) => [
    o.id, storeId, o.customerId, o.orderNumber, o.origin, o.email, o.subtotalCents, o.discountCents, o.shippingCents, o.taxCents, o.totalCents,
    o.processingStatus, o.fulfillmentState, o.cancellationState, o.discountCode, o.shippingName, o.shippingAddress1, o.shippingCity, o.shippingRegion,
    o.shippingPostalCode, o.shippingCountryCode, o.placedAt, o.fulfilledAt, o.canceledAt, o.placedAt, o.fulfilledAt ?? o.placedAt,
  ]), 2000);
  await insertRows(db, "order_line_items", [
    { name: "id", type: "uuid" }, { name: "order_id", type: "uuid" }, { name: "store_id", type: "uuid" }, { name: "sku", type: "text" },
    { name: "title", type: "text" }, { name: "quantity", type: "int" }, { name: "unit_price_cents", type: "int" }, { name: "fulfilled_quantity", type: "int" },
    { name: "returned_quantity", type: "int" }, { name: "created_at", type: "timestamptz" },
  ], commerce.lineItems.map((l) => [l.id, l.orderId, storeId, l.sku, l.title, l.quantity, l.unitPriceCents, l.fulfilledQuantity, l.returnedQuantity, l.createdAt]), 4000);
  await insertRows(db, "creator_order_items", [
    { name: "id", type: "uuid" }, { name: "store_id", type: "uuid" }, { name: "catalog_item_id", type: "uuid" }, { name: "supplier_id", type: "uuid" },
    { name: "kind", type: "text" }, { name: "status", type: "text" }, { name: "title", type: "text" }, { name: "quantity", type: "int" },
    { name: "unit_price_cents", type: "int" }, { name: "paid_at", type: "timestamptz" }, { name: "shipped_at", type: "timestamptz" },
    { name: "created_at", type: "timestamptz" }, { name: "updated_at", type: "timestamptz" },
  ], commerce.creatorOrderItems.map((c) => [c.id, storeId, c.catalogItemId, c.supplierId, c.kind, c.status, c.title, c.quantity, c.unitPriceCents, c.paidAt, c.shippedAt, c.createdAt, c.createdAt]));
}

async function timed<T>(timings: Record<string, number>, label: string, fn: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  const result = await fn();
  timings[label] = Math.round(performance.now() - started);
  return result;
}

/**
 * Seeds the taxonomy, the marketplace (unless suppliers already exist) and each demo account
 * with its store history (unless that account exists). Safe to run again: it adds only what is missing.
 */
export async function seedDemoData(pool: pg.Pool, options: SeedOptions = {}): Promise<SeedReport> {
  const log = options.log ?? (() => {});
  const anchor = options.anchor ?? startOfUtcDay(new Date());
  const timings: Record<string, number> = {};
  const data = await timed(timings, "generate", () => generateDemoData({ ...options, anchor }));
  const { catalog } = data;
  const report: SeedReport = { categories: catalog.categories.length, suppliers: 0, items: 0, reviews: 0, stores: [], timingsMs: timings };
  await timed(timings, "catalog", () =>
    withTransaction(pool, async (tx) => {
      const ids = await upsertCategories(tx, catalog.categories);
      if (await hasSuppliers(tx)) {
        log("demo seed: the marketplace already has suppliers; leaving it as it is");
        return;
      }
      await insertCatalog(tx, catalog, ids);
      Object.assign(report, { suppliers: catalog.suppliers.length, items: catalog.items.length, reviews: catalog.reviews.length });
    }),
  );
  for (const key of ["demo", "preview"] as const) {
    const account = DEMO_ACCOUNTS[key];
    const commerce = data.commerce[key];
    const passwordHash = await hashPassword(account.password);
    await timed(timings, `store:${key}`, () =>
      withTransaction(pool, async (tx) => {
        if (await findUserByEmail(tx, account.email)) {
          log(`demo seed: ${account.email} already exists; leaving it as it is`);
          return;
        }
        const user = await insertUser(tx, { email: account.email, username: account.username, passwordHash });
        const store = await insertStore(tx, { title: account.storeTitle, ownerUserId: user.id, accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS", isPreview: key === "preview", planType: account.planType });
        await insertMember(tx, store.id, user.id, "OWNER");
        const startedAt = daysBefore(anchor, 760);
        await backdateStore(tx, store.id, user.id, startedAt);
        await insertActiveSubscription(tx, store.id, account.planType, startedAt);
        // Supplier purchases point at seeded items; skip them when the marketplace was seeded earlier from other data.
        const ownCatalog = report.suppliers > 0 ? commerce : { ...commerce, creatorOrderItems: [] };
        await insertCommerce(tx, store.id, ownCatalog);
        await backfillDemoHolds(tx, store.id, user.id);
        await seedDemoInventory(tx, store.id);
        await seedDemoKits(tx, store.id, user.id);
        await enableDemoAnalytics(tx, store.id);
        await seedDemoReturns(tx, store.id, user.id);
        await seedDemoOrderRules(tx, store.id, user.id);
        await seedDemoReceivings(tx, store.id, user.id, anchor);
        await seedDemoInspections(tx, store.id, user.id, anchor);
        await seedDemoSupplierHistory(tx, store.id, user.id, anchor);
        await seedDemoBrandKit(tx, store.id, user.id, anchor);
        await seedDemoFees(tx, store.id, anchor);
        report.stores.push({ email: account.email, storeId: store.id, customers: commerce.customers.length, orders: commerce.orders.length, lineItems: commerce.lineItems.length, creatorOrderItems: ownCatalog.creatorOrderItems.length });
      }),
    );
  }
  const supplierAccounts = await timed(timings, "inbox", () => seedDemoInbox(pool, report.stores.find((s) => s.email === DEMO_ACCOUNTS.demo.email)?.storeId ?? null, options.storage));
  if (supplierAccounts.length) log(`demo seed: supplier logins ${supplierAccounts.map((name, i) => `${demoSupplierEmail(i + 1)} (${name})`).join(", ")}`);
  log(`demo seed: ${report.suppliers} suppliers, ${report.items} catalog items, ${report.reviews} reviews, ${report.stores.map((s) => `${s.email} (${s.orders} orders, ${s.customers} customers)`).join(", ") || "no new accounts"}`);
  log(`demo seed timings (ms): ${Object.entries(timings).map(([k, v]) => `${k} ${v}`).join(", ")}`);
  return report;
}

/** Seeds on a fresh database only: does nothing when the demo user exists. Returns null when skipped. */
export async function seedDemoDataIfEmpty(pool: pg.Pool, options: SeedOptions = {}): Promise<SeedReport | null> {
  if (await findUserByEmail(pool, DEMO_ACCOUNTS.demo.email)) return null;
  options.log?.("demo seed: empty database, adding the demo marketplace and accounts (ATELIER_SKIP_DEMO_SEED=1 skips this)…");
  return seedDemoData(pool, options);
}
