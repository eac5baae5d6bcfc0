// Suppliers, their catalog items and reviews, drawn from the word lists with a seeded generator.
import type { Rng } from "./prng";
import { daysBefore } from "./dates";
import { categoryRows, slugify, type CategoryRow, type ItemType, type Vertical } from "./taxonomy";
import {
  ADJECTIVES, CAPABILITIES, CERTIFICATIONS, COLORS, COUNTRIES, FIRST_NAMES, LAST_NAMES, NAME_WORDS,
  REVIEW_SENTENCES, REVIEW_TITLES, SERVICE_ADJECTIVES, TRADE_WORDS, WEAR_ADJECTIVES, type Country,
} from "./words";

/** Rows per unit of scale; scale 1 is the full demo marketplace. */
export const CATALOG_BASE = { suppliers: 1240, itemsPerSupplier: [6, 28] as const, reviewsPerSupplier: [0, 16] as const };

export type SupplierSeed = {
  id: string; name: string; slug: string; countryCode: string; region: string; city: string; description: string;
  capabilities: string[]; certifications: string[]; categoryKeys: string[]; primaryVertical: Vertical;
  employeeCount: number; foundedYear: number; moq: number | null; samplePriceMinCents: number | null; samplePriceMaxCents: number | null;
  productionDaysMin: number; productionDaysMax: number; orderVolumeUnits: number; productionMinPriceCents: number | null;
  tariffRatePercent: number; rank: number; enabledAt: string | null; firstEnabledAt: string | null; isOnline: boolean; lastOnlineAt: string | null;
  isExpandedNetwork: boolean; contactEmail: string; website: string; phoneNumber: string; avatarColor: string; createdAt: string;
};

export type ItemSeed = {
  id: string; supplierId: string; verticalKey: string; groupKey: string; subgroupKey: string; type: ItemType; title: string; description: string;
  materials: string[]; keywords: string; colors: string; priceMinCents: number; priceMaxCents: number; moq: number | null; samplePriceCents: number | null;
  productionDaysMin: number; productionDaysMax: number; imageSeed: number; imageColor: string; isSampleKit: boolean; rank: number;
  rankedAt: string; enabledAt: string | null; createdAt: string;
};

export type ReviewSeed = { id: string; supplierId: string; authorName: string; rating: number; title: string; body: string; createdAt: string };

export type CatalogSeed = { categories: CategoryRow[]; suppliers: SupplierSeed[]; items: ItemSeed[]; reviews: ReviewSeed[] };

const VERTICAL_WEIGHTS: readonly (readonly [Vertical, number])[] = [["products", 62], ["ecommerce-packaging", 20], ["business-creative-services", 12], ["website-development", 6]];

// Typical unit price in cents by group (services: a project price).
const GROUP_PRICE: Record<string, number> = {
  "Apparel": 900, "Accessories": 1100, "Jewelry": 1500, "Beauty & personal care": 450, "Home & living": 700, "Food & beverage": 250,
  "Pet products": 500, "Electronics & gadgets": 1200, "Footwear": 2200, "Stationery & gifts": 250, "Sports & outdoors": 900, "Baby & kids": 600,
  "Boxes": 120, "Bags & mailers": 35, "Labels & inserts": 8, "Containers": 60, "Protective packaging": 10, "Sustainable packaging": 90,
};
const SERVICE_PRICE = 60_000;

