// The background job queue: define a job type, register it on the queue, enqueue it.
export { defineJob, PermanentJobError, type JobContext, type JobDefinition } from "./define-job";
export { createMemoryJobEvents, noJobEvents, type JobEvents, type JobEventTarget, type PublishedJobEvent } from "./events";
export { createJobQueue, type EnqueueOptions, type JobQueue, type JobQueueOptions } from "./queue";
export { nextRunAfter, type Recurrence } from "./recurrence";
export { toJob } from "./to-job";
