import type { UserContext } from "../../context";
import { findIdempotentResponse, saveIdempotentResponse } from "../../queries/payments";

/**
 * Runs a money-moving use case once per Idempotency-Key: a retried call with the same key gets the
 * first answer back instead of acting again. Without a key every call acts.
 */
export async function replayable<T>(ctx: UserContext, operation: string, fn: () => Promise<T>): Promise<T> {
  const key = ctx.idempotencyKey;
  if (!key) return fn();
  const scope = `store:${ctx.auth.storeId}`;
  const earlier = await findIdempotentResponse(ctx.pool, scope, operation, key);
  if (earlier) return earlier.response as T;
  const result = await fn();
  await saveIdempotentResponse(ctx.pool, scope, operation, key, 200, result);
  return result;
}
