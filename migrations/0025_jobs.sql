-- Background jobs: one Postgres-backed queue (api/src/jobs). Workers claim due jobs with
-- FOR UPDATE SKIP LOCKED and hold them under a lease they renew; a job whose worker died is
-- claimed again once its lease has expired. Progress lives on the row, so a screen that missed
-- a live update reads it back.
CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The store the job works for (a store reads only its own jobs); null for the platform's own.
  store_id uuid REFERENCES stores(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  type text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
  run_at timestamptz NOT NULL DEFAULT now(),
  attempt integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL CHECK (max_attempts >= 1),
  backoff_ms integer NOT NULL CHECK (backoff_ms >= 0),
  lease_ms integer NOT NULL CHECK (lease_ms > 0),
  worker_id text,
  lease_expires_at timestamptz,
  -- At most one queued or running job per (type, store, key): enqueueing again returns that job.
  singleton_key text,
  schedule_name text,
  progress_percent integer NOT NULL DEFAULT 0 CHECK (progress_percent BETWEEN 0 AND 100),
  progress_message text,
  result jsonb,
  last_error text,
  cancel_requested boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'queued';
CREATE INDEX jobs_lease_idx ON jobs (lease_expires_at) WHERE status = 'running';
CREATE INDEX jobs_store_idx ON jobs (store_id, created_at DESC);
CREATE UNIQUE INDEX jobs_singleton_idx ON jobs (type, (coalesce(store_id::text, '')), singleton_key)
  WHERE singleton_key IS NOT NULL AND status IN ('queued', 'running');

-- Recurring jobs: each due schedule enqueues one job (a singleton, so slow runs never pile up).
CREATE TABLE job_schedules (
  name text PRIMARY KEY,
  type text NOT NULL,
  payload jsonb NOT NULL,
  every_ms integer CHECK (every_ms > 0),
  cron text,
  next_run_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((every_ms IS NULL) <> (cron IS NULL))
);
