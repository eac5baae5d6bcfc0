import { can, roleMayCall, type Contract, type Permission } from "@atelier/contracts";
import type { RequestContext, UserContext } from "../context";
import { forbidden } from "../errors";

// The role table is data next to the contracts (contracts/src/permissions.ts); the route layer
// enforces each contract's permission for every request (requireContractPermission below).
export { PERMISSIONS, can, type Permission } from "@atelier/contracts";

const refused = (ctx: UserContext) => forbidden(`Your role (${ctx.auth.role}) can't do this. Ask the store owner.`);

/** The route layer's one check: 403 unless the caller's role may call this contract. */
export function requireContractPermission(ctx: RequestContext, contract: Contract): void {
  if (ctx.auth && !roleMayCall(ctx.auth.role, contract.id)) throw refused(ctx as UserContext);
}

/**
 * Throws 403 unless the caller's role has the permission. Only for a check the contract's own
 * permission does not cover (one that depends on the input, such as cancelling in a bulk update).
 */
export function requirePermission(ctx: UserContext, permission: Permission): void {
  if (!can(ctx.auth.role, permission)) throw refused(ctx);
}
