import { isSubscriptionActive, isSubscriptionPaused, type ResponseOf, type stores } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { unauthorized } from "../../errors";
import { getStoreRecord, type StoreRecordRow } from "../../queries/stores";

export type StoreRecord = ResponseOf<typeof stores.getMyStore>;

export async function getMyStore(ctx: UserContext): Promise<StoreRecord> {
  const row = await getStoreRecord(ctx.pool, ctx.auth.storeId, ctx.auth.userId);
  if (!row) throw unauthorized("This account no longer has access to the store.");
  return toStoreRecord(row);
}

export function toStoreRecord(row: StoreRecordRow): StoreRecord {
  return {
    id: row.id,
    title: row.title,
    planType: row.plan_type,
    blueprintSubscriptionId: row.blueprint_subscription_id,
    blueprintSubscriptionStatus: row.blueprint_subscription_status,
    blueprintSubscriptionBehavior: row.blueprint_subscription_behavior,
    blueprintSubscriptionResumesAt: row.blueprint_subscription_resumes_at,
    blueprintSubscriptionPausedAt: row.blueprint_subscription_paused_at,
    isBlueprintActive: isSubscriptionActive(row.blueprint_subscription_status),
    isBlueprintPaused: isSubscriptionPaused(row.blueprint_subscription_status, row.blueprint_subscription_paused_at),
    isPreviewAccount: row.is_preview,
    accountType: row.account_type,
    workStyle: row.work_style,
    externalFields: row.external_fields,
    authCredential: { name: row.email },
    user: { id: row.user_id, username: row.username, email: row.email },
    role: row.role,
    createdAt: row.created_at,
  };
}

