-- A job may name the queue that alone runs it (jobs.affinity). Unset in production: any API
-- process runs any job, and realtime events reach every process through Redis. Set by the tests,
-- whose API processes share one database without Redis: a job run by another file's process would
-- publish its events to sockets that are not the test's, and the test would wait for nothing.
ALTER TABLE jobs ADD COLUMN affinity text;
