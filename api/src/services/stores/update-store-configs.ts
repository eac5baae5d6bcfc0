import type { BodyOf, stores } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { invalid } from "../../errors";
import { getStoreConfigs, getStorePhone, insertStoreConfigsIfMissing, updateStoreConfigs as writeStoreConfigs } from "../../queries/stores";
import { defaultConfigValues, toStoreConfigs, type StoreConfigs } from "./get-store-configs";

/** Updates the given settings; omitted keys keep their value. */
export async function updateStoreConfigs(ctx: UserContext, input: BodyOf<typeof stores.updateStoreConfigs>): Promise<StoreConfigs> {
  const storeId = ctx.auth.storeId;
  return withTransaction(ctx.pool, async (db) => {
    await insertStoreConfigsIfMissing(db, storeId, defaultConfigValues());
    // Locked so two partial updates of different keys both survive.
    const current = (await getStoreConfigs(db, storeId, true))!;
    const next = {
      timezone: input.timezone ?? current.timezone,
      weight_unit: input.weightUnit ?? current.weight_unit,
      notify_email_on_new_order: input.notifications?.emailOnNewOrder ?? current.notify_email_on_new_order,
      inbox_sms_notify: input.notifications?.inboxSmsNotify ?? current.inbox_sms_notify,
      analytics_enabled: input.features?.analytics ?? current.analytics_enabled,
      fulfillment_metrics_enabled: input.features?.fulfillmentMetrics ?? current.fulfillment_metrics_enabled,
    };
    // An SMS notice needs somewhere to go; only checked when it is being switched on.
    if (input.notifications?.inboxSmsNotify && !(await getStorePhone(db, storeId))) {
      throw invalid("body.notifications.inboxSmsNotify", "needs a phone number on the store profile first");
    }
    return toStoreConfigs(await writeStoreConfigs(db, storeId, next));
  });
}
