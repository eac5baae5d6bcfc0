import { z } from "zod";
import { searchNoticeSchema } from "./search-notice";
import { defineContract } from "./contract";
import { emailSchema, idSchema, linkSchema, pageOf, REGIONS } from "./domain";

// The sourcing marketplace's catalogue (000 §2.7, §3, §7, §9): categories, suppliers ("catalog
// companies"), catalog items, keyword and image search, reviews, favourites, public previews.

export const VERTICALS = ["products", "ecommerce-packaging", "business-creative-services", "website-development"] as const;
export const verticalSchema = z.enum(VERTICALS);
export const MARKETPLACE_VIEW_TYPES = ["SUPPLIERS", "EXPANDED_NETWORK", "CATALOG_PRODUCTS", "RFP"] as const;
export const CATALOG_ITEM_TYPES = ["PRODUCT", "PACKAGING", "SERVICES", "SUPPLIER", "RFP_PRODUCT", "RFP_PACKAGING", "RFP_SERVICES"] as const;
export const SUPPLIER_PROFILE_TABS = ["PROFILE_INFO", "BASE_PRODUCTS", "CAPABILITIES", "REVIEWS"] as const;
/** Sourcing home tabs (000 §2.6) and the vertical each shows; "all" shows every vertical. */
export const SOURCING_HOME_TABS = ["all", "business-creative-services", "ecommerce-packaging", "products", "website-development"] as const;

/** Sorts of 000 §9, spelt as the sort keys the client sends. "relevance" is the default with a keyword. */
export const MARKETPLACE_SORTS = {
  "-rank": "Featured",
  "-enabledAt": "Newest",
  productionMinPrice: "Price: low to high",
  "-productionMinPrice": "Price: high to low",
  "-isOnline": "Online now",
  "-firstEnabledAt": "Newly added",
  tariffRatePercent: "Lowest tariffs",
  relevance: "Best match",
} as const;
export const marketplaceSortSchema = z.enum(Object.keys(MARKETPLACE_SORTS) as [keyof typeof MARKETPLACE_SORTS, ...(keyof typeof MARKETPLACE_SORTS)[]]);

/** Filter buckets of 000 §9; bounds are in docs/decisions.md (lower bound inclusive, upper exclusive). */
export const SAMPLE_PRICE_FILTERS = ["ALL", "5_50", "50_100", "100_PLUS", "CUSTOM_QUOTE"] as const;
export const MOQ_FILTERS = ["0_100", "100_1000", "1000_PLUS", "CUSTOM_QUOTE"] as const;
export const ORDER_VOLUME_FILTERS = ["0_1000", "1000_5000", "5000_PLUS"] as const;
export const REVIEW_FILTERS = ["4", "3", "2", "1"] as const;
export const PRODUCTION_TIME_FILTERS = ["UNDER_1_MONTH", "1_2_MONTHS", "2_3_MONTHS", "3_PLUS_MONTHS"] as const;
export const SUPPLIER_SIZE_FILTERS = ["250_PLUS", "100_PLUS", "50_PLUS", "UNDER_50"] as const;

/** Card image sizes of 000 §9, in pixels. */
export const CARD_IMAGE_SIZES = { compact: 160, large: 480, grande: 600, full: 1024 } as const;

/** A comma-separated list in a query or path (or a repeated key), each entry checked by item. */
const csv = <T extends z.ZodType>(item: T, max: number, what: string) =>
  z.preprocess((value) => {
    const list: unknown = typeof value === "string" ? value.split(",") : value;
    return Array.isArray(list) ? list.map((s: unknown) => (typeof s === "string" ? s.trim() : s)).filter((s) => s !== "") : list;
  }, z.array(item).max(max, `must list at most ${max} ${what}`));

const keywordSchema = z.string().trim().max(200, "must be at most 200 characters");
const categoryRef = z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").regex(/^[a-z0-9/&-]+$/, "must be a category id or key like products/apparel");

