import type { Job } from "@atelier/contracts";
import type { Queryable } from "../db/pool";

/** A row of `jobs` (migrations/0023_jobs.sql). */
export type JobRow = {
  id: string;
  store_id: string | null;
  user_id: string | null;
  type: string;
  payload: unknown;
  status: Job["status"];
  run_at: Date;
  attempt: number;
  max_attempts: number;
  backoff_ms: number;
  lease_ms: number;
  worker_id: string | null;
  lease_expires_at: Date | null;
  singleton_key: string | null;
  schedule_name: string | null;
  progress_percent: number;
  progress_message: string | null;
  result: unknown;
  last_error: string | null;
  cancel_requested: boolean;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
};

export type NewJob = {
  type: string;
  payload: unknown;
  storeId: string | null;
  userId: string | null;
  runAt: Date | null;
  maxAttempts: number;
  backoffMs: number;
  leaseMs: number;
  singletonKey: string | null;
  scheduleName: string | null;
  /** Only the queue with this affinity runs it (null: any). */
  affinity: string | null;
};

const LEASE = "make_interval(secs => lease_ms::double precision / 1000)";

/**
 * Inserts a job; with a singleton key already queued or running for the same type and store,
 * inserts nothing and returns that job instead (created: false).
 */
export async function insertJob(db: Queryable, job: NewJob): Promise<{ row: JobRow; created: boolean }> {
  const { rows } = await db.query<JobRow>(
    `INSERT INTO jobs (type, payload, store_id, user_id, run_at, max_attempts, backoff_ms, lease_ms, singleton_key, schedule_name, affinity)
     VALUES ($1, $2::jsonb, $3, $4, coalesce($5::timestamptz, now()), $6, $7, $8, $9, $10, $11)
     ON CONFLICT DO NOTHING RETURNING *`,
    [job.type, JSON.stringify(job.payload), job.storeId, job.userId, job.runAt, job.maxAttempts, job.backoffMs, job.leaseMs, job.singletonKey, job.scheduleName, job.affinity],
  );
  if (rows[0]) return { row: rows[0], created: true };
  const { rows: existing } = await db.query<JobRow>(
    `SELECT * FROM jobs WHERE type = $1 AND coalesce(store_id::text, '') = coalesce($2::text, '') AND singleton_key = $3
       AND status IN ('queued', 'running') LIMIT 1`,
    [job.type, job.storeId, job.singletonKey],
  );
  // The rival finished between the two statements: its key is free again.
  if (!existing[0]) return insertJob(db, job);
  return { row: existing[0], created: false };
}

/**
 * Claims the oldest due job of the given types, or one whose worker's lease has expired, in one
 * statement: SKIP LOCKED lets several workers claim side by side without waiting on each other.
 */
export async function claimJob(db: Queryable, workerId: string, types: string[], affinity: string | null = null): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `WITH next AS (
       SELECT id FROM jobs
        WHERE type = ANY($2::text[]) AND (affinity IS NULL OR affinity = $3)
          AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND lease_expires_at < now() AND attempt < max_attempts))
        ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
     UPDATE jobs j SET status = 'running', worker_id = $1, attempt = j.attempt + 1,
            lease_expires_at = now() + ${LEASE}, started_at = coalesce(j.started_at, now()), updated_at = now()
       FROM next WHERE j.id = next.id RETURNING j.*`,
    [workerId, types, affinity],
  );
  return rows[0] ?? null;
}

/** Jobs whose worker died during their last allowed attempt: failed, with a sentence saying so. */
export async function failAbandonedJobs(db: Queryable, types: string[], message: string): Promise<JobRow[]> {
  const { rows } = await db.query<JobRow>(
    `UPDATE jobs SET status = 'failed', last_error = $2, worker_id = NULL, lease_expires_at = NULL, finished_at = now(), updated_at = now()
      WHERE id IN (SELECT id FROM jobs WHERE type = ANY($1::text[]) AND status = 'running' AND lease_expires_at < now() AND attempt >= max_attempts
                    FOR UPDATE SKIP LOCKED)
      RETURNING *`,
    [types, message],
  );
  return rows;
}

