import type { Job } from "@atelier/contracts";
import type { JobRow } from "../queries/jobs";

/** A job row as the contract shows it. */
export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    progress: { percent: row.progress_percent, message: row.progress_message },
    attempt: row.attempt,
    maxAttempts: row.max_attempts,
    error: row.last_error,
    result: row.result ?? null,
    runAt: row.run_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}