/** The marketplace state of 000 §3 as query keys: what the browse screen and the copilot send. */
export const marketplaceFilterQuery = {
  keyword: keywordSchema.optional(),
  viewType: z.enum(MARKETPLACE_VIEW_TYPES).optional(),
  type: z.enum(CATALOG_ITEM_TYPES).optional(),
  vertical: verticalSchema.optional(),
  group: categoryRef.optional(),
  subgroup: categoryRef.optional(),
  categoryIds: csv(z.coerce.number().int("must be whole numbers").positive("must be positive"), 50, "categories").optional(),
  sort: marketplaceSortSchema.optional(),
  samplePrice: z.enum(SAMPLE_PRICE_FILTERS).optional(),
  moq: z.enum(MOQ_FILTERS).optional(),
  orderVolume: z.enum(ORDER_VOLUME_FILTERS).optional(),
  review: z.enum(REVIEW_FILTERS).optional(),
  productionTime: z.enum(PRODUCTION_TIME_FILTERS).optional(),
  supplierSize: z.enum(SUPPLIER_SIZE_FILTERS).optional(),
  regions: csv(z.enum(REGIONS), 6, "regions").optional(),
  countryCodes: csv(z.string().regex(/^[A-Za-z]{2}$/, "must be two-letter country codes").transform((v) => v.toUpperCase()), 50, "countries").optional(),
  onlineOnly: z.enum(["true", "false"]).transform((v) => v === "true").optional(),
};

const paging = (defaultSize: number, maxSize: number) => ({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(maxSize, `must be at most ${maxSize}`).default(defaultSize),
});

export const categorySchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  level: z.enum(["VERTICAL", "GROUP", "SUBGROUP"]),
  vertical: verticalSchema,
  key: z.string(),
  slug: z.string(),
  title: z.string(),
  position: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;
export type CategoryNode = Category & { children: CategoryNode[] };
export const categoryNodeSchema: z.ZodType<CategoryNode> = categorySchema.extend({ children: z.lazy(() => z.array(categoryNodeSchema)) });

export const supplierSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  countryCode: z.string(),
  region: z.enum(REGIONS),
  city: z.string(),
  description: z.string(),
  capabilities: z.array(z.string()),
  certifications: z.array(z.string()),
  categoryIds: z.array(z.number().int()),
  primaryVertical: verticalSchema,
  employeeCount: z.number().int(),
  foundedYear: z.number().int().nullable(),
  moq: z.number().int().nullable(),
  samplePriceMinCents: z.number().int().nullable(),
  samplePriceMaxCents: z.number().int().nullable(),
  productionDaysMin: z.number().int(),
  productionDaysMax: z.number().int(),
  orderVolumeUnits: z.number().int(),
  productionMinPriceCents: z.number().int().nullable(),
  tariffRatePercent: z.number(),
  rank: z.number().int(),
  enabledAt: z.string().nullable(),
  firstEnabledAt: z.string().nullable(),
  isOnline: z.boolean(),
  lastOnlineAt: z.string().nullable(),
  averageReview: z.number(),
  reviewCount: z.number().int(),
  isExpandedNetwork: z.boolean(),
  avatarColor: z.string(),
  website: z.string().nullable(),
  /** Blended search score (0–1) when a keyword ranked the list; null otherwise. */
  score: z.number().nullable(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const colorEntrySchema = z.object({ name: z.string(), hex: z.string(), variant: z.string() });

export const catalogItemSchema = z.object({
  id: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  supplierCountryCode: z.string(),
  type: z.enum(["PRODUCT", "PACKAGING", "SERVICES"]),
  title: z.string(),
  description: z.string(),
  verticalId: z.number().int(),
  groupId: z.number().int().nullable(),
  subgroupId: z.number().int().nullable(),
  materials: z.array(z.string()),
  colors: z.array(colorEntrySchema),
  priceMinCents: z.number().int().nullable(),
  priceMaxCents: z.number().int().nullable(),
  moq: z.number().int().nullable(),
  samplePriceCents: z.number().int().nullable(),
  productionDaysMin: z.number().int(),
  productionDaysMax: z.number().int(),
  /** The first photo, or the link to the item's drawn card picture when it has none. */
  imageUrl: z.string().describe("The first photo, or when the item has none the link to its drawn card picture: /rest/main/app/card-pictures/<kind>-<seed>-<rrggbb>.svg, the kind (tshirt, mug, box…) drawn from the title (public, never changes, cached for a year)."),
  imageUrls: z.array(z.string()),
  isSampleKit: z.boolean(),
  rank: z.number().int(),
  rankedAt: z.string().nullable(),
  enabledAt: z.string().nullable(),
  /** When the item first went live ("Newly added" sorts by it); disabling and re-enabling keeps it. */
  firstEnabledAt: z.string().nullable(),
  score: z.number().nullable(),
});
export type CatalogItem = z.infer<typeof catalogItemSchema>;

export const reviewSchema = z.object({
  id: z.string(),
  supplierId: z.string(),
  authorName: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** True when the calling store wrote it (always false on public pages). */
  isMine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});

export const reviewSummarySchema = z.object({
  supplierId: z.string(),
  average: z.number(),
  count: z.number().int(),
  histogram: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }),
});

