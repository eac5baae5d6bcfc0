import { analytics, type BodyOf, type ResponseOf } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { verifyPassword } from "../../auth/passwords";
import { findShareByToken } from "../../queries/analytics/shares";
import { findStoreTitle, getStoreConfigs as selectStoreConfigs } from "../../queries/stores";
import { computeReport, resolveParams } from "./compute-report";

type Answer = ResponseOf<typeof analytics.openSharedReport>;
const closed = (state: Answer["state"], title: string | null = null): Answer => ({ state, title, storeName: null, mode: null, result: null });

/**
 * A public report link, opened by anyone holding it. Only this link's report with its stored
 * parameters is computed: the visitor chooses nothing, so nothing else of the store is reachable.
 * An unknown token answers like a revoked one, so guessing tokens learns nothing.
 */
export async function openSharedReport(ctx: RequestContext, token: string, body: BodyOf<typeof analytics.openSharedReport>): Promise<Answer> {
  const share = await findShareByToken(ctx.pool, token);
  if (!share) return closed("REVOKED");
  if (share.revoked_at) return closed("REVOKED", share.title);
  if (share.expires_at && share.expires_at.getTime() <= Date.now()) return closed("EXPIRED", share.title);
  if (share.password_hash) {
    if (!body.password) return closed("PASSWORD_REQUIRED", share.title);
    if (!(await verifyPassword(share.password_hash, body.password))) return closed("WRONG_PASSWORD", share.title);
  }
  const storeName = await findStoreTitle(ctx.pool, share.store_id);
  if (share.mode === "SNAPSHOT") {
    return { state: "OK", title: share.title, storeName, mode: share.mode, result: analytics.reportResultSchema.parse(share.snapshot) };
  }
  const def = analytics.findReport(share.report_id);
  const configs = await selectStoreConfigs(ctx.pool, share.store_id);
  if (!def) return closed("REVOKED", share.title);
  const params = analytics.reportParamsSchema.parse(share.params);
  const result = await computeReport(ctx.pool, share.store_id, def, resolveParams(params, configs?.timezone ?? "UTC", new Date()));
  return { state: "OK", title: share.title, storeName, mode: share.mode, result };
}
