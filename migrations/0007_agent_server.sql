-- Agent server: LangGraph checkpoints (the same tables @langchain/langgraph-checkpoint-postgres 1.0.5
-- creates in setup(), created here so every process migrates through the one runner), threads,
-- runs claimed by workers, and each run's stream events for reconnecting clients.
CREATE TABLE IF NOT EXISTS checkpoint_migrations (v integer PRIMARY KEY);
CREATE TABLE IF NOT EXISTS checkpoints (
  thread_id text NOT NULL,
  checkpoint_ns text NOT NULL DEFAULT '',
  checkpoint_id text NOT NULL,
  parent_checkpoint_id text,
  type text,
  checkpoint jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id)
);
CREATE TABLE IF NOT EXISTS checkpoint_blobs (
  thread_id text NOT NULL,
  checkpoint_ns text NOT NULL DEFAULT '',
  channel text NOT NULL,
  version text NOT NULL,
  type text NOT NULL,
  blob bytea,
  PRIMARY KEY (thread_id, checkpoint_ns, channel, version)
);
CREATE TABLE IF NOT EXISTS checkpoint_writes (
  thread_id text NOT NULL,
  checkpoint_ns text NOT NULL DEFAULT '',
  checkpoint_id text NOT NULL,
  task_id text NOT NULL,
  idx integer NOT NULL,
  channel text NOT NULL,
  type text,
  blob bytea NOT NULL,
  PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, task_id, idx)
);
-- Marks the saver's own migrations 0..4 as applied, so its setup() is a no-op.
INSERT INTO checkpoint_migrations (v) VALUES (0), (1), (2), (3), (4) ON CONFLICT DO NOTHING;

CREATE TABLE agent_threads (
  thread_id uuid PRIMARY KEY,
  -- A signed-in owner (store and user) or an anonymous storefront visitor, never both.
  store_id uuid REFERENCES stores(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  anonymous_id text,
  assistant_id text,
  metadata jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'idle' CHECK (status IN ('idle', 'busy', 'interrupted', 'error')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((user_id IS NOT NULL AND store_id IS NOT NULL AND anonymous_id IS NULL) OR (user_id IS NULL AND store_id IS NULL AND anonymous_id IS NOT NULL))
);
CREATE INDEX agent_threads_owner_idx ON agent_threads (store_id, user_id, updated_at DESC);
CREATE INDEX agent_threads_anonymous_idx ON agent_threads (anonymous_id, updated_at DESC) WHERE anonymous_id IS NOT NULL;

CREATE TABLE agent_runs (
  run_id uuid PRIMARY KEY,
  thread_id uuid NOT NULL REFERENCES agent_threads(thread_id) ON DELETE CASCADE,
  assistant_id text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'success', 'error', 'interrupted', 'cancelled')),
  multitask_strategy text NOT NULL DEFAULT 'reject',
  -- What to run (input, command, stream modes, checkpoint): never the caller's token.
  kwargs jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  -- Who asked: enough to act as them again after a restart, without storing a credential.
  store_id uuid,
  user_id uuid,
  user_role text,
  is_preview boolean NOT NULL DEFAULT false,
  anonymous_id text,
  client_ip text,
  worker_id text,
  lease_expires_at timestamptz,
  attempt integer NOT NULL DEFAULT 0,
  cancel_action text CHECK (cancel_action IN ('interrupt', 'rollback')),
  error jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agent_runs_queue_idx ON agent_runs (created_at) WHERE status IN ('pending', 'running');
CREATE INDEX agent_runs_thread_idx ON agent_runs (thread_id, created_at);
CREATE INDEX agent_runs_anonymous_idx ON agent_runs (anonymous_id, created_at) WHERE anonymous_id IS NOT NULL;

CREATE TABLE agent_run_events (
  run_id uuid NOT NULL REFERENCES agent_runs(run_id) ON DELETE CASCADE,
  seq integer NOT NULL,
  event text NOT NULL,
  data jsonb,
  PRIMARY KEY (run_id, seq)
);

-- When each message first appeared in a thread (messages themselves carry no timestamp).
CREATE TABLE agent_thread_messages (
  thread_id uuid NOT NULL REFERENCES agent_threads(thread_id) ON DELETE CASCADE,
  message_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (thread_id, message_id)
);