const countSchema = z.object({ count: z.number().int() });
const idParams = z.strictObject({ id: idSchema });

// --- Categories ---------------------------------------------------------------------------------

/** The category tree (vertical → group → subgroup), whole or for one vertical. */
export const listCatalogCategories = defineContract({
  id: "listCatalogCategories",
  method: "GET",
  path: "/web/catalog-categories",
  summary: "The marketplace's category tree: verticals with their groups and subgroups. Pass vertical for one branch.",
  tags: ["catalog"],
  access: "user",
  query: z.strictObject({ vertical: verticalSchema.optional() }),
  response: z.object({ list: z.array(categoryNodeSchema) }),
});

/** The children of one category (or the verticals), paged; size up to 9999 returns them all. */
export const listCatalogSubCategories = defineContract({
  id: "listCatalogSubCategories",
  method: "GET",
  path: "/web/catalog-categories/-/sub-categories",
  summary: "Sub-categories of a category (parentId) or the groups of a vertical, paged; page 0 with size 9999 lists all.",
  tags: ["catalog"],
  access: "user",
  query: z.strictObject({ parentId: z.coerce.number().int().positive().optional(), vertical: verticalSchema.optional(), ...paging(50, 9999) }),
  response: pageOf(categorySchema),
});

// --- Suppliers ----------------------------------------------------------------------------------

/** Supplier search: keyword (full text, typo tolerant, semantic), marketplace filters, sort, paging. */
export const searchSuppliers = defineContract({
  id: "searchSuppliers",
  method: "GET",
  path: "/web/catalog-companies",
  summary:
    "Searches suppliers by keyword with the marketplace filters and sorts (views SUPPLIERS, EXPANDED_NETWORK, RFP = suppliers that take custom projects; CATALOG_PRODUCTS is served by /web/catalog-items). Each keyword search is logged with its timing.",
  tags: ["catalog"],
  access: "user",
  query: z.strictObject({ ...marketplaceFilterQuery, ...paging(20, 100) }),
  response: pageOf(supplierSchema).extend({ notice: searchNoticeSchema }),
});

/** How many suppliers the same filters find. */
export const countSuppliers = defineContract({
  id: "countSuppliers",
  method: "GET",
  path: "/web/catalog-companies/action/count",
  summary: "How many suppliers match a keyword and filters (the same query keys as the supplier search).",
  tags: ["catalog"],
  access: "user",
  query: z.strictObject(marketplaceFilterQuery),
  response: countSchema,
});

/** Suppliers by id, in the order asked; unknown or disabled ids are left out. */
export const getSuppliersByIds = defineContract({
  id: "getSuppliersByIds",
  method: "GET",
  path: "/web/catalog-companies/:ids",
  summary: "Suppliers by id (comma-separated UUIDs, at most 100), in the order given; unknown ids are left out.",
  tags: ["catalog"],
  access: "user",
  params: z.strictObject({ ids: csv(idSchema, 100, "ids").pipe(z.array(z.string()).min(1, "must list at least one id")) }),
  response: z.object({ list: z.array(supplierSchema) }),
});

export const supplierProfileSchema = z.object({
  supplier: supplierSchema,
  tabs: z.object({
    PROFILE_INFO: z.object({ description: z.string(), city: z.string(), countryCode: z.string(), countryName: z.string(), foundedYear: z.number().int().nullable(), employeeCount: z.number().int(), website: z.string().nullable(), certifications: z.array(z.string()) }),
    BASE_PRODUCTS: pageOf(catalogItemSchema),
    CAPABILITIES: z.object({ capabilities: z.array(z.string()), categories: z.array(categorySchema), moq: z.number().int().nullable(), productionDaysMin: z.number().int(), productionDaysMax: z.number().int(), samplePriceMinCents: z.number().int().nullable(), samplePriceMaxCents: z.number().int().nullable(), orderVolumeUnits: z.number().int(), tariffRatePercent: z.number() }),
    REVIEWS: z.object({ summary: reviewSummarySchema, list: z.array(reviewSchema) }),
  }),
  favoriteId: z.string().nullable(),
});

