import type { BodyOf, auth } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, invalid } from "../../errors";
import { findUserByEmail, insertMember, insertStore, insertUser, type MembershipRow } from "../../queries/accounts";
import { takePendingRegistration } from "../../queries/pending-registrations";
import { issueSession, type Session } from "./issue-session";
import { reportUsageEvent } from "../commons/report-usage-event";
import { signUpTokenHash, usernameFrom } from "./register";

type Input = BodyOf<typeof auth.confirmRegistration>;

/**
 * Finishes a sign-up from its mailed link: the user, their store (Free plan) and the OWNER
 * membership in one transaction, with the link used up in the same one. Opening the link proves
 * the address is the user's, so only now may the answer say it already has an account.
 */
export async function confirmRegistration(ctx: RequestContext, input: Input): Promise<Session> {
  const { user, membership, anonymousUserId } = await withTransaction(ctx.pool, async (tx) => {
    const pending = await takePendingRegistration(tx, signUpTokenHash(input.token));
    if (!pending) throw invalid("body.token", "is not a working sign-up link: it was used already or is older than a day. Sign up again to get a new one");
    if (await findUserByEmail(tx, pending.email)) throw conflict("This e-mail already has an Atelier account. Log in instead.");
    const isPreview = ctx.config.previewEmails.includes(pending.email.toLowerCase());
    const user = await insertUser(tx, { email: pending.email, username: usernameFrom(pending.email), passwordHash: pending.password_hash });
    const store = await insertStore(tx, {
      title: pending.store_name,
      ownerUserId: user.id,
      accountType: pending.account_type,
      workStyle: pending.work_style,
      isPreview,
    });
    await insertMember(tx, store.id, user.id, "OWNER");
    const membership: MembershipRow = { store_id: store.id, store_title: pending.store_name, plan_type: "TIER_1", is_preview: isPreview, role: "OWNER" };
    return { user, membership, anonymousUserId: pending.anonymous_user_id ?? undefined };
  });
  await reportUsageEvent(ctx, {
    eventName: "user_register",
    commonType: "register",
    commonContent: user.id,
    sourceClient: "server",
    anonymousUserId,
    userId: user.id,
    userType: "store",
  });
  return issueSession(ctx, user, membership);
}
