import type { PlanType } from "@atelier/contracts";
import type { Queryable } from "../../db/pool";
import type { TokenClaims } from "../../auth/tokens";
import { getMembership } from "../../queries/accounts";
import { isSupplierMember } from "../../queries/inbox/supplier-members";
import type { SessionCache, SessionKey } from "./session-cache";

/** What a removed or demoted member's old token is told (docs/security.md, item 5). */
export const NO_LONGER_MEMBER = "You are no longer a member of this store. Log in again to continue.";

/**
 * A verified token's claims as the store's membership stands now. A token carries the role it was
 * signed with for hours; the membership row is read on every request (one indexed lookup), or
 * taken from `sessions`, which drops it when the row changes (migration 0490), so a removed member
 * is refused and a demoted one has the new role from their next request on.
 * Null when the user is no longer a member (or the store is gone).
 */
export async function currentSession(db: Queryable, claims: TokenClaims, sessions?: SessionCache): Promise<{ claims: TokenClaims; plan: PlanType | null } | null> {
  const read = <T>(kind: SessionKey["kind"], scopeId: string, load: () => Promise<T | null>) =>
    sessions ? sessions.read({ kind, userId: claims.userId, scopeId }, load) : load();
  // A supplier member's session belongs to no store (no plan): it lasts while they are the supplier's member.
  if (claims.type === "supplier") {
    const supplierId = claims.supplierId;
    if (!supplierId) return null;
    const member = await read("supplier", supplierId, async () => ((await isSupplierMember(db, claims.userId, supplierId)) ? true : null));
    return member ? { claims, plan: null } : null;
  }
  const membership = await read("store", claims.storeId, () => getMembership(db, claims.userId, claims.storeId));
  if (!membership) return null;
  // A preview session stays one until it ends; a store that became a preview store restricts at once.
  const isPreview = claims.isPreview || membership.is_preview;
  const same = membership.role === claims.role && isPreview === claims.isPreview;
  return { claims: same ? claims : { ...claims, role: membership.role, isPreview }, plan: membership.plan_type };
}
