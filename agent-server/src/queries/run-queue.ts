import type pg from "pg";
import type { Queryable } from "@atelier/api/platform";
import { runRowsCtes, type PendingRunRows } from "./run-rows";
import type { RunRow, RunStatus } from "./runs";
import type { ThreadRow } from "./threads";

// The run queue's worker side: claiming a run under a lease (SKIP LOCKED), renewing leases and
// ending a run with its last rows in one statement.

/** Claims the oldest runnable run, or a run whose worker stopped renewing its lease; one run per thread at a time. */
export async function claimRun(pool: pg.Pool, workerId: string, leaseMs: number, onlyRunId: string | null): Promise<RunRow | null> {
  // An idle poll is one statement: the transaction below only starts when there is a candidate.
  const { rows: probe } = await pool.query(
    `SELECT 1 FROM agent_runs r WHERE (r.status = 'pending' OR (r.status = 'running' AND r.lease_expires_at < now())) AND ($1::uuid IS NULL OR r.run_id = $1) LIMIT 1`,
    [onlyRunId],
  );
  if (!probe.length) return null;
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const { rows: candidates } = await client.query<{ run_id: string; thread_id: string }>(
      `SELECT r.run_id, r.thread_id FROM agent_runs r
       WHERE (r.status = 'pending' OR (r.status = 'running' AND r.lease_expires_at < now()))
         AND ($1::uuid IS NULL OR r.run_id = $1)
         AND NOT EXISTS (SELECT 1 FROM agent_runs o WHERE o.thread_id = r.thread_id AND o.run_id <> r.run_id
               AND ((o.status = 'running' AND o.lease_expires_at >= now()) OR (o.status IN ('pending', 'running') AND o.created_at < r.created_at)))
       ORDER BY r.created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [onlyRunId],
    );
    const candidate = candidates[0];
    if (!candidate) {
      await client.query("COMMIT");
      return null;
    }
    // Serialises claims per thread across processes: the re-check below then sees any rival claim.
    await client.query("SELECT 1 FROM agent_threads WHERE thread_id = $1 FOR UPDATE", [candidate.thread_id]);
    const { rows: rivals } = await client.query(
      "SELECT 1 FROM agent_runs WHERE thread_id = $1 AND run_id <> $2 AND status = 'running' AND lease_expires_at >= now()",
      [candidate.thread_id, candidate.run_id],
    );
    if (rivals.length) {
      await client.query("COMMIT");
      return null;
    }
    const { rows } = await client.query<RunRow>(
      `WITH thread AS (UPDATE agent_threads SET status = 'busy', updated_at = now() WHERE thread_id = $4)
       UPDATE agent_runs SET status = 'running', worker_id = $2, attempt = attempt + 1,
         lease_expires_at = now() + make_interval(secs => $3::double precision / 1000), updated_at = now()
       WHERE run_id = $1 RETURNING *`,
      [candidate.run_id, workerId, leaseMs, candidate.thread_id],
    );
    await client.query("COMMIT");
    return rows[0] ?? null;
  } catch (err) {
    await client.query("ROLLBACK").catch((rollbackErr: unknown) => console.error("rollback failed", rollbackErr));
    throw err;
  } finally {
    client.release();
  }
}

/** Extends the lease of runs this worker holds; returns their cancel requests. */
export async function renewLeases(db: Queryable, workerId: string, runIds: string[], leaseMs: number) {
  if (!runIds.length) return [];
  const { rows } = await db.query<{ run_id: string; cancel_action: "interrupt" | "rollback" | null }>(
    `UPDATE agent_runs SET lease_expires_at = now() + make_interval(secs => $3::double precision / 1000)
     WHERE run_id = ANY($2::uuid[]) AND worker_id = $1 AND status = 'running' RETURNING run_id, cancel_action`,
    [workerId, runIds, leaseMs],
  );
  return rows;
}

/** The end of a run: its status, its thread's, and its last rows (the `end` event among them). */
export type RunFinish = {
  runId: string;
  threadId: string;
  status: RunStatus;
  error: { error: string; message: string } | null;
  threadStatus: ThreadRow["status"];
  rows: PendingRunRows;
};

/** What a statement that ends a run selects: whether runs wait in the queue. */
export const FINISH_SELECT = "SELECT EXISTS (SELECT 1 FROM agent_runs WHERE status = 'pending') AS waiting";

/**
 * Appends the CTEs that end a run to a statement under construction (see runRowsCtes); the
 * statement then ends with FINISH_SELECT.
 */
export function finishRunCtes(params: unknown[], f: RunFinish): string[] {
  const ctes = runRowsCtes(params, f.rows);
  params.push(f.runId, f.status, f.error ? JSON.stringify(f.error) : null, f.threadId, f.threadStatus);
  const n = params.length;
  ctes.push(
    `run AS (UPDATE agent_runs SET status = $${n - 3}, error = $${n - 2}::jsonb, lease_expires_at = NULL, updated_at = now() WHERE run_id = $${n - 4}::uuid)`,
    `thread AS (UPDATE agent_threads SET status = $${n}, updated_at = now() WHERE thread_id = $${n - 1}::uuid)`,
  );
  return ctes;
}

/**
 * Ends a run in one statement: its last events (the `end` event among them) and message stamps,
 * its status and its thread's status change together, so a client that sees `end` and reads the
 * thread finds it idle. Returns whether runs wait in the queue.
 */
export async function finishRun(db: Queryable, f: RunFinish) {
  const params: unknown[] = [];
  const ctes = finishRunCtes(params, f);
  const { rows } = await db.query<{ waiting: boolean }>(`WITH ${ctes.join(",\n")}\n${FINISH_SELECT}`, params);
  return rows[0]?.waiting ?? false;
}
