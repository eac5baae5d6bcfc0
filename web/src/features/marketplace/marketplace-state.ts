import {
  CATALOG_ITEM_TYPES, MARKETPLACE_SORTS, MARKETPLACE_VIEW_TYPES, MOQ_FILTERS, ORDER_VOLUME_FILTERS, PRODUCTION_TIME_FILTERS, REVIEW_FILTERS,
  SAMPLE_PRICE_FILTERS, SUPPLIER_SIZE_FILTERS, VERTICALS,
} from "@atelier/contracts/marketplace";
import { REGIONS, type Region } from "@atelier/contracts/domain";

export type ViewType = (typeof MARKETPLACE_VIEW_TYPES)[number];
export type SortKey = keyof typeof MARKETPLACE_SORTS;
export type { Region };
export { REGION_LABELS } from "@atelier/contracts/domain";

/** The marketplace state of 000 §3, held in the URL so a search can be shared and reloaded. */
export type MarketplaceState = {
  searchKey: string;
  viewType: ViewType;
  type?: (typeof CATALOG_ITEM_TYPES)[number];
  vertical?: (typeof VERTICALS)[number];
  group?: string;
  subgroup?: string;
  categoryIds: number[];
  /** Absent: the API's default (best match with a keyword, Featured without). */
  sort?: SortKey;
  samplePrice?: (typeof SAMPLE_PRICE_FILTERS)[number];
  moq?: (typeof MOQ_FILTERS)[number];
  orderVolume?: (typeof ORDER_VOLUME_FILTERS)[number];
  review?: (typeof REVIEW_FILTERS)[number];
  productionTime?: (typeof PRODUCTION_TIME_FILTERS)[number];
  supplierSize?: (typeof SUPPLIER_SIZE_FILTERS)[number];
  regions: Region[];
  countryCodes: string[];
  onlineOnly: boolean;
  techPackId?: string;
};

export const DEFAULT_VIEW: ViewType = "SUPPLIERS";

/** The one-choice filters, with the labels of 000 §9. */
export const FILTER_OPTIONS = {
  samplePrice: { label: "Sample price", options: { ALL: "All", "5_50": "$5-$50", "50_100": "$50-$100", "100_PLUS": "$100+", CUSTOM_QUOTE: "Custom quote" } },
  moq: { label: "MOQ", options: { "0_100": "0-100", "100_1000": "100-1000", "1000_PLUS": "1000+", CUSTOM_QUOTE: "Custom quote" } },
  orderVolume: { label: "Order volume", options: { "0_1000": "0-1000 units", "1000_5000": "1000-5000 units", "5000_PLUS": "5000+ units" } },
  review: { label: "Review", options: { "4": "4 & up", "3": "3 & up", "2": "2 & up", "1": "1 & up" } },
  productionTime: { label: "Production time", options: { UNDER_1_MONTH: "Under 1 month", "1_2_MONTHS": "1-2 months", "2_3_MONTHS": "2-3 months", "3_PLUS_MONTHS": "3+ months" } },
  supplierSize: { label: "Supplier size", options: { "250_PLUS": "250+ employees", "100_PLUS": "100+ employees", "50_PLUS": "50+ employees", UNDER_50: "Under 50 employees" } },
} as const;
export type OneChoiceFilter = keyof typeof FILTER_OPTIONS;
export const ONE_CHOICE_FILTERS = Object.keys(FILTER_OPTIONS) as OneChoiceFilter[];

export const VIEW_LABELS: Record<ViewType, string> = { SUPPLIERS: "Suppliers", EXPANDED_NETWORK: "Expanded network", CATALOG_PRODUCTS: "Catalog products", RFP: "Custom projects" };

const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | undefined => (value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined);
const list = (params: URLSearchParams, key: string): string[] =>
  params.getAll(key).flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean);
const CATEGORY_REF = /^[a-z0-9/&-]+$/;

/** Reads the state from a query string; values the API would refuse are dropped rather than kept broken. */
export function parseMarketplaceState(search: string): MarketplaceState {
  const p = new URLSearchParams(search);
  const ref = (key: string) => {
    const v = p.get(key)?.trim();
    return v && v.length <= 200 && CATEGORY_REF.test(v) ? v : undefined;
  };
  const samplePrice = oneOf(SAMPLE_PRICE_FILTERS, p.get("samplePrice"));
  return {
    searchKey: (p.get("searchKey") ?? p.get("keyword") ?? "").trim().slice(0, 200),
    viewType: oneOf(MARKETPLACE_VIEW_TYPES, p.get("viewType")) ?? DEFAULT_VIEW,
    type: oneOf(CATALOG_ITEM_TYPES, p.get("type")),
    vertical: oneOf(VERTICALS, p.get("vertical")),
    group: ref("group"),
    subgroup: ref("subgroup"),
    categoryIds: [...new Set(list(p, "categoryIds").map(Number).filter((n) => Number.isInteger(n) && n > 0))].slice(0, 50),
    sort: oneOf(Object.keys(MARKETPLACE_SORTS) as SortKey[], p.get("sort")),
    // "All" is the same as no sample-price filter.
    samplePrice: samplePrice === "ALL" ? undefined : samplePrice,
    moq: oneOf(MOQ_FILTERS, p.get("moq")),
    orderVolume: oneOf(ORDER_VOLUME_FILTERS, p.get("orderVolume")),
    review: oneOf(REVIEW_FILTERS, p.get("review")),
    productionTime: oneOf(PRODUCTION_TIME_FILTERS, p.get("productionTime")),
    supplierSize: oneOf(SUPPLIER_SIZE_FILTERS, p.get("supplierSize")),
    regions: [...new Set(list(p, "regions").map((r) => r.toUpperCase()).filter((r): r is Region => (REGIONS as readonly string[]).includes(r)))],
    countryCodes: [...new Set(list(p, "countryCodes").map((c) => c.toUpperCase()).filter((c) => /^[A-Z]{2}$/.test(c)))].slice(0, 50),
    onlineOnly: p.get("onlineOnly") === "true",
    techPackId: p.get("techPackId") ?? undefined,
  };
}

