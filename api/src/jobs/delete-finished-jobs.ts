import { z } from "zod";
import type pg from "pg";
import { deleteFinishedJobs } from "../queries/jobs";
import { defineJob } from "./define-job";

/** The platform's own recurring job: finished jobs are kept for a while for screens and support, then deleted. */
export function deleteFinishedJobsJob(pool: pg.Pool) {
  return defineJob({
    type: "jobs.deleteFinished",
    payload: z.strictObject({ olderThanDays: z.number().int().min(1) }),
    maxAttempts: 3,
    async handler(payload) {
      return { deleted: await deleteFinishedJobs(pool, payload.olderThanDays) };
    },
  });
}
