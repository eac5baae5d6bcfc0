import type { Job } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { getJobRow } from "../../queries/jobs";
import { toJob } from "../../jobs/to-job";
import { IMAGE_INDEX_JOB_TYPE } from "../marketplace/build-image-index";

/** Platform jobs every signed-in store may follow: their progress is what a screen waits on. */
const SHARED_PLATFORM_JOB_TYPES = new Set([IMAGE_INDEX_JOB_TYPE]);

/** A background job of the caller's store (or a shared platform job); another store's job is not found. */
export async function getJob(ctx: UserContext, id: string): Promise<Job> {
  const own = await getJobRow(ctx.pool, ctx.auth.storeId, id);
  const platform = own ? null : await getJobRow(ctx.pool, null, id);
  const row = own ?? (platform && SHARED_PLATFORM_JOB_TYPES.has(platform.type) ? platform : null);
  if (!row) throw notFound("The job");
  return toJob(row);
}
