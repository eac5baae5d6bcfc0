import { team } from "@atelier/contracts";
import { defineTool } from "../tool-spec";
import { roleName } from "@atelier/contracts/error-sentences";
import { freeSeat, inviteWords } from "../payments/payment-approvals";

const inviteId = "The invite's id, as listed by list_team_members";

export const teamTools = [
  defineTool({
    contract: team.listTeamMemberInvites,
    name: "list_team_members",
    description: "List the store's team: invited and accepted members with their roles and status, and the team seats the plan includes. Use it for 'who is on my team'.",
    argDescriptions: { status: "Only invites in this status; PENDING and ACCEPTED when omitted", page: "Page number, starting at 0", size: "Items per page, 1-100" },
  }),
  defineTool({ contract: team.getTeamMemberInvite, name: "get_team_member", description: "Get one team invite or member by id.", argDescriptions: { id: inviteId } }),
  defineTool({
    contract: team.createTeamMemberInvite,
    name: "invite_team_member",
    description: "Invite a person to the store's team by email with role ADMIN or CX; an invitation email is sent. Needs the user's approval. Use it for 'invite sam@example.com as admin'.",
    argDescriptions: { email: "The email address to invite", role: "ADMIN (manages everything but billing ownership) or CX (customer support)" },
    approval: { summary: (a) => `Email an invitation to ${String(a.email)} to join the team as ${roleName(String(a.role))}`, precheck: freeSeat },
  }),
  defineTool({
    contract: team.updateTeamMemberInvite,
    name: "change_team_member_role",
    description: "Change the role of a team invite or member to ADMIN or CX. Use it when the user asks to change someone's role.",
    argDescriptions: { id: inviteId, role: "The new role: ADMIN or CX" },
  }),
  defineTool({
    contract: team.cancelTeamMemberInvite,
    name: "remove_team_member",
    description: "Cancel a pending invite, or remove an accepted member from the store. Use it when the user asks to revoke an invite or remove someone.",
    argDescriptions: { id: inviteId },
    approval: { summary: async (a, lookup) => `Remove ${await inviteWords(a.id, lookup)} from the team (an accepted member loses access)` },
  }),
];
