import type { UserContext } from "../../context";
import { forbidden } from "../../errors";

/** Admins run the team but only the owner may grant, change or remove the ADMIN role. */
export function requireOwnerForAdmin(ctx: UserContext, ...roles: string[]): void {
  if (ctx.auth.role !== "OWNER" && roles.includes("ADMIN")) throw forbidden("Only the store owner can invite, change or remove an admin.");
}
