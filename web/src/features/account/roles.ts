/**
 * What each role may see on the account screen. This mirrors the API's permission table
 * (api/src/auth/permissions.ts): the screen hides what the API would refuse, because the error
 * catalogue logs a user out on a plain 403.
 */
const VISIBLE: Record<"billing.read" | "billing.manage" | "team.read", readonly string[]> = {
  "billing.read": ["OWNER", "ADMIN"],
  "billing.manage": ["OWNER"],
  "team.read": ["OWNER", "ADMIN"],
};

export function roleCan(role: string, what: keyof typeof VISIBLE): boolean {
  return VISIBLE[what].includes(role);
}
