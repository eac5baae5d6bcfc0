import type { Queryable } from "../../db/pool";
import { notFound } from "../../errors";
import { getKitById } from "../../queries/brand-kits/kits";
import { insertSignup } from "../../queries/brand-kits/waitlist";

/** Signs an e-mail up on a published kit's waitlist; a kit without a published waitlist is not found. */
export async function joinWaitlist(db: Queryable, id: string, email: string): Promise<{ joined: true }> {
  const kit = await getKitById(db, id);
  if (!kit || kit.is_archived || !kit.is_waitlist_site_published) throw notFound("Waitlist");
  await insertSignup(db, kit.store_id, kit.id, email.toLowerCase());
  return { joined: true };
}
