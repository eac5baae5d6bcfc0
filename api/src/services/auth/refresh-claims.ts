import type { RequestContext } from "../../context";
import type { TokenClaims } from "../../auth/tokens";
import { getMembership } from "../../queries/accounts";
import { refreshSupplierClaims } from "../inbox/create-supplier-session";

/**
 * A new token of the same type for a session close to expiry. Membership is read again, so a
 * removed team member's session ends here and a changed role takes effect.
 */
export async function refreshClaims(ctx: RequestContext, claims: TokenClaims): Promise<string | null> {
  if (claims.type === "supplier") return refreshSupplierClaims(ctx, claims);
  const membership = await getMembership(ctx.pool, claims.userId, claims.storeId);
  if (!membership) return null;
  const { token } = await ctx.tokens.sign(
    { userId: claims.userId, storeId: claims.storeId, role: membership.role, isPreview: membership.is_preview },
    claims.type,
  );
  return token;
}
