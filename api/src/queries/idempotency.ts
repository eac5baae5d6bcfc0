import type { Queryable } from "../db/pool";

/** One key of one caller for one contract. */
export type IdempotencyKeyId = { scope: string; operation: string; key: string };

/** What an earlier request under the key left: still running (status 0), or its final answer. */
export type StoredKey = { status: number; response: unknown; requestHash: string | null };

/**
 * Claims a key in one statement: a new key is inserted as in flight (status 0); an in-flight claim
 * of the same request not touched for staleMinutes is taken over (its process is taken for dead).
 * Returns false when another request holds or has answered the key.
 */
export async function claimKey(db: Queryable, id: IdempotencyKeyId, requestHash: string, claimId: string, staleMinutes: number): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO idempotency_keys (scope, operation, key, status, response, request_hash, claim_id)
     VALUES ($1, $2, $3, 0, 'null', $4, $5)
     ON CONFLICT (scope, operation, key) DO UPDATE SET claim_id = EXCLUDED.claim_id, updated_at = now()
       WHERE idempotency_keys.status = 0 AND idempotency_keys.request_hash = EXCLUDED.request_hash
         AND idempotency_keys.updated_at < now() - make_interval(mins => $6)
     RETURNING 1`,
    [id.scope, id.operation, id.key, requestHash, claimId, staleMinutes],
  );
  return rows.length > 0;
}

/** The row under a key, if any (a released claim leaves none). */
export async function findKey(db: Queryable, id: IdempotencyKeyId): Promise<StoredKey | null> {
  const { rows } = await db.query<{ status: number; response: unknown; request_hash: string | null }>(
    "SELECT status, response, request_hash FROM idempotency_keys WHERE scope = $1 AND operation = $2 AND key = $3",
    [id.scope, id.operation, id.key],
  );
  const row = rows[0];
  return row ? { status: row.status, response: row.response, requestHash: row.request_hash } : null;
}

/** Stores the final answer of the claim that still holds the key (a takeover's claimant wins). */
export async function storeAnswer(db: Queryable, id: IdempotencyKeyId, claimId: string, status: number, response: unknown): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET status = $5, response = $6, updated_at = now()
      WHERE scope = $1 AND operation = $2 AND key = $3 AND claim_id = $4 AND status = 0`,
    [id.scope, id.operation, id.key, claimId, status, JSON.stringify(response ?? null)],
  );
}

/** Frees the key of a claim whose request failed on the server's side, so a retry runs again. */
export async function releaseKey(db: Queryable, id: IdempotencyKeyId, claimId: string): Promise<void> {
  await db.query("DELETE FROM idempotency_keys WHERE scope = $1 AND operation = $2 AND key = $3 AND claim_id = $4 AND status = 0", [id.scope, id.operation, id.key, claimId]);
}
