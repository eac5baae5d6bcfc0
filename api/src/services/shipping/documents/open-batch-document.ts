import { createLabelBatch, LABEL_BATCH_JOB, type LabelFormat } from "@atelier/contracts/shipping";
import type { Readable } from "node:stream";
import type { RequestContext } from "../../../context";
import { AppError, invalid, notFound } from "../../../errors";
import { getJobRow } from "../../../queries/jobs";
import { fileStorageFor } from "../../../storage";
import { memberFromToken } from "../../auth/authenticate-caller";
import { batchStorageKey } from "../create-label-batch";

/** A completed batch's document for a member of its store; another store's batch is 404, one still rendering is 409. */
export async function openBatchDocument(ctx: RequestContext, token: string | undefined, jobId: string): Promise<{ contentType: string; fileName: string; body: Readable }> {
  const claims = (await memberFromToken(ctx, token, createLabelBatch)).auth;
  if (!/^[0-9a-f-]{36}$/i.test(jobId)) throw invalid("params.jobId", "must be a batch id");
  const job = await getJobRow(ctx.pool, claims.storeId, jobId);
  if (!job || job.type !== LABEL_BATCH_JOB) throw notFound("The label batch");
  if (job.status !== "completed") throw new AppError("CONFLICT", job.status === "failed" ? "This batch failed; start it again from the label history." : "This batch is still being prepared; download it when it is done.");
  const format = (job.result as { format: LabelFormat }).format;
  const body = await fileStorageFor(ctx.config).get(batchStorageKey(claims.storeId, jobId, format));
  if (!body) throw notFound("The label batch");
  return { contentType: format === "zpl" ? "application/zpl" : "application/pdf", fileName: `labels-${jobId.slice(0, 8)}.${format === "zpl" ? "zpl" : "pdf"}`, body };
}
