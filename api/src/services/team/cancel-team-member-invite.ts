import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, notFound } from "../../errors";
import { getInviteRow, markInviteCanceled, removeMember } from "../../queries/team";
import { requireOwnerForAdmin } from "./admin-rule";
import { toInviteDto, type InviteDto } from "./dto";

/** Cancels an invite; an accepted one also takes the member out of the store, freeing the seat. */
export async function cancelTeamMemberInvite(ctx: UserContext, id: string): Promise<InviteDto> {
  return withTransaction(ctx.pool, async (tx) => {
    const invite = await getInviteRow(tx, ctx.auth.storeId, id, true);
    if (!invite) throw notFound("Invite");
    requireOwnerForAdmin(ctx, invite.role);
    if (invite.status === "CANCELED") throw conflict("This invite is already cancelled.");
    if (invite.accepted_user_id === ctx.auth.userId) throw conflict("You can't remove yourself from the store.");
    if (invite.status === "ACCEPTED" && invite.accepted_user_id) await removeMember(tx, ctx.auth.storeId, invite.accepted_user_id);
    return toInviteDto(await markInviteCanceled(tx, ctx.auth.storeId, id));
  });
}
