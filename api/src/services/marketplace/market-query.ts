import type { z } from "zod";
import { WORDS_ONLY_SEARCH_NOTICE, type marketplace } from "@atelier/contracts";
import type { Queryable } from "../../db/pool";
import { invalid } from "../../errors";
import { embedQuery, type EmbeddingProvider } from "../../embeddings";
import { findCategory, findVerticalCategory } from "../../queries/marketplace/categories";
import { type Bucket, type MarketQuery } from "../../queries/marketplace/search";
import { expandKeyword, semanticText } from "./synonyms";
import { verticalsLeftOut } from "./service-query";

type FilterQuery = { [K in keyof typeof marketplace.marketplaceFilterQuery]?: z.infer<(typeof marketplace.marketplaceFilterQuery)[K]> };

// The filter buckets of 000 §9 in cents, units, days and people. Lower bounds inclusive, upper
// exclusive, so neighbouring buckets never share a row; "custom quote" is the NULL value.
const SAMPLE_PRICE: Record<string, Bucket | undefined> = { ALL: undefined, "5_50": { min: 500, max: 5000 }, "50_100": { min: 5000, max: 10000 }, "100_PLUS": { min: 10000 }, CUSTOM_QUOTE: { isNull: true } };
const MOQ: Record<string, Bucket> = { "0_100": { min: 0, max: 100 }, "100_1000": { min: 100, max: 1000 }, "1000_PLUS": { min: 1000 }, CUSTOM_QUOTE: { isNull: true } };
const ORDER_VOLUME: Record<string, Bucket> = { "0_1000": { min: 0, max: 1000 }, "1000_5000": { min: 1000, max: 5000 }, "5000_PLUS": { min: 5000 } };
// A month is 30 days; production time is the longest the supplier quotes (production_days_max).
const PRODUCTION_DAYS: Record<string, Bucket> = { UNDER_1_MONTH: { max: 31 }, "1_2_MONTHS": { min: 31, max: 61 }, "2_3_MONTHS": { min: 61, max: 91 }, "3_PLUS_MONTHS": { min: 91 } };
const EMPLOYEES: Record<string, Bucket> = { "250_PLUS": { min: 250 }, "100_PLUS": { min: 100 }, "50_PLUS": { min: 50 }, UNDER_50: { max: 50 } };

/** Item type → the supplier verticals that make it (SUPPLIER narrows nothing). */
const TYPE_VERTICALS: Record<string, string[] | undefined> = {
  PRODUCT: ["products"], RFP_PRODUCT: ["products"],
  PACKAGING: ["ecommerce-packaging"], RFP_PACKAGING: ["ecommerce-packaging"],
  SERVICES: ["business-creative-services", "website-development"], RFP_SERVICES: ["business-creative-services", "website-development"],
};
const TYPE_ITEM: Record<string, string[] | undefined> = { PRODUCT: ["PRODUCT"], RFP_PRODUCT: ["PRODUCT"], PACKAGING: ["PACKAGING"], RFP_PACKAGING: ["PACKAGING"], SERVICES: ["SERVICES"], RFP_SERVICES: ["SERVICES"] };

/** The answer's notice when its keyword could only be matched by words (the meaning model is down). */
export function wordsOnlyNotice(q: Pick<MarketQuery, "keyword">): { notice?: string } {
  return q.keyword && q.keyword.vector === null ? { notice: WORDS_ONLY_SEARCH_NOTICE } : {};
}

/** A keyword ready for the search builder: text, synonym groups and its embedding. */
export async function keywordOf(embeddings: EmbeddingProvider, text: string | undefined): Promise<MarketQuery["keyword"]> {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  const wordGroups = expandKeyword(trimmed);
  if (!wordGroups.length) return undefined;
  // Null when the meaning model is down: the search then matches by words (and says so).
  const vector = await embedQuery(embeddings, `${trimmed} ${semanticText(wordGroups)}`);
  return { text: trimmed.slice(0, 200), wordGroups, vector };
}

async function categoryId(db: Queryable, field: "group" | "subgroup", ref: string | undefined, level: "GROUP" | "SUBGROUP"): Promise<number | undefined> {
  if (!ref) return undefined;
  const row = await findCategory(db, ref);
  if (!row || row.level !== level) throw invalid(`query.${field}`, `is not a known ${level.toLowerCase()} category`);
  return row.id;
}

/** Resolves the marketplace query keys to a search: category keys to ids, buckets to bounds. */
export async function resolveMarketQuery(ctx: { pool: Queryable; providers: { embeddings: EmbeddingProvider } }, q: FilterQuery, target: "suppliers" | "items", extra: Partial<MarketQuery> = {}): Promise<MarketQuery> {
  const db = ctx.pool;
  if (target === "suppliers" && q.viewType === "CATALOG_PRODUCTS") throw invalid("query.viewType", "CATALOG_PRODUCTS lists catalog items: use /web/catalog-items");
  const keyword = await keywordOf(ctx.providers.embeddings, q.keyword);
  const verticalId = q.vertical ? (await findVerticalCategory(db, q.vertical))?.id ?? -1 : undefined;
  return {
    keyword,
    network: q.viewType === "SUPPLIERS" ? "CORE" : q.viewType === "EXPANDED_NETWORK" ? "EXPANDED" : undefined,
    // RFP: suppliers a custom project can go to, in either network (and, for items, their items
    // as starting points for a project). CATALOG_PRODUCTS narrows nothing: it is the items view.
    customProjects: q.viewType === "RFP" || undefined,
    supplierVerticals: target === "suppliers" && q.type ? TYPE_VERTICALS[q.type] : undefined,
    excludedVerticals: verticalsLeftOut(q.keyword, { type: q.type, vertical: q.vertical }),
    itemTypes: target === "items" && q.type ? TYPE_ITEM[q.type] : undefined,
    verticalId,
    groupId: await categoryId(db, "group", q.group, "GROUP"),
    subgroupId: await categoryId(db, "subgroup", q.subgroup, "SUBGROUP"),
    anyCategoryIds: q.categoryIds?.length ? q.categoryIds : undefined,
    samplePrice: q.samplePrice ? SAMPLE_PRICE[q.samplePrice] : undefined,
    moq: q.moq ? MOQ[q.moq] : undefined,
    orderVolume: q.orderVolume ? ORDER_VOLUME[q.orderVolume] : undefined,
    minReview: q.review ? Number(q.review) : undefined,
    productionDays: q.productionTime ? PRODUCTION_DAYS[q.productionTime] : undefined,
    employees: q.supplierSize ? EMPLOYEES[q.supplierSize] : undefined,
    regions: q.regions?.length ? q.regions : undefined,
    countryCodes: q.countryCodes?.length ? q.countryCodes : undefined,
    onlineOnly: q.onlineOnly || undefined,
    sort: q.sort ?? (keyword ? "relevance" : "-rank"),
    ...extra,
  };
}

/** The filters as logged beside a keyword (what the user chose, not the resolved ids). */
export function loggedFilters(q: Record<string, unknown>): Record<string, unknown> {
  const { keyword: _k, page: _p, size: _s, ...rest } = q;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}
