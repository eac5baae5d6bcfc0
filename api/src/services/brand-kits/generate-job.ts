import { z } from "zod";
import type { AppDeps } from "../../context";
import { withTransaction } from "../../db/pool";
import { defineJob, type JobContext } from "../../jobs";
import { getKitById, lockKit, saveKit } from "../../queries/brand-kits/kits";
import { GENERATION_CREDITS } from "@atelier/contracts/brand-kits";
import { AppError } from "../../errors";
import { finishTask, getTask, markRefunded, recordCharge } from "../../queries/brand-kits/tasks";
import { chargeAiCredits, refundAiCredits } from "../plans/charge-ai-credits";
import { applyDrawn, drawSlots, markMissingImages } from "./fill-images";
import { offlineKitWriter, type KitWriter } from "./kit-writer";
import { generateOffline, generateWithModel, kitInputs, mergeGenerated, type Generated } from "./write-generation";

export const GENERATE_JOB_TYPE = "brand-kit.generate";
const TYPE_WORDS = { TARGET_AUDIENCE: "target audiences", BRAND_IDEA: "brand ideas", PRODUCT_SKU: "product ideas", MARKET_RESEARCH: "market research" } as const;

/** The ledger key of a task's charge: one charge per task, however often its job is retried. */
export const taskChargeKey = (taskId: string) => `brand-kit-task:${taskId}`;

/**
 * Charges a task's credits through the AI-credit ledger before a model writes it: true when
 * charged (or charged before, on a retried job), false when the balance is short (the offline
 * generator writes it instead, free).
 */
export async function chargeTask(db: AppDeps["pool"], task: { id: string; store_id: string; type: keyof typeof TYPE_WORDS }, writerLabel: string): Promise<boolean> {
  const cost = GENERATION_CREDITS[task.type];
  try {
    await chargeAiCredits(db, task.store_id, { key: taskChargeKey(task.id), amount: cost, reason: `Business kit: ${TYPE_WORDS[task.type]} written by ${writerLabel}` });
  } catch (err) {
    if (err instanceof AppError && err.code === "CONFLICT") return false;
    throw err;
  }
  await recordCharge(db, task.id, cost, "MODEL");
  return true;
}

/** Gives a task's credits back once through the ledger (a failed, cancelled or fallen-back model generation). */
export async function refundTask(db: AppDeps["pool"], task: { id: string; store_id: string }): Promise<void> {
  if (await refundAiCredits(db, task.store_id, taskChargeKey(task.id))) await markRefunded(db, task.id);
}

/**
 * One generation task (001 §4): write the part (the model when configured and paid for, else
 * offline; a failing model falls back offline and its credits are refunded), merge it into the kit
 * as it is now, then draw every picture the kit lacks, publishing progress as it goes.
 */
export function brandKitGenerateJob(deps: Pick<AppDeps, "pool" | "log">, writer: KitWriter = offlineKitWriter) {
  return defineJob({
    type: GENERATE_JOB_TYPE,
    payload: z.object({ taskId: z.string().uuid() }),
    maxAttempts: 2,
    leaseMs: 60_000,
    async handler({ taskId }, job: JobContext) {
      const task = await getTask(deps.pool, taskId);
      if (!task || task.status !== "PENDING") return { skipped: true };
      const kit = await getKitById(deps.pool, task.kit_id);
      if (!kit) return { skipped: true };
      const inputs = kitInputs({ id: kit.id, category: kit.category, productDescription: kit.product_description });
      await job.progress(5, `Writing ${TYPE_WORDS[task.type]}`);
      let generated: Generated;
      let source: "MODEL" | "OFFLINE" = "OFFLINE";
      try {
        if (writer.kind === "model" && (await chargeTask(deps.pool, task, writer.label))) {
          try {
            generated = await generateWithModel(deps.pool, writer, inputs, kit.parts, task.type, new Date(), job.signal);
            source = "MODEL";
          } catch (err) {
            job.log.warn({ err }, "the model could not write a kit part; falling back to the offline generator");
            await refundTask(deps.pool, task);
            generated = await generateOffline(deps.pool, inputs, kit.parts, task.type, new Date());
          }
        } else generated = await generateOffline(deps.pool, inputs, kit.parts, task.type, new Date());
      } catch (err) {
        await refundTask(deps.pool, task);
        await finishTask(deps.pool, task.id, { status: "FAILURE", error: `The ${TYPE_WORDS[task.type]} could not be written. Please try again.` });
        throw err;
      }
      await job.progress(40, `Adding ${TYPE_WORDS[task.type]} to the kit`);
      const marked = await withTransaction(deps.pool, async (tx) => {
        if (!(await lockKit(tx, kit.id))) return null;
        // A cancelled task's result is dropped.
        if (!(await finishTask(tx, task.id, { status: "SUCCESS", source }))) return null;
        const fresh = (await getKitById(tx, kit.id))!;
        const { parts, slots } = markMissingImages(kit.id, mergeGenerated(fresh.parts, generated));
        await saveKit(tx, kit.store_id, kit.id, { parts });
        return slots;
      });
      if (!marked) {
        // Cancelled while the model wrote: what was charged comes back.
        await refundTask(deps.pool, task);
        return { cancelled: true };
      }
      await job.progress(50, `Drawing ${marked.length} pictures`);
      const drawn = await drawSlots(deps.pool, marked, (err, slot) => job.log.error({ err, slot: slot.path }, "a business kit picture could not be drawn"), (done) =>
        done % 4 === 0 ? job.progress(50 + Math.round((done / Math.max(1, marked.length)) * 45), `Drew ${done} of ${marked.length} pictures`) : Promise.resolve(),
      );
      await withTransaction(deps.pool, async (tx) => {
        await lockKit(tx, kit.id);
        const fresh = (await getKitById(tx, kit.id))!;
        await saveKit(tx, kit.store_id, kit.id, { parts: applyDrawn(fresh.parts, drawn) });
      });
      await job.progress(100, `The ${TYPE_WORDS[task.type]} are ready`);
      return { kitId: kit.id, type: task.type, source, pictures: drawn.size };
    },
  });
}
