import { TEAM_SEATS, type QueryOf, type ResponseOf, type team } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { unauthorized } from "../../errors";
import { countSeatsUsed, listInviteRows } from "../../queries/team";
import { getStorePlan } from "../../queries/stores";
import { toInviteDto } from "./dto";

/** The store's invites (live ones unless a status is asked for) and the plan's seats. */
export async function listTeamMemberInvites(ctx: UserContext, query: QueryOf<typeof team.listTeamMemberInvites>): Promise<ResponseOf<typeof team.listTeamMemberInvites>> {
  const storeId = ctx.auth.storeId;
  const statuses = query.status ? [query.status] : (["PENDING", "ACCEPTED"] as const);
  const [{ list, total }, plan, used] = await Promise.all([
    listInviteRows(ctx.pool, storeId, [...statuses], query.size, query.page * query.size),
    getStorePlan(ctx.pool, storeId),
    countSeatsUsed(ctx.pool, storeId),
  ]);
  if (!plan) throw unauthorized("The store of this session no longer exists.");
  return { list: list.map(toInviteDto), total, page: query.page, size: query.size, seats: { included: TEAM_SEATS[plan], used } };
}
