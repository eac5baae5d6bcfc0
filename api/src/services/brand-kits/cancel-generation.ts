import type { BrandKitTask, GenerationType } from "@atelier/contracts/brand-kits";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { finishTask, latestTasks, pendingTasks } from "../../queries/brand-kits/tasks";
import { toTaskDto } from "./dto";
import { findKit } from "./find-kit";
import { refundTask } from "./generate-job";

/** Cancels the kit's pending generation of the listed types (001 §7); their credits come back. */
export async function cancelGeneration(ctx: UserContext, kitId: string, types: GenerationType[]): Promise<{ tasks: BrandKitTask[] }> {
  const cancelled = await withTransaction(ctx.pool, async (tx) => {
    await findKit(tx, ctx, kitId, true);
    const pending = await pendingTasks(tx, kitId, types);
    for (const t of pending) await finishTask(tx, t.id, { status: "FAILURE", error: "Cancelled at your request." });
    return pending;
  });
  for (const t of cancelled) {
    if (t.job_id) await ctx.jobs.cancel(ctx.auth.storeId, t.job_id);
    await refundTask(ctx.pool, t);
  }
  return { tasks: (await latestTasks(ctx.pool, kitId)).filter((t) => types.includes(t.type)).map(toTaskDto) };
}