/** A supplier's profile page: the four tabs' data in one call. */
export const getSupplierProfile = defineContract({
  id: "getSupplierProfile",
  method: "GET",
  path: "/web/catalog-companies/:id/profile",
  summary: "A supplier's profile with its tabs: PROFILE_INFO, BASE_PRODUCTS (first page), CAPABILITIES, REVIEWS (summary and latest).",
  tags: ["catalog"],
  access: "user",
  params: idParams,
  query: z.strictObject({ productsSize: z.coerce.number().int().min(1).max(100).default(12), reviewsSize: z.coerce.number().int().min(1).max(50).default(10) }),
  response: supplierProfileSchema,
});

/** Items to look at next after a supplier or item: from the suppliers most like it. */
export const recommendNextItems = defineContract({
  id: "recommendNextItems",
  method: "GET",
  path: "/web/catalog-companies/action/recommend-next-items",
  summary: "Catalog items from suppliers similar to the given supplier (or the item's supplier), other than that supplier.",
  tags: ["catalog"],
  access: "user",
  query: z.strictObject({ supplierId: idSchema.optional(), itemId: idSchema.optional(), size: z.coerce.number().int().min(1).max(50).default(12) }).refine((q) => q.supplierId || q.itemId, { message: "must give supplierId or itemId", path: ["supplierId"] }),
  response: z.object({ list: z.array(catalogItemSchema) }),
});

/** Items picked for this store from what it viewed and favourited. */
export const recommendItemsToUser = defineContract({
  id: "recommendItemsToUser",
  method: "POST",
  path: "/web/catalog-companies/action/recommend-items-to-user",
  summary: "Catalog items recommended to the store from its recent supplier views and favourites (top-ranked items when it has none), optionally narrowed by keyword or categories.",
  tags: ["catalog"],
  access: "user",
  previewAllowed: true,
  noToolReason: "Read-only; the copilot uses the search tools.",
  body: z.strictObject({ keyword: keywordSchema.optional(), categoryIds: z.array(z.number().int().positive()).max(50).optional(), size: z.number().int().min(1).max(50).default(12) }),
  response: z.object({ list: z.array(catalogItemSchema), basedOn: z.enum(["HISTORY", "FEATURED"]) }),
});

/** Records that a supplier (or one of its items) was opened; tracking never fails the caller. */
export const trackSupplierDetailView = defineContract({
  id: "trackSupplierDetailView",
  method: "POST",
  path: "/web/catalog-companies/action/detail-view",
  summary: "Records a supplier detail view for recommendations. Always 202 for a well-formed body: an unknown supplier is logged, not refused.",
  tags: ["catalog"],
  access: "user",
  status: 202,
  previewAllowed: true,
  noToolReason: "Tracking of screen views; agents do not open screens.",
  body: z.strictObject({ supplierId: idSchema, itemId: idSchema.optional(), source: z.string().trim().max(100).optional() }),
  response: z.object({ accepted: z.literal(true), recorded: z.boolean() }),
});

/** The sourcing home's groups: featured suppliers per vertical. */
export const listHomepageGroupSuppliers = defineContract({
  id: "listHomepageGroupSuppliers",
  method: "GET",
  path: "/web/catalog-companies/homepage-group/suppliers",
  summary: "Featured suppliers for the sourcing home, grouped by vertical (one group for a tab other than all).",
  tags: ["catalog"],
  access: "user",
  query: z.strictObject({ tab: z.enum(SOURCING_HOME_TABS).default("all"), size: z.coerce.number().int().min(1).max(50).default(8) }),
  response: z.object({ groups: z.array(z.object({ vertical: verticalSchema, title: z.string(), suppliers: z.array(supplierSchema) })) }),
});

/** Countries suppliers are in, with counts and average tariff. */
export const getSupplierCountryInfo = defineContract({
  id: "getSupplierCountryInfo",
  method: "GET",
  path: "/web/catalog-companies/-/country-info",
  summary: "Every country with listed suppliers: name, region, supplier count, average US tariff rate.",
  tags: ["catalog"],
  access: "user",
  response: z.object({ list: z.array(z.object({ countryCode: z.string(), countryName: z.string(), region: z.enum(REGIONS), supplierCount: z.number().int(), averageTariffRatePercent: z.number() })) }),
});

