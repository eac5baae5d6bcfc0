import type { PublicBrandKit } from "@atelier/contracts/brand-kits";
import type { Queryable } from "../../db/pool";
import { notFound } from "../../errors";
import { getKitById } from "../../queries/brand-kits/kits";

/** A kit as anyone with its link sees it (/bk/:id): the deck's parts, never the store's tasks or audiences; archived kits are gone. */
export async function getPublicBrandKit(db: Queryable, id: string): Promise<PublicBrandKit> {
  const kit = await getKitById(db, id);
  if (!kit || kit.is_archived) throw notFound("Business kit");
  const { brandIdeas, moodboardImages, productSkus, marketResearch, slideColors, thumbnailImages } = kit.parts;
  return {
    id: kit.id, category: kit.category, productDescription: kit.product_description, isWaitlistSitePublished: kit.is_waitlist_site_published, storeName: kit.store_title,
    brandIdeas, moodboardImages, productSkus, marketResearch, slideColors, thumbnailImages,
  };
}
