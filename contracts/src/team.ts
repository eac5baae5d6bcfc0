import { z } from "zod";
import { defineContract } from "./contract";
import { emailSchema, idSchema, pageOf, pageQuery, teamRoleSchema } from "./domain";
import { sessionSchema } from "./auth";

/** Cancelled invites are kept, marked CANCELED, and listed only when asked for. */
export const INVITE_STATUSES = ["PENDING", "ACCEPTED", "CANCELED"] as const;

/** Roles an invite may carry: the owner is never invited. */
export const INVITABLE_ROLES = ["ADMIN", "CX"] as const;
const invitableRoleSchema = z.enum(INVITABLE_ROLES);

export const teamMemberInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  status: z.enum(INVITE_STATUSES),
  invitedByUserId: z.string(),
  acceptedUserId: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const idParams = z.strictObject({ id: idSchema });
const base = "/web/store-team-member-invites";

/** The store's invites with the seats the plan includes and how many are taken. */
export const listTeamMemberInvites = defineContract({
  id: "listTeamMemberInvites",
  method: "GET",
  path: base,
  summary: "The store's team invites (PENDING and ACCEPTED unless a status is given) and the plan's team seats.",
  tags: ["team"],
  access: "user",
  query: z.strictObject({ status: z.enum(INVITE_STATUSES).optional(), ...pageQuery }),
  response: pageOf(teamMemberInviteSchema).extend({
    seats: z.object({ included: z.number().int(), used: z.number().int() }).describe("Additional team accounts of the plan and how many invites hold one"),
  }),
});

/** One invite of the store. */
export const getTeamMemberInvite = defineContract({
  id: "getTeamMemberInvite",
  method: "GET",
  path: `${base}/:id`,
  summary: "One team invite of the store.",
  tags: ["team"],
  access: "user",
  params: idParams,
  response: teamMemberInviteSchema,
});

/** Invites a team member by email; the invite email carries the accept link. */
export const createTeamMemberInvite = defineContract({
  id: "createTeamMemberInvite",
  method: "POST",
  path: base,
  summary: "Invite a team member by email with role ADMIN or CX (only the owner may invite an ADMIN). Professional includes 5 additional team accounts.",
  tags: ["team"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({ email: emailSchema, role: invitableRoleSchema }),
  response: teamMemberInviteSchema,
});

/** Changes the role of an invite (and of the member, once accepted). */
export const updateTeamMemberInvite = defineContract({
  id: "updateTeamMemberInvite",
  method: "PUT",
  path: `${base}/:id`,
  summary: "Change an invite's role; for an accepted invite the member's role changes too. Only the owner may grant or take away ADMIN.",
  tags: ["team"],
  access: "user",
  params: idParams,
  body: z.strictObject({ role: invitableRoleSchema }),
  response: teamMemberInviteSchema,
});

/** The invited person accepts with the token from their email; answers a session in the inviting store. */
export const acceptTeamMemberInvite = defineContract({
  id: "acceptTeamMemberInvite",
  method: "POST",
  path: `${base}/-/accept`,
  summary: "Accept an invite with the token of its email link; the caller must be logged in with the invited email. Answers a session for the inviting store.",
  tags: ["team"],
  access: "user",
  noToolReason: "A person accepts an invitation for themselves, from the link in their email.",
  body: z.strictObject({ token: z.string().min(20, "is not a valid invite token").max(200, "is not a valid invite token") }),
  response: sessionSchema,
});

/** Cancels an invite; cancelling an accepted one removes the member from the store. */
export const cancelTeamMemberInvite = defineContract({
  id: "cancelTeamMemberInvite",
  method: "POST",
  path: `${base}/:id/cancel`,
  summary: "Cancel an invite; cancelling an accepted invite removes that member from the store and frees the seat.",
  tags: ["team"],
  access: "user",
  params: idParams,
  response: teamMemberInviteSchema,
});