/** Suppliers picked for this store (views and favourites), optionally by keyword; 50 a page. */
export const searchSuppliersForYou = defineContract({
  id: "searchSuppliersForYou",
  method: "GET",
  path: "/web/catalog-companies/for-you/search-suppliers",
  summary: "Suppliers for you: close to the suppliers the store viewed and favourited, then featured; a keyword narrows them. Default size 50.",
  tags: ["catalog"],
  access: "user",
  // 000 §9 pages for-you by 50: a bigger page is refused rather than silently cut.
  query: z.strictObject({ keyword: keywordSchema.optional(), ...paging(50, 50) }),
  response: pageOf(supplierSchema),
});

/** Suppliers of one sourcing home tab, featured first. */
export const listSourcingTabSuppliers = defineContract({
  id: "listSourcingTabSuppliers",
  method: "GET",
  path: "/web/catalog-companies/sourcing-tab/suppliers",
  summary: "Suppliers of a sourcing home tab (a vertical, or all), featured first, paged.",
  tags: ["catalog"],
  access: "user",
  query: z.strictObject({ tab: z.enum(SOURCING_HOME_TABS).default("all"), ...paging(20, 100) }),
  response: pageOf(supplierSchema),
});

// --- Catalog items ------------------------------------------------------------------------------

/** Catalog item search (the CATALOG_PRODUCTS view): keyword, filters, sort, paging. */
export const searchCatalogItems = defineContract({
  id: "searchCatalogItems",
  method: "GET",
  path: "/web/catalog-items",
  summary: "Searches catalog items by keyword with the marketplace filters and sorts; supplierId lists one supplier's items. Each keyword search is logged with its timing.",
  tags: ["catalog"],
  access: "user",
  query: z.strictObject({ ...marketplaceFilterQuery, supplierId: idSchema.optional(), isSampleKit: z.enum(["true", "false"]).transform((v) => v === "true").optional(), ...paging(20, 100) }),
  response: pageOf(catalogItemSchema).extend({ notice: searchNoticeSchema }),
});

/** How many items the same filters find. */
export const countCatalogItems = defineContract({
  id: "countCatalogItems",
  method: "GET",
  path: "/web/catalog-items/action/count",
  summary: "How many catalog items match a keyword and filters.",
  tags: ["catalog"],
  access: "user",
  query: z.strictObject({ ...marketplaceFilterQuery, supplierId: idSchema.optional(), isSampleKit: z.enum(["true", "false"]).transform((v) => v === "true").optional() }),
  response: countSchema,
});

/** Matching items counted per category group: the facet list beside the results. */
export const countCatalogItemsByCategoryGroup = defineContract({
  id: "countCatalogItemsByCategoryGroup",
  method: "GET",
  path: "/web/catalog-items/action/category-group",
  summary: "For a keyword and filters, how many items each category group holds (largest first).",
  tags: ["catalog"],
  access: "user",
  query: z.strictObject(marketplaceFilterQuery),
  response: z.object({ list: z.array(z.object({ categoryId: z.number().int(), key: z.string(), title: z.string(), vertical: verticalSchema, count: z.number().int() })) }),
});

