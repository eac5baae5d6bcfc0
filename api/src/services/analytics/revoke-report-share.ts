import type { analytics, ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { AppError } from "../../errors";
import { revokeShare } from "../../queries/analytics/shares";
import { toShareDto } from "./share-dto";

/** Revokes one of the store's links at once; another store's link is 404, as if it didn't exist. */
export async function revokeReportShare(ctx: UserContext, shareId: string): Promise<ResponseOf<typeof analytics.revokeReportShare>> {
  const row = await revokeShare(ctx.pool, ctx.auth.storeId, shareId);
  if (!row) throw new AppError("NOT_FOUND", "There is no such report link.");
  return toShareDto(row);
}
