import type { CatalogItem, Category, Supplier } from "@atelier/contracts/marketplace";
import type { CategoryRow } from "../../queries/marketplace/categories";
import type { ReviewRow } from "../../queries/marketplace/reviews";
import type { ItemRow, SupplierRow } from "../../queries/marketplace/rows";
import { itemImagePath } from "../../images/item-image";
import { pictureKindOf } from "../../images/picture-kinds";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Row → the supplier record of the contracts. */
export function toSupplier(r: SupplierRow): Supplier {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    countryCode: r.country_code,
    region: r.region as Supplier["region"],
    city: r.city,
    description: r.description,
    capabilities: r.capabilities,
    certifications: r.certifications,
    categoryIds: r.category_ids,
    primaryVertical: r.primary_vertical as Supplier["primaryVertical"],
    employeeCount: r.employee_count,
    foundedYear: r.founded_year,
    moq: r.moq,
    samplePriceMinCents: r.sample_price_min_cents,
    samplePriceMaxCents: r.sample_price_max_cents,
    productionDaysMin: r.production_days_min,
    productionDaysMax: r.production_days_max,
    orderVolumeUnits: r.order_volume_units,
    productionMinPriceCents: r.production_min_price_cents,
    tariffRatePercent: Number(r.tariff_rate_percent),
    rank: r.rank,
    enabledAt: iso(r.enabled_at),
    firstEnabledAt: iso(r.first_enabled_at),
    isOnline: r.is_online,
    lastOnlineAt: iso(r.last_online_at),
    averageReview: Number(r.average_review),
    reviewCount: r.review_count,
    isExpandedNetwork: r.is_expanded_network,
    avatarColor: r.avatar_color,
    website: r.website,
    score: r.score === null || r.score === undefined ? null : Math.round(r.score * 10_000) / 10_000,
  };
}

/** "name|hex|variant;…" (000 §3) → entries; malformed entries are skipped. */
export function parseColors(value: string): CatalogItem["colors"] {
  return value
    .split(";")
    .map((e) => e.trim())
    .filter(Boolean)
    .map((e) => {
      const [name = "", hex = "", variant = ""] = e.split("|").map((s) => s.trim());
      return { name, hex, variant };
    })
    .filter((c) => c.name && /^#[0-9a-fA-F]{6}$/.test(c.hex));
}

/** Row → the catalog item record; an item without photos gets the link to its drawn card picture. */
export function toItem(r: ItemRow): CatalogItem {
  return {
    id: r.id,
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
    supplierCountryCode: r.supplier_country_code,
    type: r.type as CatalogItem["type"],
    title: r.title,
    description: r.description,
    verticalId: r.vertical_id,
    groupId: r.group_id,
    subgroupId: r.subgroup_id,
    materials: r.materials,
    colors: parseColors(r.colors),
    priceMinCents: r.price_min_cents,
    priceMaxCents: r.price_max_cents,
    moq: r.moq,
    samplePriceCents: r.sample_price_cents,
    productionDaysMin: r.production_days_min,
    productionDaysMax: r.production_days_max,
    imageUrl: r.image_urls[0] ?? itemImagePath({ imageSeed: r.image_seed, imageColor: r.image_color, kind: pictureKindOf(r.title) }),
    imageUrls: r.image_urls,
    isSampleKit: r.is_sample_kit,
    rank: r.rank,
    rankedAt: iso(r.ranked_at),
    enabledAt: iso(r.enabled_at),
    firstEnabledAt: iso(r.first_enabled_at),
    score: r.score === null || r.score === undefined ? null : Math.round(r.score * 10_000) / 10_000,
  };
}

export function toCategory(r: CategoryRow): Category {
  return { id: r.id, parentId: r.parent_id, level: r.level, vertical: r.vertical as Category["vertical"], key: r.key, slug: r.slug, title: r.title, position: r.position };
}

/** Row → review; isMine compares the review's store with the caller's (null on public pages). */
export function toReview(r: ReviewRow, callerStoreId: string | null) {
  return {
    id: r.id,
    supplierId: r.supplier_id,
    authorName: r.author_name,
    rating: r.rating,
    title: r.title,
    body: r.body,
    isMine: callerStoreId !== null && r.store_id === callerStoreId,
    createdAt: r.created_at.toISOString(),
    updatedAt: iso(r.updated_at),
  };
}
