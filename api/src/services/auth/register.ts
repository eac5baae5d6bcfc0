import type { BodyOf, auth } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, invalid } from "../../errors";
import { weakPasswordReason } from "../../auth/password-strength";
import { findUserByEmail, insertMember, insertStore, insertUser, type MembershipRow } from "../../queries/accounts";
import { hashPassword } from "../../auth/passwords";
import { issueSession, type Session } from "./issue-session";
import { reportUsageEvent } from "../commons/report-usage-event";

type Input = BodyOf<typeof auth.register>;

/** Creates the user, their store (Free plan) and the OWNER membership in one transaction. */
export async function register(ctx: RequestContext, input: Input): Promise<Session> {
  if (await findUserByEmail(ctx.pool, input.email)) throw conflict("An account with this email already exists. Log in instead.");
  const weak = weakPasswordReason(input.password, [input.email, input.storeName]);
  if (weak) throw invalid("body.password", weak);
  const passwordHash = await hashPassword(input.password);
  const isPreview = ctx.config.previewEmails.includes(input.email);
  const { user, membership } = await withTransaction(ctx.pool, async (tx) => {
    const user = await insertUser(tx, { email: input.email, username: usernameFrom(input.email), passwordHash });
    const store = await insertStore(tx, {
      title: input.storeName,
      ownerUserId: user.id,
      accountType: input.accountType,
      workStyle: input.workStyle,
      isPreview,
    });
    await insertMember(tx, store.id, user.id, "OWNER");
    const membership: MembershipRow = { store_id: store.id, store_title: input.storeName, plan_type: "TIER_1", is_preview: isPreview, role: "OWNER" };
    return { user, membership };
  });
  await reportUsageEvent(ctx, {
    eventName: "user_register",
    commonType: "register",
    commonContent: user.id,
    sourceClient: "server",
    anonymousUserId: input.anonymousUserId,
    userId: user.id,
    userType: "store",
  });
  return issueSession(ctx, user, membership);
}

export function usernameFrom(email: string): string {
  return email.split("@")[0]!.replace(/[^a-z0-9._-]/gi, "").slice(0, 40) || "creator";
}
