import type { ResponseOf } from "@atelier/contracts";
import type { auth } from "@atelier/contracts";
import type { AppDeps } from "../../context";
import type { MembershipRow, UserRow } from "../../queries/accounts";

export type Session = ResponseOf<typeof auth.login>;

/** Signs the three tokens of 000 §3 for one user in one store. */
export async function issueSession(deps: Pick<AppDeps, "tokens">, user: UserRow, membership: MembershipRow): Promise<Session> {
  const claims = { userId: user.id, storeId: membership.store_id, role: membership.role, isPreview: membership.is_preview };
  const [v1, v2User, v2Store] = await Promise.all([
    deps.tokens.sign(claims, "v1"),
    deps.tokens.sign(claims, "v2-user"),
    deps.tokens.sign(claims, "v2-store"),
  ]);
  return {
    token: v1.token,
    v2UserToken: v2User.token,
    v2StoreToken: v2Store.token,
    expiresAt: new Date(v1.exp * 1000).toISOString(),
    user: { id: user.id, email: user.email, username: user.username },
    store: { id: membership.store_id, title: membership.store_title, planType: membership.plan_type, isPreviewAccount: membership.is_preview },
    role: membership.role,
  };
}
