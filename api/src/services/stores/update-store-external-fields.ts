import type { BodyOf, ResponseOf, stores } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { listExternalFields, upsertExternalFields } from "../../queries/stores";

/** Sets the given external fields (each replaces its stored value) and returns all of them. */
export async function updateStoreExternalFields(
  ctx: UserContext,
  input: BodyOf<typeof stores.updateStoreExternalFields>,
): Promise<ResponseOf<typeof stores.updateStoreExternalFields>> {
  const fields = input.externalFields.map((f) => (f.name === "closedEducationPanelPages" ? { name: f.name, value: [...new Set(f.value)] } : f));
  await upsertExternalFields(ctx.pool, ctx.auth.storeId, fields);
  return { externalFields: await listExternalFields(ctx.pool, ctx.auth.storeId) };
}
