import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, forbidden, notFound, unauthorized } from "../../errors";
import { getMembership, insertMember } from "../../queries/accounts";
import { getInviteByTokenHash, getUserById, markInviteAccepted } from "../../queries/team";
import { issueSession, type Session } from "../auth/issue-session";
import { hashInviteToken } from "./create-team-member-invite";

/**
 * The invited person, logged in with the invited email, joins the inviting store with the
 * invite's role and gets a session for that store. A cancelled or unknown token is not found.
 */
export async function acceptTeamMemberInvite(ctx: UserContext, token: string): Promise<Session> {
  const { user, membership } = await withTransaction(ctx.pool, async (tx) => {
    const user = await getUserById(tx, ctx.auth.userId);
    if (!user) throw unauthorized("This account no longer exists.");
    const invite = await getInviteByTokenHash(tx, hashInviteToken(token));
    if (!invite || invite.status === "CANCELED") throw notFound("Invite");
    if (user.email.toLowerCase() !== invite.email.toLowerCase()) throw forbidden("This invite was sent to another email address. Log in with that address to accept it.");
    if (invite.status === "ACCEPTED") throw conflict("This invite was already accepted.");
    if (await getMembership(tx, user.id, invite.store_id)) throw conflict("You are already a member of this store.");
    await insertMember(tx, invite.store_id, user.id, invite.role);
    await markInviteAccepted(tx, invite.id, user.id);
    return { user, membership: (await getMembership(tx, user.id, invite.store_id))! };
  });
  return issueSession(ctx, user, membership);
}
