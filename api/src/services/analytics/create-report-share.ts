import { randomBytes } from "node:crypto";
import type { analytics, BodyOf, ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { hashPassword } from "../../auth/passwords";
import { AppError } from "../../errors";
import { insertShare } from "../../queries/analytics/shares";
import { openReport } from "./analytics-access";
import { computeReport, resolveParams } from "./compute-report";
import { toShareDto } from "./share-dto";

/**
 * A public link to one report. A snapshot freezes the result now; a live link keeps the parameters
 * without an as-of moment, so each visit reads the data as of that visit. The token is 24 random
 * bytes: the link itself is the secret, and a password (hashed with argon2id) can guard it further.
 */
export async function createReportShare(ctx: UserContext, body: BodyOf<typeof analytics.createReportShare>): Promise<ResponseOf<typeof analytics.createReportShare>> {
  const { def, timezone } = await openReport(ctx, body.reportId);
  const now = new Date();
  if (body.expiresAt && Date.parse(body.expiresAt) <= now.getTime()) {
    throw new AppError("VALIDATION_FAILED", "The link would already have expired.", [{ field: "body.expiresAt", reason: "must be in the future" }]);
  }
  const resolved = resolveParams(body.params, timezone, now);
  const snapshot = body.mode === "SNAPSHOT" ? await computeReport(ctx.pool, ctx.auth.storeId, def, resolved) : null;
  const params = body.mode === "LIVE" ? { ...body.params, asOf: undefined } : resolved;
  const row = await insertShare(ctx.pool, {
    storeId: ctx.auth.storeId, token: randomBytes(24).toString("base64url"), reportId: def.id, title: def.title, params, mode: body.mode, snapshot,
    passwordHash: body.password ? await hashPassword(body.password) : null, expiresAt: body.expiresAt ?? null, createdBy: ctx.auth.userId,
  });
  return toShareDto(row);
}
