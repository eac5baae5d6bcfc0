import type { BodyOf, stores } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { setSeenFlags } from "../../queries/stores";
import { readSeenState, type SeenState } from "./get-store-seen-state";

/** Sets the given flags: true marks seen, false shows the screen again. */
export async function updateStoreSeenState(ctx: UserContext, input: BodyOf<typeof stores.updateStoreSeenState>): Promise<SeenState> {
  const entries = Object.entries(input).filter(([, v]) => v !== undefined);
  const seen = entries.filter(([, v]) => v).map(([k]) => k);
  const unseen = entries.filter(([, v]) => !v).map(([k]) => k);
  await setSeenFlags(ctx.pool, ctx.auth.storeId, seen, unseen);
  return readSeenState(ctx.pool, ctx.auth.storeId);
}
