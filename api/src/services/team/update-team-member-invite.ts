import type { BodyOf, team } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, notFound } from "../../errors";
import { getInviteRow, setInviteRole, setMemberRole } from "../../queries/team";
import { requireOwnerForAdmin } from "./admin-rule";
import { toInviteDto, type InviteDto } from "./dto";

/** Changes an invite's role, and the member's role when it was accepted. */
export async function updateTeamMemberInvite(ctx: UserContext, id: string, body: BodyOf<typeof team.updateTeamMemberInvite>): Promise<InviteDto> {
  return withTransaction(ctx.pool, async (tx) => {
    const invite = await getInviteRow(tx, ctx.auth.storeId, id, true);
    if (!invite) throw notFound("Invite");
    requireOwnerForAdmin(ctx, invite.role, body.role);
    if (invite.status === "CANCELED") throw conflict("This invite was cancelled; send a new one.");
    const updated = await setInviteRole(tx, ctx.auth.storeId, id, body.role);
    if (invite.status === "ACCEPTED" && invite.accepted_user_id) await setMemberRole(tx, ctx.auth.storeId, invite.accepted_user_id, body.role);
    return toInviteDto(updated);
  });
}
