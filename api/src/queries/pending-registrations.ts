import type { Queryable } from "../db/pool";

/** A sign-up waiting for its owner to open the mailed link. */
export type PendingRegistrationRow = {
  email: string;
  password_hash: string;
  store_name: string;
  account_type: string;
  work_style: string;
  anonymous_user_id: string | null;
};

/** Keeps (or replaces: the latest sign-up for an address wins) a pending sign-up with its token's hash. */
export async function upsertPendingRegistration(
  db: Queryable,
  p: { email: string; tokenHash: string; passwordHash: string; storeName: string; accountType: string; workStyle: string; anonymousUserId: string | null; ttlHours: number },
): Promise<void> {
  await db.query(
    `INSERT INTO pending_registrations (email, token_hash, password_hash, store_name, account_type, work_style, anonymous_user_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(hours => $8))
     ON CONFLICT (email) DO UPDATE SET token_hash = EXCLUDED.token_hash, password_hash = EXCLUDED.password_hash,
       store_name = EXCLUDED.store_name, account_type = EXCLUDED.account_type, work_style = EXCLUDED.work_style,
       anonymous_user_id = EXCLUDED.anonymous_user_id, expires_at = EXCLUDED.expires_at, created_at = now()`,
    [p.email, p.tokenHash, p.passwordHash, p.storeName, p.accountType, p.workStyle, p.anonymousUserId, p.ttlHours],
  );
}

/** Takes the pending sign-up of a token (one use): null when unknown or expired. */
export async function takePendingRegistration(db: Queryable, tokenHash: string): Promise<PendingRegistrationRow | null> {
  const { rows } = await db.query<PendingRegistrationRow & { expired: boolean }>(
    `DELETE FROM pending_registrations WHERE token_hash = $1
     RETURNING email, password_hash, store_name, account_type, work_style, anonymous_user_id, expires_at <= now() AS expired`,
    [tokenHash],
  );
  const row = rows[0];
  return row && !row.expired ? row : null;
}

/** Forgets sign-ups whose links expired (the job queue's daily clean-up calls it). */
export async function deleteExpiredPendingRegistrations(db: Queryable): Promise<number> {
  const { rowCount } = await db.query("DELETE FROM pending_registrations WHERE expires_at <= now()");
  return rowCount ?? 0;
}
