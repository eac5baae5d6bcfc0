import { can, roleMayCall, type Contract, type Permission } from "@atelier/contracts";
import type { UserContext } from "../context";
import type { TokenClaims } from "./tokens";
import { forbidden } from "../errors";

// The role table is data next to the contracts (contracts/src/permissions.ts); the route layer
// enforces each contract's permission for every request (requireContractPermission below, called by
// the one authenticator).
export { PERMISSIONS, can, type Permission } from "@atelier/contracts";

const refused = (auth: TokenClaims) => forbidden(`Your role (${auth.role}) can't do this. Ask the store owner.`);

/** The authenticator's one role check (services/auth/authenticate-caller.ts): 403 unless the caller's role may call this contract. */
export function requireContractPermission(auth: TokenClaims, contract: Pick<Contract, "id">): void {
  if (!roleMayCall(auth.role, contract.id)) throw refused(auth);
}

/**
 * Throws 403 unless the caller's role has the permission. Only for a check the contract's own
 * permission does not cover (one that depends on the input, such as cancelling in a bulk update).
 */
export function requirePermission(ctx: UserContext, permission: Permission): void {
  if (!can(ctx.auth.role, permission)) throw refused(ctx.auth);
}
