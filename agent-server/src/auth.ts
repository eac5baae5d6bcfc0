import type express from "express";
import { ANONYMOUS_ASSISTANT_IDS } from "@atelier/contracts/agent-context";
import { AppError, bearerToken, currentSession, NO_LONGER_MEMBER, type Queryable, type TokenClaims, type TokenService, unauthorized, forwardedVisitorAddress } from "@atelier/api/platform";
import type { Owner } from "./queries";

/** The caller of a request: a signed-in user (with the token they sent) or an anonymous visitor. */
export type Principal =
  | { kind: "user"; owner: Owner & { kind: "user" }; claims: TokenClaims; token: string }
  | { kind: "anonymous"; owner: Owner & { kind: "anonymous" } };

/** Assistants an anonymous visitor may talk to: only the storefront chatbot. */
export const ANONYMOUS_ASSISTANTS = new Set<string>(ANONYMOUS_ASSISTANT_IDS);

const ANONYMOUS_ID = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * Reads the bearer token (the API's own tokens) or the anonymous creator id header. A token's
 * membership is read as it stands now, as the API does: a removed member is refused at once.
 */
export async function authenticate(req: express.Request, tokens: TokenService, db: Queryable): Promise<Principal> {
  const header = req.headers.authorization;
  if (header) {
    const token = bearerToken(header);
    const verified = token ? await tokens.verify(token) : null;
    if (!token || !verified) throw unauthorized("Your session has expired - please log in again.");
    const claims = (await currentSession(db, verified))?.claims;
    if (!claims) throw unauthorized(NO_LONGER_MEMBER);
    return { kind: "user", owner: { kind: "user", storeId: claims.storeId, userId: claims.userId }, claims, token };
  }
  const anonymous = req.headers["x-anonymous-id"];
  if (typeof anonymous === "string") {
    if (!ANONYMOUS_ID.test(anonymous)) throw new AppError("VALIDATION_FAILED", "x-anonymous-id must be 8 to 128 letters, digits, - or _", [{ field: "x-anonymous-id", reason: "must be 8 to 128 letters, digits, - or _" }]);
    return { kind: "anonymous", owner: { kind: "anonymous", anonymousId: anonymous } };
  }
  throw unauthorized("Log in to continue.");
}

/**
 * The visitor's address for per-address limits: the one the API's /agent-api forwarder vouches for
 * (its key), else the peer's as Express resolves it (TRUST_PROXY names the proxies it believes).
 */
export function clientAddress(req: express.Request, tokens: TokenService): string | null {
  return forwardedVisitorAddress(req.headers, tokens.forwarderKey) ?? req.ip ?? null;
}
