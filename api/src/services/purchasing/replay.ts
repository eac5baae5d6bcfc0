import type { UserContext } from "../../context";
import { findReplay, saveReplay } from "../../queries/purchasing";

/**
 * Runs a use case once per Idempotency-Key: an agent's retry with the same key gets the first
 * answer instead of creating a second order item or cart entry. Without a key every call acts.
 */
export async function replay<T>(ctx: UserContext, operation: string, fn: () => Promise<T>): Promise<T> {
  const key = ctx.idempotencyKey;
  if (!key) return fn();
  const scope = `store:${ctx.auth.storeId}`;
  const earlier = await findReplay(ctx.pool, scope, operation, key);
  if (earlier !== undefined) return earlier as T;
  const result = await fn();
  await saveReplay(ctx.pool, scope, operation, key, result);
  return result;
}
