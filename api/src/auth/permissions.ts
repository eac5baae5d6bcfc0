import type { TeamRole } from "@atelier/contracts";
import type { UserContext } from "../context";
import { forbidden } from "../errors";

/**
 * What each team role may do. The spec names no roles; we chose Owner, Admin and CX
 * (customer experience), the split small commerce teams use: the owner holds money and the team,
 * an admin runs the store, CX answers customers and handles orders and returns.
 */
export const PERMISSIONS = {
  "store.read": ["OWNER", "ADMIN", "CX"],
  "store.settings.write": ["OWNER", "ADMIN"],
  "billing.read": ["OWNER", "ADMIN"],
  "billing.manage": ["OWNER"],
  "team.read": ["OWNER", "ADMIN"],
  "team.manage": ["OWNER", "ADMIN"],
  "sourcing.use": ["OWNER", "ADMIN"],
  "sourcing.purchase": ["OWNER", "ADMIN"],
  "orders.manage": ["OWNER", "ADMIN", "CX"],
  // Cancelling gives up a sale (and later refunds it): owners and admins only, CX holds and asks.
  "orders.cancel": ["OWNER", "ADMIN"],
  "inbox.use": ["OWNER", "ADMIN", "CX"],
  "marketing.manage": ["OWNER", "ADMIN"],
  "ai.use": ["OWNER", "ADMIN", "CX"],
} as const satisfies Record<string, readonly TeamRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: TeamRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly TeamRole[]).includes(role);
}

/** Throws 403 unless the caller's role has the permission. */
export function requirePermission(ctx: UserContext, permission: Permission): void {
  if (!can(ctx.auth.role, permission)) {
    throw forbidden(`Your role (${ctx.auth.role}) can't do this. Ask the store owner.`);
  }
}
