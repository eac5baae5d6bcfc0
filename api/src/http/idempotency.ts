import crypto from "node:crypto";
import type { Contract } from "@atelier/contracts";
import type { RequestContext } from "../context";
import { AppError, conflict } from "../errors";
import { claimKey, findKey, releaseKey, storeAnswer, type IdempotencyKeyId } from "../queries/idempotency";

/**
 * Idempotency, once, for every contract marked `idempotent` (docs/decisions.md, "Idempotency at the
 * route layer"). A request with an Idempotency-Key claims the key in one statement before its
 * handler runs; the final answer (status and body) is stored and replayed to any repeat. A repeat
 * with another request under the key is a 409; one that arrives while the first still runs waits
 * for its answer, then replays it (409 if it takes too long). 2xx and 4xx answers are stored; a 5xx
 * frees the key, so a retry after a server fault runs again.
 */

/** How long a claim may stay unanswered before its process is taken for dead and a same-key retry may run. */
export const IN_FLIGHT_STALE_MINUTES = 10;

export const DIFFERENT_REQUEST_MESSAGE = "This Idempotency-Key was already used for a different request. Send a new key for a new request.";
export const IN_FLIGHT_MESSAGE = "A request with this Idempotency-Key is still being processed. Try again in a moment.";

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
/** Set on an answer that is a replay of a stored one. */
export const REPLAYED_HEADER = "idempotent-replayed";

const KEY_FORMAT = /^[\x20-\x7e]{1,255}$/;

export type IdempotencyClaim = { id: IdempotencyKeyId; claimId: string };
export type StoredAnswer = { status: number; body: unknown };

/** The Idempotency-Key header, checked: absent → undefined; malformed → 400 naming the header. */
export function readIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = header.trim();
  if (!KEY_FORMAT.test(key)) {
    const reason = "must be 1 to 255 printable ASCII characters";
    throw new AppError("VALIDATION_FAILED", `The Idempotency-Key header ${reason}.`, [{ field: "Idempotency-Key", reason }]);
  }
  return key;
}

/**
 * Claims the key for this request, or answers what an earlier request under it answered. Waits up
 * to waitMs for a request still in flight under the same key.
 */
export async function claimOrReplay(
  ctx: RequestContext,
  contract: Contract,
  key: string,
  request: { params: unknown; query: unknown; body: unknown },
  waitMs: number,
): Promise<{ claim: IdempotencyClaim } | { replay: StoredAnswer }> {
  const id: IdempotencyKeyId = { scope: scopeOf(ctx), operation: contract.id, key };
  const hash = requestHash(request);
  const claimId = crypto.randomUUID();
  const deadline = Date.now() + waitMs;
  let pause = 20;
  for (;;) {
    if (await claimKey(ctx.pool, id, hash, claimId, IN_FLIGHT_STALE_MINUTES)) return { claim: { id, claimId } };
    const stored = await findKey(ctx.pool, id);
    // Freed between the two statements (the first request failed on the server's side): claim again.
    if (!stored) continue;
    if (stored.requestHash !== hash) throw conflict(DIFFERENT_REQUEST_MESSAGE);
    if (stored.status !== 0) return { replay: { status: stored.status, body: stored.response } };
    if (Date.now() >= deadline) throw conflict(IN_FLIGHT_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 250);
  }
}

/** Stores a final answer (2xx, 4xx) for replays, or frees the key after a server fault (5xx). */
export async function finishClaim(ctx: RequestContext, claim: IdempotencyClaim, status: number, body: unknown): Promise<void> {
  if (status >= 500) await releaseKey(ctx.pool, claim.id, claim.claimId);
  else await storeAnswer(ctx.pool, claim.id, claim.claimId, status, body);
}

/** Keys belong to one user in one store; a caller without a session shares the public scope. */
function scopeOf(ctx: RequestContext): string {
  return ctx.auth ? `store:${ctx.auth.storeId}:user:${ctx.auth.userId}` : "public";
}

/** A digest of the parsed request (params, query, body), independent of key order. */
function requestHash(request: { params: unknown; query: unknown; body: unknown }): string {
  return crypto.createHash("sha256").update(canonicalJson(request)).digest("base64url");
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (!v || typeof v !== "object" || Array.isArray(v) || v instanceof Date) return v;
    const entries = Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries);
  }) ?? "null";
}
