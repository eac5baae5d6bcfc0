import { team } from "@atelier/contracts";
import { route } from "../http/route";
import { acceptTeamMemberInvite } from "../services/team/accept-team-member-invite";
import { cancelTeamMemberInvite } from "../services/team/cancel-team-member-invite";
import { createTeamMemberInvite } from "../services/team/create-team-member-invite";
import { getTeamMemberInvite } from "../services/team/get-team-member-invite";
import { listTeamMemberInvites } from "../services/team/list-team-member-invites";
import { updateTeamMemberInvite } from "../services/team/update-team-member-invite";

export const teamRoutes = [
  route(team.listTeamMemberInvites, ({ ctx, query }) => listTeamMemberInvites(ctx, query)),
  route(team.getTeamMemberInvite, ({ ctx, params }) => getTeamMemberInvite(ctx, params.id)),
  route(team.createTeamMemberInvite, ({ ctx, body }) => createTeamMemberInvite(ctx, body)),
  route(team.updateTeamMemberInvite, ({ ctx, params, body }) => updateTeamMemberInvite(ctx, params.id, body)),
  route(team.acceptTeamMemberInvite, ({ ctx, body }) => acceptTeamMemberInvite(ctx, body.token)),
  route(team.cancelTeamMemberInvite, ({ ctx, params }) => cancelTeamMemberInvite(ctx, params.id)),
];
