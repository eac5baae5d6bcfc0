import type { Queryable } from "../db/pool";

export type ThrottlePolicy = { freeAttempts: number; baseWaitSeconds: number; maxWaitSeconds: number };

// Attempts older than a day no longer count: a forgotten password a week ago is no reason to wait.
const ATTEMPTS_SINCE = `CASE WHEN t.updated_at < now() - interval '1 day' THEN 1 ELSE t.attempts + 1 END`;
const WAIT_FOR = (attempts: string) => `CASE WHEN ${attempts} >= $2 THEN now() + make_interval(secs => least($4::float8, $3::float8 * power(2, ${attempts} - $2))) END`;

/**
 * Counts a sign-in attempt for the address unless it must wait (then null): one statement, so
 * parallel attempts are counted one by one and the one that reaches the limit starts the wait for
 * the others. An attempt from the last successful sign-in's address is never kept waiting.
 */
export async function claimLoginAttempt(db: Queryable, email: string, clientAddress: string | null, policy: ThrottlePolicy): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO login_throttles AS t (email, attempts, locked_until, updated_at)
     VALUES ($1, 1, ${WAIT_FOR("1")}, now())
     ON CONFLICT (email) DO UPDATE SET attempts = ${ATTEMPTS_SINCE}, locked_until = ${WAIT_FOR(ATTEMPTS_SINCE)}, updated_at = now()
     WHERE t.locked_until IS NULL OR t.locked_until <= now() OR t.trusted_address = $5`,
    [email, policy.freeAttempts, policy.baseWaitSeconds, policy.maxWaitSeconds, clientAddress],
  );
  return rowCount === 1;
}

/** Seconds left before the address may try again (0 when it may). */
export async function loginWaitSeconds(db: Queryable, email: string): Promise<number> {
  const { rows } = await db.query<{ s: number }>("SELECT ceil(extract(epoch FROM locked_until - now()))::int AS s FROM login_throttles WHERE email = $1", [email]);
  return Math.max(0, rows[0]?.s ?? 0);
}

/** A successful sign-in: the count starts over and the address becomes the trusted one. */
export async function resetLoginAttempts(db: Queryable, email: string, clientAddress: string | null): Promise<void> {
  await db.query(
    `INSERT INTO login_throttles (email, attempts, locked_until, trusted_address, updated_at) VALUES ($1, 0, NULL, $2, now())
     ON CONFLICT (email) DO UPDATE SET attempts = 0, locked_until = NULL, trusted_address = coalesce($2, login_throttles.trusted_address), updated_at = now()`,
    [email, clientAddress],
  );
}
