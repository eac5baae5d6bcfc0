import { TEAM_ROLES, type TeamRole } from "@atelier/contracts/domain";
import { can, type Permission } from "@atelier/contracts/permissions";

/**
 * Whether a role may do something, by the API's own role table (contracts/src/permissions.ts): the
 * screen hides what the API would refuse, because the error catalogue logs a user out on a plain 403.
 */
export function roleCan(role: string, what: Permission): boolean {
  return (TEAM_ROLES as readonly string[]).includes(role) && can(role as TeamRole, what);
}
