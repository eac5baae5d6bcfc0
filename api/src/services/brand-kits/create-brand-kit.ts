import { EXAMPLE_KITS, GENERATION_TYPES, type BrandKitParts } from "@atelier/contracts/brand-kits";
import type { BodyOf, brandKits } from "@atelier/contracts";
import { emptyParts } from "@atelier/contracts/brand-kit-rules";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { insertKit } from "../../queries/brand-kits/kits";
import { queueGeneration } from "./start-generation";

/** Creates a kit (from a category and description, or a built-in example) and starts its four generations. */
export async function createBrandKit(ctx: UserContext, body: BodyOf<typeof brandKits.createBrandKit>): Promise<{ id: string }> {
  const example = "example" in body ? EXAMPLE_KITS.find((e) => e.key === body.example)! : null;
  const category = example?.category ?? ("category" in body ? body.category : "");
  const productDescription = example?.productDescription ?? ("productDescription" in body ? body.productDescription : "");
  const generate = example ? true : "generate" in body ? body.generate : true;
  const id = await withTransaction(ctx.pool, async (tx) => {
    const parts: BrandKitParts = emptyParts();
    const kit = await insertKit(tx, ctx.auth.storeId, ctx.auth.userId, { category, productDescription, parts });
    if (generate) await queueGeneration(tx, ctx, kit.id, GENERATION_TYPES);
    return kit.id;
  });
  ctx.jobs.kick();
  return { id };
}
