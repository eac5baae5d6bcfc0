import { roleMayCall } from "@atelier/contracts";
import type { RequestContext, UserContext } from "../../context";
import { forbidden, unauthorized } from "../../errors";
import { currentSession, NO_LONGER_MEMBER } from "./current-session";

/**
 * The member a file download is for (its route reads bytes, outside the JSON routes' auth): a live
 * session of the store whose role may call `contractId`, the contract whose data the file holds.
 */
export async function memberFromToken(ctx: RequestContext, token: string | undefined, contractId: string): Promise<UserContext> {
  const verified = token ? await ctx.tokens.verify(token) : null;
  if (!verified) throw unauthorized();
  const claims = (await currentSession(ctx.pool, verified))?.claims;
  if (!claims || claims.supplierId) throw unauthorized(NO_LONGER_MEMBER);
  if (!roleMayCall(claims.role, contractId)) throw forbidden();
  return { ...ctx, auth: claims };
}
