import { z } from "zod";
import { defineContract } from "./contract";
import { idSchema } from "./domain";

/** Where a background job stands; completed, failed and cancelled are final. */
export const JOB_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Whether a job has stopped for good (no more progress will come). */
export function isJobFinished(status: JobStatus): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

/** A background job as the screens see it: its state, progress and outcome. */
export const jobSchema = z.object({
  id: z.string().uuid(),
  type: z.string().describe("The job type, e.g. catalog.export"),
  status: z.enum(JOB_STATUSES),
  progress: z.object({
    percent: z.number().int().min(0).max(100),
    message: z.string().nullable().describe("What the job is doing now, in a sentence"),
  }),
  attempt: z.number().int().describe("Attempts started so far"),
  maxAttempts: z.number().int(),
  error: z.string().nullable().describe("Why the last attempt failed, in a sentence; kept when the job failed for good"),
  result: z.unknown().nullable().describe("What the job returned when it completed"),
  runAt: z.string().describe("When the job is due (next attempt for a retry)"),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** One background job of the current store. */
export const getJob = defineContract({
  id: "getJob",
  method: "GET",
  path: "/web/jobs/:id",
  summary: "A background job of the current store (export, import, send, generation): its status, progress percent and message, error and result.",
  tags: ["jobs"],
  access: "user",
  params: z.strictObject({ id: idSchema }),
  response: jobSchema,
});

/** Cancels a background job of the current store. */
export const cancelJob = defineContract({
  id: "cancelJob",
  method: "POST",
  path: "/web/jobs/:id/cancel",
  summary: "Cancels a queued job at once, or asks a running one to stop; a finished job is answered as it is.",
  tags: ["jobs"],
  access: "user",
  params: z.strictObject({ id: idSchema }),
  response: jobSchema,
  noToolReason: "A person stops long work from its progress bar; agents start jobs through the feature's own tools and only read progress.",
});

/** Socket events a job publishes to its store's room (and its user's), each carrying the job as it now is. */
export const JOB_EVENTS = ["job.progressed", "job.completed", "job.failed", "job.cancelled"] as const;
export type JobEventName = (typeof JOB_EVENTS)[number];

/** The payload of every job event: the whole job, so a listener replaces its copy instead of merging. */
export const jobEventSchema = z.object({ job: jobSchema });
export type JobEvent = z.infer<typeof jobEventSchema>;

/** Each job event's payload schema, for the realtime module's event table. */
export const jobEventSchemas: Record<JobEventName, typeof jobEventSchema> = {
  "job.progressed": jobEventSchema,
  "job.completed": jobEventSchema,
  "job.failed": jobEventSchema,
  "job.cancelled": jobEventSchema,
};