/** Writes the state as a query string, leaving out defaults, in a fixed key order (stable, shareable links). */
export function serializeMarketplaceState(state: MarketplaceState): string {
  const p = new URLSearchParams();
  if (state.searchKey.trim()) p.set("searchKey", state.searchKey.trim());
  if (state.viewType !== DEFAULT_VIEW) p.set("viewType", state.viewType);
  for (const key of ["type", "vertical", "group", "subgroup"] as const) if (state[key]) p.set(key, state[key]);
  if (state.categoryIds.length) p.set("categoryIds", state.categoryIds.join(","));
  if (state.sort) p.set("sort", state.sort);
  for (const key of ONE_CHOICE_FILTERS) if (state[key]) p.set(key, state[key]);
  if (state.regions.length) p.set("regions", state.regions.join(","));
  if (state.countryCodes.length) p.set("countryCodes", state.countryCodes.join(","));
  if (state.onlineOnly) p.set("onlineOnly", "true");
  if (state.techPackId) p.set("techPackId", state.techPackId);
  const text = p.toString();
  return text ? `?${text}` : "";
}

/** A change to the state; any change of what is searched starts the results again from the top. */
export function updateMarketplaceState(state: MarketplaceState, patch: Partial<MarketplaceState>): MarketplaceState {
  const next = { ...state, ...patch };
  // Picking a vertical narrows within it: a group of another vertical would match nothing.
  if (patch.vertical !== undefined && patch.vertical !== state.vertical) {
    if (patch.group === undefined) next.group = undefined;
    if (patch.subgroup === undefined) next.subgroup = undefined;
  }
  if (patch.group !== undefined && patch.group !== state.group && patch.subgroup === undefined) next.subgroup = undefined;
  return next;
}

/** How many filters are set (for the "Clear filters" control). */
export function activeFilterCount(state: MarketplaceState): number {
  const singles = [state.type, state.vertical, state.group, state.subgroup, ...ONE_CHOICE_FILTERS.map((k) => state[k])].filter(Boolean).length;
  return singles + (state.categoryIds.length ? 1 : 0) + (state.regions.length ? 1 : 0) + (state.countryCodes.length ? 1 : 0) + (state.onlineOnly ? 1 : 0);
}

/** The state without any filter, keeping the keyword, view and sort. */
export function clearFilters(state: MarketplaceState): MarketplaceState {
  return { searchKey: state.searchKey, viewType: state.viewType, sort: state.sort, categoryIds: [], regions: [], countryCodes: [], onlineOnly: false, techPackId: state.techPackId };
}

/** The search API's query for a state (the same keys for suppliers and catalog items). */
export function toSearchQuery(state: MarketplaceState) {
  return {
    keyword: state.searchKey.trim() || undefined,
    viewType: state.viewType,
    type: state.type,
    vertical: state.vertical,
    group: state.group,
    subgroup: state.subgroup,
    categoryIds: state.categoryIds.length ? state.categoryIds.join(",") : undefined,
    sort: state.sort,
    samplePrice: state.samplePrice,
    moq: state.moq,
    orderVolume: state.orderVolume,
    review: state.review,
    productionTime: state.productionTime,
    supplierSize: state.supplierSize,
    regions: state.regions.length ? state.regions.join(",") : undefined,
    countryCodes: state.countryCodes.length ? state.countryCodes.join(",") : undefined,
    onlineOnly: state.onlineOnly ? ("true" as const) : undefined,
  };
}

/** The sorts offered, in the order of 000 §9; "Best match" only when there is a keyword to match. */
export function sortOptions(state: MarketplaceState): { key: SortKey; label: string }[] {
  return (Object.entries(MARKETPLACE_SORTS) as [SortKey, string][])
    .filter(([key]) => key !== "relevance" || state.searchKey.trim() !== "")
    .map(([key, label]) => ({ key, label }));
}

/** The sort in effect: the chosen one, else the API's default. */
export function effectiveSort(state: MarketplaceState): SortKey {
  return state.sort ?? (state.searchKey.trim() ? "relevance" : "-rank");
}
