import type { BodyOf, auth } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { unauthorized } from "../../errors";
import { findUserByEmail, listMemberships } from "../../queries/accounts";
import { DUMMY_HASH_PROMISE, verifyPassword } from "../../auth/passwords";
import { issueSession, type Session } from "./issue-session";

/** Email and password; one message for an unknown email and a wrong password. */
export async function login(ctx: RequestContext, input: BodyOf<typeof auth.login>): Promise<Session> {
  const user = await findUserByEmail(ctx.pool, input.email);
  const ok = await verifyPassword(user?.password_hash ?? (await DUMMY_HASH_PROMISE), input.password);
  if (!user || !ok) throw unauthorized("Wrong email or password.");
  const [membership] = await listMemberships(ctx.pool, user.id);
  if (!membership) throw unauthorized("This account has no store any more.");
  return issueSession(ctx, user, membership);
}
