import type { Queryable } from "../../db/pool";
import { getUserById } from "../../queries/accounts";
import { getStoreTitleAndOwner } from "../../queries/stores";

export type StoreContact = { title: string; owner_email: string; owner_name: string };

/** Who writes to suppliers for the store: its title and its owner's name and e-mail. */
export async function getStoreContact(db: Queryable, storeId: string): Promise<StoreContact | null> {
  const store = await getStoreTitleAndOwner(db, storeId);
  const owner = store && (await getUserById(db, store.ownerUserId));
  return store && owner ? { title: store.title, owner_email: owner.email, owner_name: owner.username } : null;
}
