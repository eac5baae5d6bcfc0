import { FEED_REQUIRED_FIELDS, type FeedListing, type FeedRequiredField } from "@atelier/contracts/product-feeds";
import { REQUIRED_FIELD_TESTS, type FeedListingRow } from "../../queries/inventory/feed-listings";

/** What a listing lacks of what both platforms require, by the tests the Ready tab runs in SQL. */
export function missingFields(r: FeedListingRow): FeedRequiredField[] {
  return (Object.keys(FEED_REQUIRED_FIELDS) as FeedRequiredField[]).filter((f) => !REQUIRED_FIELD_TESTS[f].present(r));
}

const joinWords = (words: string[]) => (words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`);

/** "Add a picture and a price." */
export function missingSentence(missing: FeedRequiredField[]): string {
  return missing.length ? `Add ${joinWords(missing.map((f) => FEED_REQUIRED_FIELDS[f]))}.` : "";
}

export function toFeedListingDto(r: FeedListingRow): FeedListing {
  const missing = missingFields(r);
  return {
    sku: r.sku,
    title: r.title || r.inventoryTitle,
    inventoryTitle: r.inventoryTitle,
    description: r.description,
    link: r.link,
    imageLink: r.imageLink,
    priceCents: r.priceCents,
    brand: r.brand,
    gtin: r.gtin,
    mpn: r.mpn,
    condition: r.condition,
    available: r.available,
    inStock: r.available > 0,
    ready: missing.length === 0,
    missing,
    problem: missingSentence(missing),
  };
}
