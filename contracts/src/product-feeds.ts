import { z } from "zod";
import { defineContract } from "./contract";
import { pageOf, pageQuery } from "./domain";
import { skuSchema } from "./inventory";

// Product feeds (000 §2.5 /ecommerce-services/instagram and /google-shopping): the store's SKUs as
// Google Merchant Center's product data (tab-separated) and Meta's catalog feed (CSV), at a stable
// address with a secret in it that each platform fetches on a schedule, and as a download. A SKU
// enters the feeds once its listing has what both platforms require (title, description, link,
// picture, price, brand); the others are listed with what they miss, in sentences.

/** The platforms a feed is made for. */
export const FEED_PLATFORMS = ["GOOGLE", "META"] as const;
export type FeedPlatform = (typeof FEED_PLATFORMS)[number];
export const FEED_PLATFORM_NAMES: Record<FeedPlatform, string> = { GOOGLE: "Google Merchant Center", META: "Meta Commerce Manager" };

/** Google's and Meta's product conditions. */
export const FEED_CONDITIONS = ["NEW", "REFURBISHED", "USED"] as const;
export type FeedCondition = (typeof FEED_CONDITIONS)[number];

/** The readiness list's tabs. */
export const FEED_LISTING_FILTERS = ["ALL", "READY", "NOT_READY"] as const;
export type FeedListingFilter = (typeof FEED_LISTING_FILTERS)[number];

/** What both platforms require of every product, as people name it. */
export const FEED_REQUIRED_FIELDS = { description: "a description", link: "a link to its page", imageLink: "a picture", price: "a price", brand: "a brand" } as const;
export type FeedRequiredField = keyof typeof FEED_REQUIRED_FIELDS;

export const feedListingSchema = z.object({
  sku: z.string(),
  /** The title in the feeds: the listing's own, else the SKU's. */
  title: z.string(),
  /** The SKU's title in the inventory, used when the listing has none. */
  inventoryTitle: z.string(),
  description: z.string(),
  link: z.string(),
  imageLink: z.string(),
  priceCents: z.number().int().nullable(),
  brand: z.string(),
  gtin: z.string(),
  mpn: z.string(),
  condition: z.enum(FEED_CONDITIONS),
  /** Units that can be sold now (on hand − reserved), which decides in stock or out of stock. */
  available: z.number().int(),
  inStock: z.boolean(),
  ready: z.boolean(),
  missing: z.array(z.enum(Object.keys(FEED_REQUIRED_FIELDS) as [FeedRequiredField, ...FeedRequiredField[]])),
  /** Why the SKU is not in the feeds, as a sentence ("Add a picture and a price."); empty when ready. */
  problem: z.string(),
});
export type FeedListing = z.infer<typeof feedListingSchema>;

export const productFeedStatusSchema = z.object({
  skuCount: z.number().int(),
  readyCount: z.number().int(),
  notReadyCount: z.number().int(),
  /** The addresses the platforms fetch; null until one is made, or after it was revoked. */
  urls: z.object({ GOOGLE: z.string(), META: z.string() }).nullable(),
  urlCreatedAt: z.string().nullable(),
  /** When a platform last fetched a feed, if ever. */
  lastFetchedAt: z.string().nullable(),
  /** How the feeds stand, as a sentence. */
  summary: z.string(),
});
export type ProductFeedStatus = z.infer<typeof productFeedStatusSchema>;

export const getProductFeedStatus = defineContract({
  id: "getProductFeedStatus",
  method: "GET",
  path: "/web/product-feeds",
  summary: "How the store's product feeds for Google Merchant Center and Meta Commerce Manager stand: how many SKUs are in them and how many are left out for a missing field, and the addresses the platforms fetch (null until made).",
  tags: ["sales-channels"],
  access: "user",
  response: productFeedStatusSchema,
});

export const listFeedListings = defineContract({
  id: "listFeedListings",
  method: "GET",
  path: "/web/product-feeds/listings",
  summary: "The store's SKUs as the feeds list them (title, description, link, picture, price, brand, GTIN, MPN, condition, stock), one tab (ALL, READY, NOT_READY: left out for a missing field, with what is missing), searched by SKU or title and paged; with each tab's count.",
  tags: ["sales-channels"],
  access: "user",
  query: z.strictObject({
    filter: z.enum(FEED_LISTING_FILTERS).default("ALL").describe("ALL, READY (in the feeds) or NOT_READY (left out, with what is missing)"),
    search: z.string().trim().max(100, "must be at most 100 characters").optional().describe("Words of the SKU or its title"),
    ...pageQuery,
  }),
  response: pageOf(feedListingSchema).extend({ counts: z.record(z.enum(FEED_LISTING_FILTERS), z.number().int()) }),
});

