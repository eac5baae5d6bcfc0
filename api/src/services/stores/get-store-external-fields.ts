import type { ResponseOf, stores } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { listExternalFields } from "../../queries/stores";

/** The store's external fields as name and value pairs. */
export async function getStoreExternalFields(ctx: UserContext): Promise<ResponseOf<typeof stores.getStoreExternalFields>> {
  return { externalFields: await listExternalFields(ctx.pool, ctx.auth.storeId) };
}
