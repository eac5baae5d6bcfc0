import crypto from "node:crypto";
import { TEAM_SEATS, type BodyOf, type team } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, unauthorized, upgradeRequired } from "../../errors";
import { queueEmail } from "../../providers/outbox";
import { countSeatsUsed, findLiveInviteByEmail, insertInvite, isMemberByEmail, lockStoreForInvites } from "../../queries/team";
import { requireOwnerForAdmin } from "./admin-rule";
import { toInviteDto, type InviteDto } from "./dto";

/** Hash of an accept token: only the hash is stored, the token lives in the email link. */
export function hashInviteToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * Invites a team member. Pending and accepted invites hold a seat: Professional includes 5,
 * other plans none, and a full plan answers the upgrade code. The email is queued in the same
 * transaction, so it goes out exactly when the invite exists.
 */
export async function createTeamMemberInvite(ctx: UserContext, body: BodyOf<typeof team.createTeamMemberInvite>): Promise<InviteDto> {
  requireOwnerForAdmin(ctx, body.role);
  return withTransaction(ctx.pool, async (tx) => {
    const storeId = ctx.auth.storeId;
    const store = await lockStoreForInvites(tx, storeId);
    if (!store) throw unauthorized("The store of this session no longer exists.");
    const seats = TEAM_SEATS[store.plan_type];
    if ((await countSeatsUsed(tx, storeId)) >= seats) throw upgradeRequired(store.plan_type, "TIER_3");
    if (await isMemberByEmail(tx, storeId, body.email)) throw conflict("This person is already a member of the store.");
    if (await findLiveInviteByEmail(tx, storeId, body.email)) throw conflict("This email already has an invite. Cancel it to send a new one.");
    const token = crypto.randomBytes(32).toString("base64url");
    const invite = await insertInvite(tx, { storeId, email: body.email, role: body.role, tokenHash: hashInviteToken(token), invitedBy: ctx.auth.userId });
    const acceptUrl = `${ctx.config.webOrigin.split(",")[0]}/app-bind?bindCode=${encodeURIComponent(token)}&email=${encodeURIComponent(body.email)}`;
    await queueEmail(tx, {
      storeId,
      to: body.email,
      kind: "team_member_invite",
      subject: `You're invited to join ${store.title} on Atelier`,
      body: `You have been invited to join ${store.title} as ${body.role === "ADMIN" ? "an admin" : "a customer experience (CX) member"}.\n\nLog in or sign up with ${body.email}, then accept here:\n${acceptUrl}`,
      payload: { inviteId: invite.id, role: body.role, acceptUrl, token },
    });
    return toInviteDto(invite);
  });
}