/** Extends the leases of the jobs this worker holds; answers which are still its own and whether a cancel was asked. */
export async function renewJobLeases(db: Queryable, workerId: string, ids: string[]): Promise<{ id: string; cancel_requested: boolean }[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<{ id: string; cancel_requested: boolean }>(
    `UPDATE jobs SET lease_expires_at = now() + ${LEASE}
      WHERE id = ANY($2::uuid[]) AND worker_id = $1 AND status = 'running' RETURNING id, cancel_requested`,
    [workerId, ids],
  );
  return rows;
}

/** Stores a running job's progress; null when the job is no longer this worker's. */
export async function setJobProgress(db: Queryable, workerId: string, id: string, percent: number, message: string | null): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `UPDATE jobs SET progress_percent = $3, progress_message = $4, updated_at = now()
      WHERE id = $2 AND worker_id = $1 AND status = 'running' RETURNING *`,
    [workerId, id, percent, message],
  );
  return rows[0] ?? null;
}

/** Ends a running job of this worker as completed, with its result. */
export async function completeJob(db: Queryable, workerId: string, id: string, result: unknown): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `UPDATE jobs SET status = 'completed', result = $3::jsonb, progress_percent = 100, last_error = NULL,
            worker_id = NULL, lease_expires_at = NULL, finished_at = now(), updated_at = now()
      WHERE id = $2 AND worker_id = $1 AND status = 'running' RETURNING *`,
    [workerId, id, result === undefined ? null : JSON.stringify(result)],
  );
  return rows[0] ?? null;
}

/**
 * Records a failed attempt: queued again after backoff_ms × 2^(attempt − 1) while attempts remain
 * and `retry` holds, failed for good otherwise. The error is kept either way.
 */
export async function failJobAttempt(db: Queryable, workerId: string, id: string, error: string, retry: boolean): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `UPDATE jobs SET
            status = CASE WHEN $4 AND attempt < max_attempts THEN 'queued' ELSE 'failed' END,
            run_at = CASE WHEN $4 AND attempt < max_attempts
                          THEN now() + make_interval(secs => backoff_ms::double precision * power(2, attempt - 1) / 1000) ELSE run_at END,
            finished_at = CASE WHEN $4 AND attempt < max_attempts THEN NULL ELSE now() END,
            last_error = $3, worker_id = NULL, lease_expires_at = NULL, updated_at = now()
      WHERE id = $2 AND worker_id = $1 AND status = 'running' RETURNING *`,
    [workerId, id, error, retry],
  );
  return rows[0] ?? null;
}

/** Ends a running job of this worker as cancelled (its handler stopped on the cancel). */
export async function markJobCancelled(db: Queryable, workerId: string, id: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `UPDATE jobs SET status = 'cancelled', worker_id = NULL, lease_expires_at = NULL, finished_at = now(), updated_at = now()
      WHERE id = $2 AND worker_id = $1 AND status = 'running' RETURNING *`,
    [workerId, id],
  );
  return rows[0] ?? null;
}

/**
 * Gives a job back to the queue at once (the worker is shutting down): the interrupted attempt
 * does not count, so a job is never failed by restarts.
 */
export async function releaseJob(db: Queryable, workerId: string, id: string): Promise<void> {
  await db.query(
    `UPDATE jobs SET status = 'queued', attempt = greatest(attempt - 1, 0), run_at = now(), worker_id = NULL, lease_expires_at = NULL, updated_at = now()
      WHERE id = $2 AND worker_id = $1 AND status = 'running'`,
    [workerId, id],
  );
}

/**
 * Cancels a job: a queued one at once, a running one by asking its worker (which sees the request
 * at its next lease renewal). A finished job is returned unchanged. Null when the store has no such job.
 */
