import type { BodyOf, auth } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { AppError, unauthorized } from "../../errors";
import { findUserByEmail, listMemberships } from "../../queries/accounts";
import { claimLoginAttempt, loginWaitSeconds, resetLoginAttempts } from "../../queries/login-throttles";
import { DUMMY_HASH_PROMISE, verifyPassword } from "../../auth/passwords";
import { issueSession, type Session } from "./issue-session";

/**
 * Email and password; one message for an unknown email and a wrong password. Each address gets a few
 * attempts, then a growing wait between attempts until a sign-in succeeds (docs/security.md), whatever
 * client addresses the attempts come from.
 */
export async function login(ctx: RequestContext, input: BodyOf<typeof auth.login>): Promise<Session> {
  const clientAddress = ctx.clientAddress ?? null;
  if (!(await claimLoginAttempt(ctx.pool, input.email, clientAddress, ctx.config.loginThrottle))) {
    const seconds = await loginWaitSeconds(ctx.pool, input.email);
    throw new AppError("RATE_LIMITED", `Too many sign-in attempts for this email. Please wait ${waitText(seconds)} and try again.`);
  }
  const user = await findUserByEmail(ctx.pool, input.email);
  const ok = await verifyPassword(user?.password_hash ?? (await DUMMY_HASH_PROMISE), input.password);
  if (!user || !ok) throw unauthorized("Wrong email or password.");
  await resetLoginAttempts(ctx.pool, input.email, clientAddress);
  const [membership] = await listMemberships(ctx.pool, user.id);
  if (!membership) throw unauthorized("This account has no store any more.");
  return issueSession(ctx, user, membership);
}

/** "45 seconds", "1 minute", "15 minutes": the wait rounded up, in words. */
export function waitText(seconds: number): string {
  const s = Math.max(1, seconds);
  if (s < 60) return `${s} second${s === 1 ? "" : "s"}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? "" : "s"}`;
}
