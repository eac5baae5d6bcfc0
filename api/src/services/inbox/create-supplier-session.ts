import type { SupplierSession } from "@atelier/contracts/inbox/contracts";
import type { RequestContext } from "../../context";
import type { TokenClaims } from "../../auth/tokens";
import { DUMMY_HASH_PROMISE, verifyPassword } from "../../auth/passwords";
import { AppError, unauthorized } from "../../errors";
import { findUserByEmail } from "../../queries/accounts";
import { claimLoginAttempt, resetLoginAttempts } from "../../queries/login-throttles";
import { findSupplierMembership, isSupplierMember } from "../../queries/inbox/supplier-members";
import { supplierCard } from "../../queries/marketplace/suppliers";

/**
 * Signs a supplier member in: the same accounts and sign-in throttle as stores, and a token of its
 * own type that reaches only the supplier inbox (contracts marked supplierAllowed). One message for
 * an unknown e-mail, a wrong password and an account that belongs to no supplier.
 */
export async function createSupplierSession(ctx: RequestContext, input: { email: string; password: string }): Promise<SupplierSession> {
  const clientAddress = ctx.clientAddress ?? null;
  if (!(await claimLoginAttempt(ctx.pool, input.email, clientAddress, ctx.config.loginThrottle))) {
    throw new AppError("RATE_LIMITED", "Too many sign-in attempts for this email. Please wait a few minutes and try again.");
  }
  const user = await findUserByEmail(ctx.pool, input.email);
  const ok = await verifyPassword(user?.password_hash ?? (await DUMMY_HASH_PROMISE), input.password);
  const membership = user && ok ? await findSupplierMembership(ctx.pool, user.id) : null;
  if (!user || !membership) throw unauthorized("Wrong email or password for a supplier account.");
  await resetLoginAttempts(ctx.pool, input.email, clientAddress);
  const supplier = await supplierCard(ctx.pool, membership.supplierId);
  const { token, exp } = await ctx.tokens.sign({ userId: user.id, storeId: "", role: "CX", isPreview: false, supplierId: membership.supplierId }, "supplier");
  return {
    token,
    expiresAt: new Date(exp * 1000).toISOString(),
    user: { id: user.id, email: user.email, username: user.username },
    supplier: { id: membership.supplierId, name: supplier?.name ?? "" },
  };
}

/** A fresh supplier token near expiry, while the user still belongs to the supplier; null ends the session. */
export async function refreshSupplierClaims(ctx: RequestContext, claims: TokenClaims): Promise<string | null> {
  if (!claims.supplierId || !(await isSupplierMember(ctx.pool, claims.userId, claims.supplierId))) return null;
  const { token } = await ctx.tokens.sign({ userId: claims.userId, storeId: "", role: "CX", isPreview: false, supplierId: claims.supplierId }, "supplier");
  return token;
}
