import type { BodyOf, auth } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { unauthorized } from "../../errors";
import { findUserByEmail, findUserByGoogleSub, insertMember, insertStore, insertUser, linkGoogleSub, listMemberships } from "../../queries/accounts";
import { issueSession, type Session } from "./issue-session";
import { usernameFrom } from "./register";
import { reportUsageEvent } from "../commons/report-usage-event";

/**
 * Logs in with a verified Google identity. A known Google account logs in; a verified email that
 * matches an existing account links to it; otherwise a new account and store are created.
 */
export async function googleLogin(ctx: RequestContext, input: BodyOf<typeof auth.googleLogin>): Promise<Session> {
  const identity = await ctx.providers.google.verify(input.idToken);
  let user = await findUserByGoogleSub(ctx.pool, identity.sub);
  if (!user) {
    const byEmail = await findUserByEmail(ctx.pool, identity.email);
    if (byEmail) {
      if (!identity.emailVerified) throw unauthorized("Verify this email with Google before using it to log in.");
      await linkGoogleSub(ctx.pool, byEmail.id, identity.sub);
      user = byEmail;
    }
  }
  if (user) {
    const [membership] = await listMemberships(ctx.pool, user.id);
    if (!membership) throw unauthorized("This account has no store any more.");
    return issueSession(ctx, user, membership);
  }
  const storeName = input.storeName ?? (identity.name ? `${identity.name}'s store` : "My store");
  const isPreview = ctx.config.previewEmails.includes(identity.email);
  const created = await withTransaction(ctx.pool, async (tx) => {
    const newUser = await insertUser(tx, { email: identity.email, username: usernameFrom(identity.email), passwordHash: null, googleSub: identity.sub });
    const store = await insertStore(tx, {
      title: storeName,
      ownerUserId: newUser.id,
      accountType: input.accountType ?? "UNDECIDED",
      workStyle: input.workStyle ?? "WITH_AI_ASSISTANTS",
      isPreview,
    });
    await insertMember(tx, store.id, newUser.id, "OWNER");
    return { user: newUser, membership: { store_id: store.id, store_title: storeName, plan_type: "TIER_1" as const, is_preview: isPreview, role: "OWNER" as const } };
  });
  await reportUsageEvent(ctx, { eventName: "user_register", commonType: "google", commonContent: created.user.id, sourceClient: "server", userId: created.user.id, userType: "store" });
  return issueSession(ctx, created.user, created.membership);
}
