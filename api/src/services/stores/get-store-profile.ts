import type { ResponseOf, stores } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { getStoreProfile as selectStoreProfile, type StoreProfileRow } from "../../queries/stores";
import type { Queryable } from "../../db/pool";

export type StoreProfile = ResponseOf<typeof stores.getStoreProfile>;

/** The current store's profile; fields never saved are null. */
export async function getStoreProfile(ctx: UserContext): Promise<StoreProfile> {
  return readStoreProfile(ctx.pool, ctx.auth.storeId);
}

export async function readStoreProfile(db: Queryable, storeId: string): Promise<StoreProfile> {
  const row = await selectStoreProfile(db, storeId);
  if (!row) throw notFound("The store");
  return toStoreProfile(row);
}

function toStoreProfile(row: StoreProfileRow): StoreProfile {
  return {
    title: row.title,
    description: row.description,
    logoUrl: row.logo_url,
    website: row.website,
    contactEmail: row.contact_email,
    phone: row.phone,
    socialLinks: row.social_links ?? {},
    supportAddress: row.support_address,
    updatedAt: row.updated_at?.toISOString() ?? null,
  };
}
