import type { Queryable } from "../db/pool";

export type SupportRequestInsert = { email: string; name: string | null; message: string; threadId: string | null; storeId: string | null; userId: string | null; anonymousId: string | null };

/** How many requests an address sent in the last hour (the per-address cap). */
export async function countRecentSupportRequests(db: Queryable, email: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM support_requests WHERE lower(email) = lower($1) AND created_at > now() - interval '1 hour'",
    [email],
  );
  return rows[0]!.n;
}

export async function insertSupportRequest(db: Queryable, r: SupportRequestInsert): Promise<{ id: string }> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO support_requests (email, name, message, thread_id, store_id, user_id, anonymous_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [r.email, r.name, r.message, r.threadId, r.storeId, r.userId, r.anonymousId],
  );
  return rows[0]!;
}

/** Serialises one address's requests, so the hourly cap holds under concurrent sends. */
export async function lockSupportAddress(db: Queryable, email: string): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`support-request:${email.toLowerCase()}`]);
}
