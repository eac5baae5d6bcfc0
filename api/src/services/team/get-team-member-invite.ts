import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { getInviteRow } from "../../queries/team";
import { toInviteDto, type InviteDto } from "./dto";

/** One invite of the store; another store's id is not found. */
export async function getTeamMemberInvite(ctx: UserContext, id: string): Promise<InviteDto> {
  const invite = await getInviteRow(ctx.pool, ctx.auth.storeId, id);
  if (!invite) throw notFound("Invite");
  return toInviteDto(invite);
}
