import type { ReturnSettings } from "@atelier/contracts/returns";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { previewBlocked } from "../../errors";
import * as settings from "../../queries/returns/settings";

// Manage Returns (000 §2.5, §6): the store's return policy. Preview accounts may not even read it,
// as the spec blocks the whole screen for them.

export async function getReturnSettings(ctx: UserContext): Promise<ReturnSettings> {
  requirePermission(ctx, "orders.manage");
  if (ctx.auth.isPreview) throw previewBlocked();
  return settings.getSettings(ctx.pool, ctx.auth.storeId);
}

export async function updateReturnSettings(ctx: UserContext, body: ReturnSettings): Promise<ReturnSettings> {
  requirePermission(ctx, "store.settings.write");
  return settings.saveSettings(ctx.pool, ctx.auth.storeId, body);
}
