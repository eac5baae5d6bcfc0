import type { Contract, PlanType } from "@atelier/contracts";
import type { RequestContext, UserContext } from "../../context";
import type { TokenClaims } from "../../auth/tokens";
import { requireContractPermission } from "../../auth/permissions";
import { forbidden, unauthorized } from "../../errors";
import { currentSession, NO_LONGER_MEMBER } from "./current-session";

/** What the authenticator reads of a contract: who may call it and which contract the role table checks. */
export type CallerRule = Pick<Contract, "id" | "access" | "tokenVersion" | "supplierAllowed">;

/** A resolved caller: the claims as the membership stands now, the store's plan, and the token's own claims. */
export type Caller = { claims: TokenClaims; plan: PlanType | null; signed: TokenClaims };

/**
 * The one authenticator, for the JSON routes and the raw file routes alike: the bearer token's
 * caller of `contract`, with the role the membership has now (read, or cached until the membership
 * changes, so removing or demoting a member takes effect at once), refused by the role table when the role may not call
 * it. Null for an anonymous or expired caller of a public endpoint; every refusal is a sentence.
 */
export async function authenticateCaller(ctx: RequestContext, token: string | null | undefined, contract: CallerRule): Promise<Caller | null> {
  const caller = await resolveCaller(ctx, token, contract);
  if (caller) requireContractPermission(caller.claims, contract);
  return caller;
}

/**
 * authenticateCaller without the role table's check, for the JSON routes, which hand a demoted
 * member a token with the current role before refusing what that role may not do.
 */
export async function resolveCaller(ctx: RequestContext, token: string | null | undefined, contract: CallerRule): Promise<Caller | null> {
  const required = contract.access === "user";
  if (!token) {
    if (required) throw unauthorized();
    return null;
  }
  const signed = await ctx.tokens.verify(token);
  if (!signed) {
    // An expired or undecodable token is treated as absent: public endpoints still answer.
    if (required) throw unauthorized("Your session has expired. Log in again.");
    return null;
  }
  if (contract.tokenVersion === "v2" && signed.type === "v1") throw unauthorized("This endpoint needs a version-2 token.");
  // A supplier member's session reaches only the inbox seen from the supplier's side.
  if (signed.type === "supplier" && !contract.supplierAllowed) throw forbidden("A supplier account can only use the supplier inbox.");
  const session = await currentSession(ctx.pool, signed, ctx.sessions);
  if (!session) {
    // Like an expired token: a removed member's token is no one's on public endpoints.
    if (required) throw unauthorized(NO_LONGER_MEMBER);
    return null;
  }
  return { ...session, signed };
}

/**
 * The member a raw route (a file download, outside the JSON routes) serves: the authenticator's
 * caller of `contract`, the contract whose data the file holds, always logged in.
 */
export async function memberFromToken(ctx: RequestContext, token: string | null | undefined, contract: CallerRule): Promise<UserContext> {
  const caller = await authenticateCaller(ctx, token, { ...contract, access: "user" });
  return { ...ctx, auth: caller!.claims };
}