/** Completions for the search box: item titles, supplier names and categories. */
export const suggestCatalogAutoComplete = defineContract({
  id: "suggestCatalogAutoComplete",
  method: "GET",
  path: "/web/catalog-items/action/suggest-auto-complete",
  summary: "Search-box completions for a partial keyword: categories, item titles and supplier names (typo tolerant).",
  tags: ["catalog"],
  access: "user",
  query: z.strictObject({ keyword: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"), size: z.coerce.number().int().min(1).max(20).default(8) }),
  response: z.object({ list: z.array(z.object({ text: z.string(), kind: z.enum(["CATEGORY", "ITEM", "SUPPLIER"]), id: z.string() })) }),
});

/** Product listings: the catalogue page by page, newest ranked first. */
export const listProductListings = defineContract({
  id: "listProductListings",
  method: "GET",
  path: "/web/catalog-items/-/product-listings",
  summary: "Catalog product listings, paged (page 0, size 100, sort -rankedAt, isSampleKit false by default).",
  tags: ["catalog"],
  access: "user",
  query: z.strictObject({
    ...paging(100, 1000),
    sort: z.enum(["-rankedAt", "-rank", "-enabledAt"]).default("-rankedAt"),
    isSampleKit: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
    vertical: verticalSchema.optional(),
    supplierId: idSchema.optional(),
  }),
  response: pageOf(catalogItemSchema),
});

export const catalogItemDetailSchema = z.object({
  item: catalogItemSchema,
  supplier: supplierSchema,
  supplierCapabilities: z.array(z.string()),
  similarProducts: z.array(catalogItemSchema),
  reviews: z.object({ summary: reviewSummarySchema, list: z.array(reviewSchema) }),
  favoriteId: z.string().nullable(),
});

/** One catalog item with its detail sections: description, supplier capabilities, similar products, reviews. */
export const getCatalogItem = defineContract({
  id: "getCatalogItem",
  method: "GET",
  path: "/web/catalog-items/:id",
  summary: "A catalog item with its supplier's capabilities, similar products (by meaning) and the supplier's reviews.",
  tags: ["catalog"],
  access: "user",
  params: idParams,
  response: catalogItemDetailSchema,
});

/** Items like this one (by embedding), from any supplier. */
export const listCatalogItemRecommendations = defineContract({
  id: "listCatalogItemRecommendations",
  method: "GET",
  path: "/web/catalog-items/:id/recommendations",
  summary: "Catalog items closest in meaning to this one, from any supplier.",
  tags: ["catalog"],
  access: "user",
  params: idParams,
  query: z.strictObject({ size: z.coerce.number().int().min(1).max(50).default(12) }),
  response: z.object({ list: z.array(catalogItemSchema) }),
});

/** Catalog items matching a design brief (free text). */
export const matchDesignProducts = defineContract({
  id: "matchDesignProducts",
  method: "POST",
  path: "/web/catalog-items/design/product-match-new",
  summary: "Finds catalog items matching a product design description (full text, typos and meaning), best first.",
  tags: ["catalog"],
  access: "user",
  previewAllowed: true,
  body: z.strictObject({
    text: z.string().trim().min(2, "must be at least 2 characters").max(2000, "must be at most 2000 characters"),
    type: z.enum(["PRODUCT", "PACKAGING", "SERVICES"]).optional(),
    categoryIds: z.array(z.number().int().positive()).max(50).optional(),
    size: z.number().int().min(1).max(100).default(20),
  }),
  response: z.object({ list: z.array(catalogItemSchema) }),
});

/** Image search: items whose pictures look like the given one. */
export const searchByImage = defineContract({
  id: "searchByImage",
  method: "POST",
  path: "/web/sourcing/home/image-search",
  summary:
    "Finds catalog items whose pictures look like an image (imageUrl, or image as base64 or a data URL; PNG, JPEG, GIF or SVG). With an image-embedding model configured it compares what the model sees; offline it compares colours and composition, not what the object is. Default quantity 120.",
  tags: ["catalog"],
  access: "user",
  previewAllowed: true,
  body: z
    .strictObject({
      imageUrl: z.union([linkSchema, z.string().regex(/^data:image\/[a-z+.-]+[;,]/i, "must be a link or an image data URL").max(7_000_000)]).optional(),
      image: z.string().min(8, "must be image bytes as base64 or a data URL").max(7_000_000, "must be at most 5 MB").optional(),
      quantity: z.number().int().min(1).max(500).default(120),
      type: z.enum(["PRODUCT", "PACKAGING", "SERVICES"]).optional(),
    })
    .refine((b) => Boolean(b.imageUrl) !== Boolean(b.image), { message: "must give either imageUrl or image", path: ["imageUrl"] }),
  response: z.object({
    list: z.array(catalogItemSchema.extend({ similarity: z.number() })),
    descriptor: z.object({ kind: z.string(), dominantColors: z.array(z.string()) }),
    indexing: z
      .object({
        done: z.number().int(),
        total: z.number().int(),
        share: z.number().min(0).max(1),
        jobId: z.string().nullable().optional().describe("The background job building the index (GET /web/jobs/{id} follows it)"),
      })
      .nullable()
      .optional()
      .describe("Set while the picture index is still being built after a start: no results yet (list is empty); ask again shortly. share is the part done, 0 to 1."),
  }),
});

// --- Reviews ------------------------------------------------------------------------------------

const ratingSchema = z.number().int("must be a whole number").min(1, "must be 1 to 5").max(5, "must be 1 to 5");
const reviewTitle = z.string().trim().max(200, "must be at most 200 characters");
const reviewBody = z.string().trim().min(1, "must not be empty").max(5000, "must be at most 5000 characters");

/** A supplier's reviews, newest first. */
export const listSupplierReviews = defineContract({
  id: "listSupplierReviews",
  method: "GET",
  path: "/web/catalog-company-reviews",
  summary: "A supplier's reviews, newest first, paged. mine=true lists only the calling store's own review (none or one).",
  tags: ["catalog"],
  access: "user",
  query: z.strictObject({
    supplierId: idSchema,
    mine: z.enum(["true", "false"]).transform((v) => v === "true").optional().describe("true: only the store's own review of this supplier"),
    ...paging(20, 100),
  }),
  response: pageOf(reviewSchema),
});

/** The store reviews a supplier (once; a second review is a 409 — edit the first). */
export const createSupplierReview = defineContract({
  id: "createSupplierReview",
  method: "POST",
  path: "/web/catalog-company-reviews",
  summary: "Writes the store's review of a supplier (rating 1–5). One review per store and supplier; edit it with PUT.",
  tags: ["catalog"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({ supplierId: idSchema, rating: ratingSchema, title: reviewTitle.default(""), body: reviewBody }),
  response: reviewSchema,
});

/** Edits the store's own review. */
export const updateSupplierReview = defineContract({
  id: "updateSupplierReview",
  method: "PUT",
  path: "/web/catalog-company-reviews/:id",
  summary: "Edits the store's own review of a supplier.",
  tags: ["catalog"],
  access: "user",
  idempotent: true,
  params: idParams,
  body: z
    .strictObject({ rating: ratingSchema.optional(), title: reviewTitle.optional(), body: reviewBody.optional() })
    .refine((b) => Object.values(b).some((v) => v !== undefined), "must set at least one field"),
  response: reviewSchema,
});

/** Average, count and the 1–5 histogram of a supplier's reviews. */
export const getSupplierReviewSummary = defineContract({
  id: "getSupplierReviewSummary",
  method: "GET",
  path: "/web/catalog-company-reviews/-/summary/:id",
  summary: "A supplier's review summary: average rating, count and how many of each star.",
  tags: ["catalog"],
  access: "user",
  params: idParams,
  response: reviewSummarySchema,
});

/** A review through a store's signed per-order review link, without logging in. */
export const postPublicSupplierReview = defineContract({
  id: "postPublicSupplierReview",
  method: "POST",
  path: "/app/supplier-profile/:supplierId/post-review",
  summary: "Posts a review without logging in, with the reviewToken of a signed per-order review link (GET /web/creator-order-items/{id}/review-link): it is the ordering store's one review of the supplier and counts at once. Without a valid link it is refused (400 on reviewToken): anyone can type any e-mail, so only a store's order proves a relationship.",
  tags: ["catalog"],
  access: "public",
  status: 201,
  noToolReason: "For visitors without an account; logged-in stores use createSupplierReview.",
  params: z.strictObject({ supplierId: idSchema }),
  body: z.strictObject({
    authorName: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
    email: emailSchema,
    rating: ratingSchema,
    title: reviewTitle.default(""),
    body: reviewBody,
    /** From a signed per-order review link: the review is the ordering store's and counts at once. Required (refused without, with the reason). */
    reviewToken: z.string().trim().max(200, "must be at most 200 characters").optional(),
  }),
  response: reviewSchema,
});

// --- Favourites ---------------------------------------------------------------------------------

export const FAVORITE_KINDS = ["SUPPLIER", "CATALOG_ITEM"] as const;
export const favoriteSchema = z.object({
  id: z.string(),
  kind: z.enum(FAVORITE_KINDS),
  createdAt: z.string(),
  supplier: supplierSchema.nullable(),
  item: catalogItemSchema.nullable(),
});

/** The store's favourite suppliers and items, newest first. */
export const listFavorites = defineContract({
  id: "listFavorites",
  method: "GET",
  path: "/web/favorites",
  summary: "The store's favourite suppliers and catalog items, newest first; kind narrows to one.",
  tags: ["catalog"],
  access: "user",
  query: z.strictObject({ kind: z.enum(FAVORITE_KINDS).optional(), ...paging(20, 100) }),
  response: pageOf(favoriteSchema),
});

/** Adds a supplier or item to the store's favourites (adding one twice returns the first). */
export const addFavorite = defineContract({
  id: "addFavorite",
  method: "POST",
  path: "/web/favorites",
  summary: "Adds a supplier or catalog item to the store's favourites; adding one already there returns it.",
  tags: ["catalog"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({ kind: z.enum(FAVORITE_KINDS), targetId: idSchema }),
  response: favoriteSchema,
});

/** Removes one of the store's favourites. */
export const removeFavorite = defineContract({
  id: "removeFavorite",
  method: "DELETE",
  path: "/web/favorites/:id",
  summary: "Removes a favourite of the store.",
  tags: ["catalog"],
  access: "user",
  idempotent: true,
  params: idParams,
  response: z.object({ deleted: z.literal(true) }),
});

// --- Public previews ----------------------------------------------------------------------------

/** A catalog item for the public preview page (no store data). */
export const getPublicCatalogItem = defineContract({
  id: "getPublicCatalogItem",
  method: "GET",
  path: "/app/catalog-items/:id",
  summary: "A catalog item for the public preview page: the item, its supplier, similar products and reviews, without any store data.",
  tags: ["catalog"],
  access: "public",
  params: idParams,
  response: catalogItemDetailSchema.omit({ favoriteId: true }),
});

/** A supplier profile for the public preview page (no store data). */
export const getPublicSupplierProfile = defineContract({
  id: "getPublicSupplierProfile",
  method: "GET",
  path: "/app/catalog-companies/:id",
  summary: "A supplier's profile for the public preview page, with its tabs, without any store data.",
  tags: ["catalog"],
  access: "public",
  params: idParams,
  response: supplierProfileSchema.omit({ favoriteId: true }),
});

/** A supplier's reviews for the public preview page, newest first (isMine is always false). */
export const listPublicSupplierReviews = defineContract({
  id: "listPublicSupplierReviews",
  method: "GET",
  path: "/app/catalog-company-reviews",
  summary: "A supplier's reviews for the public supplier preview, newest first, paged; no login and no store data.",
  tags: ["catalog"],
  access: "public",
  query: z.strictObject({ supplierId: idSchema, ...paging(20, 100) }),
  response: pageOf(reviewSchema),
});

/** A supplier's review summary for the public preview page. */
export const getPublicSupplierReviewSummary = defineContract({
  id: "getPublicSupplierReviewSummary",
  method: "GET",
  path: "/app/catalog-company-reviews/-/summary/:id",
  summary: "A supplier's review summary (average, count, 1–5 histogram) for the public supplier preview; no login.",
  tags: ["catalog"],
  access: "public",
  params: idParams,
  response: reviewSummarySchema,
});

// --- Public search ------------------------------------------------------------------------------

/** Anonymous pages (the storefront chatbot, public previews) read at most this many results at once. */
export const PUBLIC_SEARCH_MAX_SIZE = 20;

/** Supplier search without an account: the marketplace's filters and sorts, small pages, no store data. */
export const searchPublicSuppliers = defineContract({
  id: "searchPublicSuppliers",
  method: "GET",
  path: "/app/catalog-companies/-/search",
  summary: `Searches suppliers without logging in (the storefront chatbot, public pages): the same keyword, filters and sorts as /web/catalog-companies, at most ${PUBLIC_SEARCH_MAX_SIZE} a page, no store data.`,
  tags: ["catalog"],
  access: "public",
  query: z.strictObject({ ...marketplaceFilterQuery, ...paging(8, PUBLIC_SEARCH_MAX_SIZE) }),
  response: pageOf(supplierSchema).extend({ notice: searchNoticeSchema }),
});

/** Catalog item search without an account: the marketplace's filters and sorts, small pages, no store data. */
export const searchPublicCatalogItems = defineContract({
  id: "searchPublicCatalogItems",
  method: "GET",
  path: "/app/catalog-items/-/search",
  summary: `Searches catalog items without logging in (the storefront chatbot, public pages): the same keyword, filters and sorts as /web/catalog-items, at most ${PUBLIC_SEARCH_MAX_SIZE} a page, no store data.`,
  tags: ["catalog"],
  access: "public",
  query: z.strictObject({ ...marketplaceFilterQuery, supplierId: idSchema.optional(), isSampleKit: z.enum(["true", "false"]).transform((v) => v === "true").optional(), ...paging(8, PUBLIC_SEARCH_MAX_SIZE) }),
  response: pageOf(catalogItemSchema).extend({ notice: searchNoticeSchema }),
});
