import { Readable } from "node:stream";
import { z } from "zod";
import { LABEL_BATCH_JOB, LABEL_FORMATS, type LabelFormat } from "@atelier/contracts/shipping";
import type { BodyOf, ResponseOf, shipping } from "@atelier/contracts";
import type { AppDeps, UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { conflict, invalid } from "../../errors";
import { defineJob, PermanentJobError, type JobContext } from "../../jobs";
import * as labels from "../../queries/shipping/labels";
import { fileStorageFor } from "../../storage";
import { renderLabelsPdf } from "./documents/render-pdf";
import { renderLabelZpl } from "./documents/render-zpl";

// Label batches (Karrio's batches, ShipStation's label batches): the labels are checked when the
// batch is asked for, then a background job renders them into one document page by page, reports
// progress, and keeps the file in storage under the job's id for the download route.

export const batchStorageKey = (storeId: string, jobId: string, format: LabelFormat) => `label-batches/${storeId}/${jobId}.${format === "zpl" ? "zpl" : "pdf"}`;

export function labelBatchJob(deps: AppDeps) {
  return defineJob({
    type: LABEL_BATCH_JOB,
    payload: z.strictObject({ storeId: z.uuid(), labelIds: z.array(z.uuid()), format: z.enum(LABEL_FORMATS) }),
    maxAttempts: 3,
    handler: (payload, job) => renderBatch(deps, payload, job),
  });
}

async function renderBatch(deps: AppDeps, p: { storeId: string; labelIds: string[]; format: LabelFormat }, job: JobContext): Promise<{ labelCount: number; format: LabelFormat }> {
  const found = await labels.getLabelsByIds(deps.pool, p.storeId, p.labelIds);
  if (!found.length) throw new PermanentJobError("None of the labels exists any more.");
  const total = found.length;
  const step = Math.max(1, Math.floor(total / 20));
  const progress = async (done: number) => {
    if (done % step === 0 || done === total) await job.progress(Math.round((done / total) * 100), `${done} of ${total} labels`);
  };
  let body: Buffer;
  if (p.format === "zpl") {
    const parts: string[] = [];
    for (const [i, l] of found.entries()) {
      parts.push(renderLabelZpl(l));
      await progress(i + 1);
    }
    body = Buffer.from(parts.join(""), "utf8");
  } else {
    body = await renderLabelsPdf(found, p.format === "pdf-letter" ? "letter" : "4x6", progress);
  }
  await fileStorageFor(deps.config).put(batchStorageKey(p.storeId, job.jobId, p.format), Readable.from([body]));
  return { labelCount: total, format: p.format };
}

/** Checks the labels are the store's and printable, then starts the batch job. */
export async function createLabelBatch(ctx: UserContext, body: BodyOf<typeof shipping.createLabelBatch>): Promise<ResponseOf<typeof shipping.createLabelBatch>> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  const ids = [...new Set(body.labelIds)];
  const found = await labels.getLabelsByIds(ctx.pool, storeId, ids);
  if (found.length !== ids.length) throw invalid("body.labelIds", `name ${ids.length - found.length} label${ids.length - found.length === 1 ? "" : "s"} this store does not have`);
  const voided = found.filter((l) => l.status === "VOIDED");
  if (voided.length) throw conflict(`Voided labels can't be printed: ${voided.slice(0, 5).map((l) => l.trackingNumber).join(", ")}${voided.length > 5 ? "…" : ""}.`);
  const { job } = await ctx.jobs.enqueue(labelBatchJob(ctx), { storeId, labelIds: ids, format: body.format }, { storeId, userId: ctx.auth.userId });
  return { jobId: job.id, labelCount: ids.length };
}
