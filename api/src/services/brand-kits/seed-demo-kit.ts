import { EXAMPLE_KITS, GENERATION_TYPES } from "@atelier/contracts/brand-kits";
import { emptyParts } from "@atelier/contracts/brand-kit-rules";
import type { Queryable } from "../../db/pool";
import { finishTask, insertTask } from "../../queries/brand-kits/tasks";
import { insertKit, saveKit } from "../../queries/brand-kits/kits";
import { applyDrawn, drawSlots, markMissingImages } from "./fill-images";
import { generateOffline, kitInputs, mergeGenerated } from "./write-generation";

/**
 * The demo store's business kit: the coffee example written by the offline generator (brand ideas
 * first, as the jobs do, so SKUs and research follow the selected idea) with its pictures drawn,
 * and one settled task per part, so /business-kits and "show my kit" have a kit to open.
 */
export async function seedDemoBrandKit(db: Queryable, storeId: string, userId: string, now: Date): Promise<string> {
  const example = EXAMPLE_KITS.find((e) => e.key === "coffee-and-tea") ?? EXAMPLE_KITS[0]!;
  const row = await insertKit(db, storeId, userId, { category: example.category, productDescription: example.productDescription, parts: emptyParts() });
  const kit = kitInputs({ id: row.id, category: example.category, productDescription: example.productDescription });
  let parts = emptyParts();
  for (const type of ["BRAND_IDEA", ...GENERATION_TYPES.filter((t) => t !== "BRAND_IDEA")] as const) {
    parts = mergeGenerated(parts, await generateOffline(db, kit, parts, type, now));
    const task = await insertTask(db, storeId, row.id, type);
    await finishTask(db, task.id, { status: "SUCCESS", source: "OFFLINE" });
  }
  const { parts: marked, slots } = markMissingImages(row.id, parts);
  // A picture that fails to draw stays a placeholder, as in the product; the seed goes on.
  const drawn = await drawSlots(db, slots, () => undefined);
  await saveKit(db, storeId, row.id, { parts: applyDrawn(marked, drawn) });
  return row.id;
}