function titleCase(text: string): string {
  return text.replace(/(^|[\s-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

function sentenceList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function employeeCount(rng: Rng): number {
  const bucket = rng.weighted([[[250, 3000], 20], [[100, 249], 25], [[50, 99], 25], [[5, 49], 30]] as const);
  return rng.int(bucket[0], bucket[1]);
}

// Company forms that say "we make things": a studio or an agency takes the country's others.
const MAKER_FORM = /Manufactur|Industr|Exports|Overseas|Enterprise Co|Trading/;

function supplierName(rng: Rng, country: Country, city: string, group: string, isService: boolean): string {
  const word = rng.pick(NAME_WORDS[country.style]);
  const trade = rng.pick(TRADE_WORDS[group] ?? ["Trading"]);
  const forms = isService ? country.suffixes.filter((f) => !MAKER_FORM.test(f)) : country.suffixes;
  const suffix = rng.pick(forms.length ? forms : country.suffixes);
  // Chinese and Taiwanese makers often lead with their city ("Ningbo Everwin Garment Co., Ltd.").
  if ((country.style === "CN" || country.style === "TW") && !isService && rng.chance(0.6)) return `${city} ${word} ${trade} ${suffix}`;
  return `${word} ${trade} ${suffix}`;
}

function randomHex(rng: Rng): string {
  return `#${rng.int(0x202020, 0xdfdfdf).toString(16).padStart(6, "0").toUpperCase()}`;
}

// How common a group's suppliers are within their vertical (1 when not listed): clothing and
// mailer boxes are what most stores source first, as on a real marketplace.
const GROUP_WEIGHTS: Record<string, number> = {
  "Apparel": 3, "Accessories": 1.5, "Beauty & personal care": 1.5, "Home & living": 1.5, "Boxes": 2, "Bags & mailers": 1.5,
};

/**
 * Picks which subgroups a supplier serves: those of one group, the one its name, description and
 * items all speak of (a bag maker named "Cuero Fino Bags" sold T-shirts when neighbouring groups
 * were drawn too). Every supplier of a group makes its flagship (the first subgroup: T-shirts,
 * mailer boxes), as makers of a kind do, plus some of the rest.
 */
function supplierCategories(rng: Rng, byVertical: Map<Vertical, CategoryRow[]>, vertical: Vertical) {
  const groups = byVertical.get(vertical)!.filter((c) => c.level === "GROUP");
  const group = rng.weighted(groups.map((g) => [g, GROUP_WEIGHTS[g.title] ?? 1] as const));
  const [flagship, ...rest] = byVertical.get(vertical)!.filter((c) => c.parentKey === group.key);
  const subgroups = [flagship!, ...rng.sample(rest, rng.int(Math.min(1, rest.length), rest.length))];
  return { groups: [group], subgroups };
}

/** An item's subgroup: the flagship three times as often as each other one. */
function itemSubgroup(rng: Rng, subgroups: readonly CategoryRow[]): CategoryRow {
  return rng.weighted(subgroups.map((s, n) => [s, n === 0 ? 3 : 1] as const));
}

/** `usedSlugs` also holds the names taken so far, as `name:<name>`. */
function generateSupplier(rng: Rng, anchor: Date, byVertical: Map<Vertical, CategoryRow[]>, usedSlugs: Set<string>) {
  const vertical = rng.weighted(VERTICAL_WEIGHTS);
  const country = rng.weighted(COUNTRIES.map((c) => [c, c.weight] as const));
  const city = rng.pick(country.cities);
  const { groups, subgroups } = supplierCategories(rng, byVertical, vertical);
  const primary = groups[0]!;
  const drawn = supplierName(rng, country, city, primary.title, vertical === "business-creative-services" || vertical === "website-development");
  // Two companies never share a name: the second says where it is ("Silverline Fashion Leicester Ltd").
  const suffix = country.suffixes.find((f) => drawn.endsWith(` ${f}`));
  const name = !usedSlugs.has(`name:${drawn}`) || !suffix ? drawn : `${drawn.slice(0, -suffix.length - 1)} ${city} ${suffix}`;
  usedSlugs.add(`name:${name}`);
  const id = rng.uuid();
  const base = slugify(name.replace(/\b(co|ltd|inc|llc|jsc|pvt|s\.?r\.?l|s\.?p\.?a|s\.?a\.?s?|lda|sarl|a\.ş|şti|pty|sae|sac|corp)\b\.?/gi, ""));
  // The id suffix keeps slugs unique across seeds; the counter within one seed.
  let slug = `${base}-${id.slice(0, 6)}`;
  for (let n = 2; usedSlugs.has(slug); n++) slug = `${base}-${id.slice(0, 6)}-${n}`;
  usedSlugs.add(slug);
  const isService = vertical === "business-creative-services" || vertical === "website-development";
  const employees = isService ? rng.int(3, 180) : employeeCount(rng);
  // What the supplier can do and holds follows what it makes: its group's lists, else its vertical's.
  const capabilities = rng.sample(CAPABILITIES[primary.title] ?? CAPABILITIES[vertical]!, rng.int(3, 6));
  const certifications = rng.sample(CERTIFICATIONS[primary.title] ?? CERTIFICATIONS[vertical]!, rng.int(0, 3));
  const foundedYear = rng.int(1965, 2022);
  const moq = isService ? (rng.chance(0.3) ? null : 1) : rng.weighted<number | null>([[null, 8], [rng.int(1, 100), 35], [rng.int(100, 999), 40], [rng.int(1000, 10_000), 17]]);
  const sampleBucket = rng.weighted<[number, number] | null>([[null, 10], [[500, 5000], 50], [[5000, 10_000], 25], [[10_000, 40_000], 15]]);
  const sampleMin = sampleBucket && !isService ? Math.round(rng.int(sampleBucket[0], sampleBucket[1]) / 100) * 100 : null;
  const sampleMax = sampleMin === null ? null : Math.round((sampleMin * (1 + rng.next() * 1.5)) / 100) * 100;
  const prodBucket = rng.weighted([[[7, 29], 35], [[30, 59], 35], [[60, 89], 20], [[90, 150], 10]] as const);
  const prodMin = rng.int(prodBucket[0], prodBucket[1]);
  const orderVolume = rng.weighted([[rng.int(50, 999), 35], [rng.int(1000, 4999), 35], [rng.int(5000, 250_000), 30]] as const);
  const groupPrice = isService ? SERVICE_PRICE : GROUP_PRICE[primary.title] ?? 500;
  const firstEnabledDays = rng.int(30, 1500);
  const enabled = rng.chance(0.985);
  const isOnline = rng.chance(0.15);
  const countryDomain = slugify(name).split("-").slice(0, 2).join("");
  const sizeWord = employees >= 250 ? "large" : employees >= 50 ? "mid-sized" : "small";
  const specialities = subgroups.slice(0, 5).map((s) => s.title.toLowerCase());
  // A few of the materials its lines are made of, named where buyers search for them.
  const workMaterials = rng.sample([...new Set(subgroups.flatMap((s) => s.materials))], 3);
  const description = [
    `${name} is a ${sizeWord} ${isService ? "team" : "manufacturer"} in ${city}, founded in ${foundedYear}, with ${employees} people.`,
    `We specialise in ${sentenceList(specialities)}.`,
    workMaterials.length ? `We work in ${sentenceList(workMaterials)}.` : "",
    `Capabilities: ${capabilities.join(", ")}.`,
    certifications.length ? `Certified ${sentenceList(certifications)}.` : "",
    moq === null ? "MOQ on request." : `Minimum order from ${moq} units.`,
  ].filter(Boolean).join(" ");
  const supplier: SupplierSeed = {
    id, name, slug, countryCode: country.code, region: country.region, city, description, capabilities, certifications,
    categoryKeys: [vertical, ...groups.map((g) => g.key), ...subgroups.map((s) => s.key)], primaryVertical: vertical,
    employeeCount: employees, foundedYear, moq, samplePriceMinCents: sampleMin, samplePriceMaxCents: sampleMax,
    productionDaysMin: prodMin, productionDaysMax: prodMin + rng.int(5, 30), orderVolumeUnits: orderVolume,
    productionMinPriceCents: rng.chance(0.05) ? null : Math.max(5, Math.round(groupPrice * Math.exp(rng.normal(0, 0.45)))),
    tariffRatePercent: Math.round((country.tariff[0] + rng.next() * (country.tariff[1] - country.tariff[0])) * 100) / 100,
    rank: rng.int(0, 1000), enabledAt: enabled ? daysBefore(anchor, rng.int(1, firstEnabledDays)) : null,
    firstEnabledAt: enabled ? daysBefore(anchor, firstEnabledDays) : null, isOnline,
    lastOnlineAt: isOnline ? daysBefore(anchor, rng.next() / 24) : daysBefore(anchor, rng.next() * 40),
    isExpandedNetwork: rng.chance(0.2), contactEmail: `sales@${countryDomain}.${country.tld}`, website: `https://www.${countryDomain}.${country.tld}`,
    phoneNumber: `${country.phone} ${rng.int(100, 999)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`, avatarColor: randomHex(rng),
    createdAt: daysBefore(anchor, firstEnabledDays + rng.int(1, 60)),
  };
  return { supplier, subgroups, isService };
}

/**
 * The style words an item named by `words` may take: none it already holds ("Organic" before
 * "organic cotton" read "Organic Organic Cotton T-Shirt"). Still one draw, so other titles stay as they were.
 */
function adjectivesBeside(words: string, group: string): readonly string[] {
  const held = new Set(words.toLowerCase().split(/\s+/));
  return ADJECTIVES.filter((a) => !held.has(a.toLowerCase()) && (WEARABLE_GROUPS.has(group) || !WEAR_ADJECTIVES.has(a)) && (a !== "Organic" || ORGANIC_GROUPS.has(group)));
}

const WEARABLE_GROUPS = new Set(["apparel", "accessories", "footwear"]);
// Where "Organic" means something (fibres, food, skincare): never "Organic Cotton Paper".
const ORGANIC_GROUPS = new Set(["apparel", "baby-kids", "food-beverage", "beauty-personal-care", "home-living", "pet-products"]);

function generateItem(rng: Rng, anchor: Date, supplier: SupplierSeed, sub: CategoryRow, isService: boolean): ItemSeed {
  const groupKey = sub.parentKey!;
  const groupTitle = groupKey.split("/")[1]!;
  const material = sub.materials.length ? rng.pick(sub.materials) : null;
  const noun = sub.itemNoun!;
  const isSampleKit = !isService && rng.chance(0.03);
  let title: string;
  if (isService) title = titleCase(`${rng.pick(SERVICE_ADJECTIVES)} ${noun}`);
  else if (isSampleKit) title = titleCase(`${noun} sample kit`);
  else {
    // "kraft paper" + "paper void fill": the word where they meet is said once.
    const named = `${material ?? ""} ${noun}`.trim().replace(/\s+/g, " ").replace(/\b(\w+) \1\b/gi, "$1");
    title = titleCase(`${rng.pick(adjectivesBeside(named, groupTitle))} ${named}`);
  }
  const groupPrice = isService ? SERVICE_PRICE : GROUP_PRICE[Object.keys(GROUP_PRICE).find((g) => slugify(g) === groupTitle) ?? ""] ?? 500;
  const priceMin = Math.max(5, Math.round(groupPrice * Math.exp(rng.normal(0, 0.5))));
  const colors = isService ? [] : rng.sample(COLORS, rng.int(1, 5)).map((c) => `${c}|${rng.pick(["Standard", "Matte", "Gloss", "Heather", ""])}`);
  const materials = material ? [material, ...(rng.chance(0.3) ? [rng.pick(sub.materials)] : [])].filter((m, i, a) => a.indexOf(m) === i) : [];
  const moq = isService ? 1 : supplier.moq === null ? null : Math.max(1, Math.round(supplier.moq * (0.5 + rng.next())));
  const description = isService
    ? `${title} by ${supplier.name}. Delivered in ${supplier.productionDaysMin}-${supplier.productionDaysMax} days, with ${rng.int(1, 3)} rounds of revisions. Includes ${rng.sample(supplier.capabilities, 2).join(" and ")}.`
    : `${title} made in ${supplier.city} from ${sentenceList(materials)}. Available in ${colors.length} colour${colors.length === 1 ? "" : "s"}; ${rng.sample(supplier.capabilities, 2).join(" and ")} available.${isSampleKit ? " A kit of swatches and finished samples to compare before a production run." : ""}`;
  const created = rng.int(1, 700);
  const colorHex = colors[0]?.split("|")[1] ?? randomHex(rng);
  return {
    id: rng.uuid(), supplierId: supplier.id, verticalKey: sub.vertical, groupKey, subgroupKey: sub.key, type: sub.itemType, title, description, materials,
    keywords: [...materials, sub.title, groupTitle.replace(/-/g, " "), ...colors.map((c) => c.split("|")[0]!)].join(" "),
    colors: colors.join(";"), priceMinCents: priceMin, priceMaxCents: Math.round(priceMin * (1.1 + rng.next() * 1.4)), moq,
    samplePriceCents: isService || rng.chance(0.08) ? null : Math.round((priceMin * rng.int(2, 5) + rng.int(500, 3000)) / 100) * 100,
    productionDaysMin: supplier.productionDaysMin, productionDaysMax: supplier.productionDaysMax, imageSeed: rng.int(1, 2 ** 31 - 1), imageColor: colorHex,
    isSampleKit, rank: rng.int(0, 1000), rankedAt: daysBefore(anchor, rng.int(0, created)),
    enabledAt: supplier.enabledAt && rng.chance(0.97) ? daysBefore(anchor, rng.int(0, created)) : null, createdAt: daysBefore(anchor, created),
  };
}

function generateReviews(rng: Rng, anchor: Date, supplier: SupplierSeed): ReviewSeed[] {
  const quality = rng.normal(4.2, 0.6);
  const n = rng.int(CATALOG_BASE.reviewsPerSupplier[0], CATALOG_BASE.reviewsPerSupplier[1]);
  return Array.from({ length: n }, () => {
    const rating = Math.max(1, Math.min(5, Math.round(rng.normal(quality, 0.8))));
    const body = rng.sample(REVIEW_SENTENCES[rating]!, rng.int(1, 3)).join(" ");
    return {
      id: rng.uuid(), supplierId: supplier.id, authorName: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)[0]}.`, rating,
      title: rng.pick(REVIEW_TITLES[rating]!), body, createdAt: daysBefore(anchor, rng.int(1, 900)),
    };
  });
}

/** The whole marketplace for a scale: the taxonomy, suppliers, items and reviews. */
export function generateCatalog(rng: Rng, anchor: Date, scale: number): CatalogSeed {
  const categories = categoryRows();
  const byVertical = new Map<Vertical, CategoryRow[]>();
  for (const c of categories) byVertical.set(c.vertical, [...(byVertical.get(c.vertical) ?? []), c]);
  const supplierRng = rng.fork("suppliers");
  const itemRng = rng.fork("items");
  const reviewRng = rng.fork("reviews");
  const usedSlugs = new Set<string>();
  const suppliers: SupplierSeed[] = [];
  const items: ItemSeed[] = [];
  const reviews: ReviewSeed[] = [];
  const count = Math.max(1, Math.round(CATALOG_BASE.suppliers * scale));
  for (let i = 0; i < count; i++) {
    const { supplier, subgroups, isService } = generateSupplier(supplierRng, anchor, byVertical, usedSlugs);
    suppliers.push(supplier);
    const n = itemRng.int(CATALOG_BASE.itemsPerSupplier[0], CATALOG_BASE.itemsPerSupplier[1]);
    for (let k = 0; k < n; k++) items.push(generateItem(itemRng, anchor, supplier, itemSubgroup(itemRng, subgroups), isService));
    reviews.push(...generateReviews(reviewRng, anchor, supplier));
  }
  return { categories, suppliers, items, reviews };
}