export async function requestJobCancel(db: Queryable, storeId: string | null, id: string): Promise<(JobRow & { previous_status: JobRow["status"] }) | null> {
  const { rows } = await db.query<JobRow & { previous_status: JobRow["status"] }>(
    `WITH old AS (SELECT id, status FROM jobs WHERE id = $1 AND store_id IS NOT DISTINCT FROM $2 FOR UPDATE)
     UPDATE jobs j SET
            status = CASE WHEN old.status = 'queued' THEN 'cancelled' ELSE j.status END,
            finished_at = CASE WHEN old.status = 'queued' THEN now() ELSE j.finished_at END,
            cancel_requested = (old.status = 'running') OR j.cancel_requested,
            updated_at = now()
       FROM old WHERE j.id = old.id RETURNING j.*, old.status AS previous_status`,
    [id, storeId],
  );
  return rows[0] ?? null;
}

/** A job of one store (null: the platform's own); null when that store has no such job. */
export async function getJobRow(db: Queryable, storeId: string | null, id: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>("SELECT * FROM jobs WHERE id = $1 AND store_id IS NOT DISTINCT FROM $2", [id, storeId]);
  return rows[0] ?? null;
}

/** Deletes finished jobs older than the given age. */
export async function deleteFinishedJobs(db: Queryable, olderThanDays: number): Promise<number> {
  const { rowCount } = await db.query(
    "DELETE FROM jobs WHERE status IN ('completed', 'failed', 'cancelled') AND finished_at < now() - make_interval(days => $1)",
    [olderThanDays],
  );
  return rowCount ?? 0;
}

export type ScheduleRow = { name: string; type: string; payload: unknown; every_ms: number | null; cron: string | null; next_run_at: Date };

/** Creates or updates a recurring schedule; a changed rule starts from the given next run. */
export async function upsertSchedule(db: Queryable, s: Omit<ScheduleRow, "next_run_at">, nextRunAt: Date): Promise<void> {
  await db.query(
    `INSERT INTO job_schedules (name, type, payload, every_ms, cron, next_run_at) VALUES ($1, $2, $3::jsonb, $4, $5, $6)
     ON CONFLICT (name) DO UPDATE SET type = EXCLUDED.type, payload = EXCLUDED.payload, updated_at = now(),
       next_run_at = CASE WHEN job_schedules.every_ms IS NOT DISTINCT FROM EXCLUDED.every_ms AND job_schedules.cron IS NOT DISTINCT FROM EXCLUDED.cron
                          THEN job_schedules.next_run_at ELSE EXCLUDED.next_run_at END,
       every_ms = EXCLUDED.every_ms, cron = EXCLUDED.cron`,
    [s.name, s.type, JSON.stringify(s.payload), s.every_ms, s.cron, nextRunAt],
  );
}

/** Removes a recurring schedule (its queued job, if any, stays). */
export async function deleteSchedule(db: Queryable, name: string): Promise<void> {
  await db.query("DELETE FROM job_schedules WHERE name = $1", [name]);
}

/** Whether any schedule of the given types is due: an idle poll is this one statement, no transaction. */
export async function hasDueSchedule(db: Queryable, types: string[]): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM job_schedules WHERE type = ANY($1::text[]) AND next_run_at <= now() LIMIT 1", [types]);
  return rows.length > 0;
}

/** Due schedules of the given types, locked for this transaction (another worker skips them). */
export async function lockDueSchedules(db: Queryable, types: string[]): Promise<ScheduleRow[]> {
  const { rows } = await db.query<ScheduleRow>(
    "SELECT * FROM job_schedules WHERE type = ANY($1::text[]) AND next_run_at <= now() ORDER BY next_run_at LIMIT 20 FOR UPDATE SKIP LOCKED",
    [types],
  );
  return rows;
}

export async function setScheduleNextRun(db: Queryable, name: string, next: Date): Promise<void> {
  await db.query("UPDATE job_schedules SET next_run_at = $2, updated_at = now() WHERE name = $1", [name, next]);
}

/** The database's clock: schedules are computed against it, as leases are. */
export async function databaseNow(db: Queryable): Promise<Date> {
  const { rows } = await db.query<{ now: Date }>("SELECT now() AS now");
  return rows[0]!.now;
}
