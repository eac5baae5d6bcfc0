import { stringify } from "csv-stringify/sync";
import type { FeedCondition, FeedListing, FeedPlatform } from "@atelier/contracts/product-feeds";

// The feed files in each platform's own format. Google Merchant Center's product data
// specification, tab-separated (support.google.com/merchants/answer/7052112): its attribute names
// as the header, availability `in_stock`/`out_of_stock`, price "24.00 USD", condition in lower case,
// and `identifier_exists` "no" for a product without a GTIN or MPN (a maker's own design), which
// Google otherwise flags as missing identifiers. Meta's catalog feed, CSV
// (facebook.com/business/help/120325381656392): id, title, description, availability ("in stock"),
// condition, price, link, image_link, brand.

const price = (cents: number) => `${(cents / 100).toFixed(2)} USD`;
const condition = (c: FeedCondition) => c.toLowerCase();

/** A tab-separated file has no quoting in Google's reading: tabs and line breaks become spaces. */
const flat = (v: string) => v.replace(/[\t\r\n]+/g, " ").trim();

const GOOGLE_COLUMNS = ["id", "title", "description", "link", "image_link", "availability", "price", "brand", "gtin", "mpn", "condition", "identifier_exists"];

export function googleMerchantTsv(listings: FeedListing[]): string {
  const rows = listings.map((l) => [
    l.sku, l.title, l.description, l.link, l.imageLink, l.inStock ? "in_stock" : "out_of_stock", price(l.priceCents ?? 0), l.brand,
    l.gtin, l.mpn, condition(l.condition), l.gtin || l.mpn ? "yes" : "no",
  ].map(flat).join("\t"));
  return [GOOGLE_COLUMNS.join("\t"), ...rows].join("\n") + "\n";
}

const META_COLUMNS = ["id", "title", "description", "availability", "condition", "price", "link", "image_link", "brand"];

export function metaCatalogCsv(listings: FeedListing[]): string {
  return stringify([
    META_COLUMNS,
    ...listings.map((l) => [l.sku, l.title, l.description, l.inStock ? "in stock" : "out of stock", condition(l.condition), price(l.priceCents ?? 0), l.link, l.imageLink, l.brand]),
  ]);
}

/** One platform's feed as a file: its name, type and text. */
export function feedFile(platform: FeedPlatform, listings: FeedListing[]): { filename: string; contentType: string; content: string } {
  return platform === "GOOGLE"
    ? { filename: "google-merchant-center-products.tsv", contentType: "text/tab-separated-values; charset=utf-8", content: googleMerchantTsv(listings) }
    : { filename: "meta-catalog-products.csv", contentType: "text/csv; charset=utf-8", content: metaCatalogCsv(listings) };
}
