import type { ResponseOf, team } from "@atelier/contracts";
import type { InviteRow } from "../../queries/team";

export type InviteDto = ResponseOf<typeof team.getTeamMemberInvite>;

export function toInviteDto(r: InviteRow): InviteDto {
  return {
    id: r.id,
    email: r.email,
    role: r.role,
    status: r.status,
    invitedByUserId: r.invited_by_user_id,
    acceptedUserId: r.accepted_user_id,
    acceptedAt: r.accepted_at?.toISOString() ?? null,
    canceledAt: r.canceled_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}
