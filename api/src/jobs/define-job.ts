import type { z } from "zod";
import type { Logger } from "pino";

/** What a handler gets besides its payload. */
export type JobContext = {
  jobId: string;
  storeId: string | null;
  userId: string | null;
  /** 1 on the first attempt. */
  attempt: number;
  /** Aborted when the job is cancelled, its lease is lost, or the worker shuts down: stop soon after. */
  signal: AbortSignal;
  /** Stores and publishes progress (percent 0–100, clamped; message: a sentence a person reads). */
  progress(percent: number, message?: string | null): Promise<void>;
  log: Logger;
};

/** A job type: its name, payload schema, handler and retry policy. */
export type JobDefinition<S extends z.ZodType = z.ZodType, R = unknown> = {
  /** `domain.verb` name, e.g. `catalog.export`; unique in the process. */
  type: string;
  payload: S;
  handler(payload: z.infer<S>, ctx: JobContext): Promise<R>;
  /** Attempts before the job fails for good (default 5). */
  maxAttempts?: number;
  /** First retry delay; each further retry doubles it (default 1 s). */
  backoffMs?: number;
  /** How long a claimed job stays this worker's without a renewal (default 30 s). */
  leaseMs?: number;
};

/** Declares a job type; register it on the queue to run it, pass it to enqueue to start one. */
export function defineJob<S extends z.ZodType, R>(definition: JobDefinition<S, R>): JobDefinition<S, R> {
  return definition;
}

/** Thrown by a handler when retrying cannot help (bad input, a missing record): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}
