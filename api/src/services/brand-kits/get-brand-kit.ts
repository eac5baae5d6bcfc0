import type { BrandKit } from "@atelier/contracts/brand-kits";
import type { UserContext } from "../../context";
import { latestTasks } from "../../queries/brand-kits/tasks";
import { toKitDto } from "./dto";
import { findKit } from "./find-kit";

/**
 * One kit with its latest task of each type. The tasks are read before the kit: a job marks its
 * task SUCCESS in the transaction that merges its result into the kit, so a kit read after the
 * tasks always holds what a SUCCESS task wrote. (Read kit-then-tasks, a job committing between the
 * two reads showed "market research: SUCCESS" beside an empty market research.)
 */
export async function getBrandKit(ctx: UserContext, id: string): Promise<BrandKit> {
  const owned = await findKit(ctx.pool, ctx, id);
  const tasks = await latestTasks(ctx.pool, owned.id);
  return toKitDto(await findKit(ctx.pool, ctx, id), tasks);
}
