import { stores, type ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { getStoreConfigs as selectStoreConfigs, type StoreConfigsRow, type StoreConfigsValues } from "../../queries/stores";

export type StoreConfigs = ResponseOf<typeof stores.getStoreConfigs>;

/** The store's settings; the defaults until the first save. */
export async function getStoreConfigs(ctx: UserContext): Promise<StoreConfigs> {
  const row = await selectStoreConfigs(ctx.pool, ctx.auth.storeId);
  return row ? toStoreConfigs(row) : { ...structuredClone(stores.STORE_CONFIG_DEFAULTS), updatedAt: null };
}

export function toStoreConfigs(row: StoreConfigsRow): StoreConfigs {
  return {
    currency: "USD",
    timezone: row.timezone,
    weightUnit: row.weight_unit,
    notifications: { emailOnNewOrder: row.notify_email_on_new_order, inboxSmsNotify: row.inbox_sms_notify },
    features: { analytics: row.analytics_enabled, fulfillmentMetrics: row.fulfillment_metrics_enabled },
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The default settings as table values. */
export function defaultConfigValues(): StoreConfigsValues {
  const d = stores.STORE_CONFIG_DEFAULTS;
  return {
    timezone: d.timezone,
    weight_unit: d.weightUnit,
    notify_email_on_new_order: d.notifications.emailOnNewOrder,
    inbox_sms_notify: d.notifications.inboxSmsNotify,
    analytics_enabled: d.features.analytics,
    fulfillment_metrics_enabled: d.features.fulfillmentMetrics,
  };
}