/** A page or picture the platforms can fetch: https, a host with a dot, no spaces. */
function isHttpsAddress(v: string): boolean {
  if (/\s/.test(v)) return false;
  try {
    const u = new URL(v);
    return u.protocol === "https:" && u.hostname.includes(".");
  } catch {
    return false;
  }
}

const httpsUrl = z
  .string()
  .trim()
  .max(2000, "must be at most 2,000 characters")
  .refine((v) => v === "" || isHttpsAddress(v), "must be a web address starting with https://");

/** A GTIN (UPC, EAN, ISBN, ITF-14) is 8, 12, 13 or 14 digits whose last digit checks the others (GS1's mod-10). */
export function isValidGtin(gtin: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(gtin)) return false;
  const digits = [...gtin].map(Number);
  const check = digits.pop() ?? 0;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

export const updateFeedListing = defineContract({
  id: "updateFeedListing",
  method: "PUT",
  path: "/web/product-feeds/listings/:sku",
  summary: "Sets what the feeds say of one SKU: title, description, the link to its page, its picture, price, brand, GTIN or MPN, condition. Fields left out keep their value; an empty text clears it. Answers the listing with what it still misses.",
  tags: ["sales-channels"],
  access: "user",
  idempotent: true,
  params: z.strictObject({ sku: skuSchema.describe("The SKU, e.g. TEE-BLK-M") }),
  body: z.strictObject({
    title: z.string().trim().max(150, "must be at most 150 characters").optional().describe("The product's name in the feeds (empty: the SKU's title)"),
    description: z.string().trim().max(5000, "must be at most 5,000 characters").optional().describe("What the product is, for shoppers"),
    link: httpsUrl.optional().describe("The product's page where shoppers buy it, https://…"),
    imageLink: httpsUrl.optional().describe("The address of its main picture, https://…"),
    priceCents: z.number().int("must be a whole number of cents").min(1, "must be more than zero").max(100_000_000, "must be at most $1,000,000").nullable().optional().describe("Its price in US cents, e.g. 2400 for $24.00"),
    brand: z.string().trim().max(70, "must be at most 70 characters").optional().describe("The brand shoppers know it by"),
    gtin: z.string().trim().refine((v) => v === "" || isValidGtin(v), "must be a GTIN (UPC, EAN or ISBN: 8, 12, 13 or 14 digits with a correct check digit)").optional().describe("Its barcode number (UPC, EAN or ISBN), if it has one"),
    mpn: z.string().trim().max(70, "must be at most 70 characters").optional().describe("The maker's part number, if it has one"),
    condition: z.enum(FEED_CONDITIONS).optional().describe("NEW, REFURBISHED or USED"),
  }),
  response: feedListingSchema,
});

export const createProductFeedUrl = defineContract({
  id: "createProductFeedUrl",
  method: "POST",
  path: "/web/product-feeds/url",
  summary: "Makes the secret addresses Google Merchant Center and Meta Commerce Manager fetch the feeds from. An address already made is replaced: the old one stops working at once (use it when an address was shared by mistake).",
  tags: ["sales-channels"],
  access: "user",
  status: 201,
  idempotent: true,
  response: productFeedStatusSchema,
});

export const revokeProductFeedUrl = defineContract({
  id: "revokeProductFeedUrl",
  method: "DELETE",
  path: "/web/product-feeds/url",
  summary: "Stops the feeds' addresses: the platforms can no longer fetch the store's products until a new address is made.",
  tags: ["sales-channels"],
  access: "user",
  idempotent: true,
  response: productFeedStatusSchema,
});

export const downloadProductFeed = defineContract({
  id: "downloadProductFeed",
  method: "GET",
  path: "/web/product-feeds/files/:platform",
  summary: "One platform's feed as a file to upload by hand: Google Merchant Center's tab-separated product data, or Meta's catalog CSV; only the SKUs that are ready.",
  tags: ["sales-channels"],
  access: "user",
  params: z.strictObject({ platform: z.enum(FEED_PLATFORMS).describe("GOOGLE or META") }),
  noToolReason: "A file for a person to upload by hand; the assistant reads the same SKUs with list_feed_listings and the status with get_product_feed_status.",
  response: z.object({ filename: z.string(), contentType: z.string(), content: z.string() }),
});

/** The public address a platform fetches (not a JSON contract: raw text, no session, the secret is the key). */
export const PUBLIC_FEED_PATHS: Record<FeedPlatform, string> = { GOOGLE: "google-merchant-center.tsv", META: "meta-catalog.csv" };
export const publicFeedPath = (token: string, platform: FeedPlatform) => `/rest/main/product-feeds/${token}/${PUBLIC_FEED_PATHS[platform]}`;
