import { fullReset } from "@atelier/contracts/brand-kit-rules";
import type { BrandKitTask, GenerationType } from "@atelier/contracts/brand-kits";
import type { UserContext } from "../../context";
import type { Queryable } from "../../db/pool";
import { withTransaction } from "../../db/pool";
import { saveKit } from "../../queries/brand-kits/kits";
import { insertTask, pendingTasks, setTaskJob } from "../../queries/brand-kits/tasks";
import { toTaskDto } from "./dto";
import { findKit } from "./find-kit";
import { brandKitGenerateJob } from "./generate-job";

/**
 * Inside the caller's transaction: one PENDING task per type (a type already pending is left
 * running, not doubled) and its job queued to start once the transaction commits. The job charges
 * the credits through the ledger when a model will write it (see generate-job).
 */
export async function queueGeneration(tx: Queryable, ctx: UserContext, kitId: string, types: readonly GenerationType[]): Promise<BrandKitTask[]> {
  const already = await pendingTasks(tx, kitId, types);
  const out: BrandKitTask[] = [];
  for (const type of new Set(types)) {
    const pending = already.find((t) => t.type === type);
    if (pending) {
      out.push(toTaskDto(pending));
      continue;
    }
    const task = await insertTask(tx, ctx.auth.storeId, kitId, type);
    const { job } = await ctx.jobs.enqueue(brandKitGenerateJob(ctx), { taskId: task.id }, { storeId: ctx.auth.storeId, userId: ctx.auth.userId, db: tx });
    await setTaskJob(tx, task.id, job.id);
    task.job_id = job.id;
    out.push(toTaskDto(task));
  }
  return out;
}

/** Starts generation of the listed types (a full reset first when asked). */
export async function startGeneration(ctx: UserContext, kitId: string, body: { types: GenerationType[]; reset: boolean }): Promise<{ tasks: BrandKitTask[] }> {
  const tasks = await withTransaction(ctx.pool, async (tx) => {
    await findKit(tx, ctx, kitId, true);
    let types = body.types;
    if (body.reset) {
      const reset = fullReset();
      await saveKit(tx, ctx.auth.storeId, kitId, { parts: reset.parts });
      types = reset.regenerate;
    }
    return queueGeneration(tx, ctx, kitId, types);
  });
  ctx.jobs.kick();
  return { tasks };
}
