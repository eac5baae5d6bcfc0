import { stores, type ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import type { Queryable } from "../../db/pool";
import { listSeenFlags } from "../../queries/stores";

export type SeenState = ResponseOf<typeof stores.getStoreSeenState>;

/** Which one-time screens this store has seen. */
export async function getStoreSeenState(ctx: UserContext): Promise<SeenState> {
  return readSeenState(ctx.pool, ctx.auth.storeId);
}

export async function readSeenState(db: Queryable, storeId: string): Promise<SeenState> {
  const seen = new Set(await listSeenFlags(db, storeId));
  return Object.fromEntries(stores.SEEN_FLAGS.map((f) => [f, seen.has(f)])) as SeenState;
}
