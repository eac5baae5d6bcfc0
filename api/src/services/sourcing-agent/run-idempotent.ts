import type pg from "pg";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { claimIdempotencyKey, storeIdempotentResponse } from "../../queries/sourcing-agent";

/**
 * Runs a write that contacts people in one transaction, once per Idempotency-Key: agents retry
 * on timeouts, and a retry must not email a factory twice. The replay returns the first answer.
 */
export async function runIdempotent<T>(ctx: UserContext, operation: string, fn: (db: pg.PoolClient) => Promise<T>): Promise<T> {
  const key = ctx.idempotencyKey;
  const scope = `store:${ctx.auth.storeId}`;
  return withTransaction(ctx.pool, async (db) => {
    if (key) {
      const claim = await claimIdempotencyKey(db, scope, operation, key);
      if (!claim.claimed) return claim.response as T;
    }
    const result = await fn(db);
    if (key) await storeIdempotentResponse(db, scope, operation, key, result);
    return result;
  });
}
