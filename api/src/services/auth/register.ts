import crypto from "node:crypto";
import type { BodyOf, ResponseOf, auth } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { invalid } from "../../errors";
import { weakPasswordReason } from "../../auth/password-strength";
import { findUserByEmail } from "../../queries/accounts";
import { upsertPendingRegistration } from "../../queries/pending-registrations";
import { recentMailCount } from "../../queries/outbox";
import { hashPassword } from "../../auth/passwords";
import { queueEmail } from "../../providers/outbox";

type Input = BodyOf<typeof auth.register>;

/** How long a sign-up link works. */
export const SIGN_UP_LINK_HOURS = 24;
/** At most this many sign-up e-mails to one address in ten minutes: the form can't flood a mailbox. */
const MAILS_PER_TEN_MINUTES = 3;

/** The stored form of a link's token: a leaked table row can't be turned back into a working link. */
export const signUpTokenHash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * Starts a sign-up (docs/security.md, item 17). The answer is the same whether or not the address
 * has an account, and takes the same work (the password is hashed either way), so the form can't be
 * used to learn who has one. A new address gets a link that creates the account; an address that
 * has one gets a note saying someone tried to sign up with it and how to log in.
 */
export async function register(ctx: RequestContext, input: Input): Promise<ResponseOf<typeof auth.register>> {
  const weak = weakPasswordReason(input.password, [input.email, input.storeName]);
  if (weak) throw invalid("body.password", weak);
  const passwordHash = await hashPassword(input.password);
  const answer = { status: "CHECK_EMAIL" as const, email: input.email, expiresInHours: SIGN_UP_LINK_HOURS };
  const web = ctx.config.webOrigin.split(",")[0];
  const link = await withTransaction(ctx.pool, async (tx): Promise<string | null> => {
    const existing = await findUserByEmail(tx, input.email);
    const kind = existing ? "sign_up_existing_account" : "sign_up_confirmation";
    if ((await recentMailCount(tx, input.email, kind, 10)) >= MAILS_PER_TEN_MINUTES) return null;
    if (existing) {
      await queueEmail(tx, {
        to: input.email,
        kind,
        subject: "Someone tried to create an Atelier account with your e-mail",
        body: `Someone (perhaps you) tried to create a new Atelier account with ${input.email}, which already has one. Nothing was changed.\n\nTo use your account, log in at ${web}/login\n\nIf this wasn't you, you can ignore this message.`,
      });
      return null;
    }
    const token = crypto.randomBytes(32).toString("base64url");
    await upsertPendingRegistration(tx, {
      email: input.email,
      tokenHash: signUpTokenHash(token),
      passwordHash,
      storeName: input.storeName,
      accountType: input.accountType,
      workStyle: input.workStyle,
      anonymousUserId: input.anonymousUserId ?? null,
      ttlHours: SIGN_UP_LINK_HOURS,
    });
    const url = `${web}/login?confirmSignUp=${token}`;
    await queueEmail(tx, {
      to: input.email,
      kind,
      subject: "Finish creating your Atelier account",
      body: `Welcome to Atelier! Open this link to finish creating your account and your store "${input.storeName}":\n\n${url}\n\nThe link works for ${SIGN_UP_LINK_HOURS} hours. If you didn't sign up, ignore this message: no account is made.`,
      payload: { token, link: url },
    });
    return url;
  });
  // The built-in outbox delivers nothing: whoever runs this Atelier finds the link in its log.
  if (link) ctx.log.info({ email: input.email, link }, "sign-up link (the local outbox sends no mail: open it to finish the sign-up)");
  return answer;
}

export function usernameFrom(email: string): string {
  return email.split("@")[0]!.replace(/[^a-z0-9._-]/gi, "").slice(0, 40) || "creator";
}
