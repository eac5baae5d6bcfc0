import type { Queryable } from "../../db/pool";
import * as feeds from "../../queries/inventory/feed-listings";
import { toFeedListingDto } from "./feed-listing-dto";

/** The store's SKUs that a product feed can carry, with their stock (for the sales channels' feed files). */
export async function readyFeedListings(db: Queryable, storeId: string) {
  return (await feeds.readyFeedListings(db, storeId)).map(toFeedListingDto);
}

/** How many of the store's SKUs are ready for the feeds, and how many are left out. */
export async function countFeedReadiness(db: Queryable, storeId: string) {
  return feeds.countFeedListings(db, storeId);
}
