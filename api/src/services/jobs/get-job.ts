import type { Job } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { getJobRow } from "../../queries/jobs";
import { toJob } from "../../jobs/to-job";

/** A background job of the caller's store; another store's job is not found. */
export async function getJob(ctx: UserContext, id: string): Promise<Job> {
  const row = await getJobRow(ctx.pool, ctx.auth.storeId, id);
  if (!row) throw notFound("The job");
  return toJob(row);
}
