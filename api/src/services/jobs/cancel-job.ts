import type { Job } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { notFound } from "../../errors";

/** Cancels a background job of the caller's store: a queued one at once, a running one as soon as its worker sees it. */
export async function cancelJob(ctx: UserContext, id: string): Promise<Job> {
  const job = await ctx.jobs.cancel(ctx.auth.storeId, id);
  if (!job) throw notFound("The job");
  return job;
}
