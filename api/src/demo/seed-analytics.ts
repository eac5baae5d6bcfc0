import type { Queryable } from "../db/pool";
import { insertStoreConfigsIfMissing } from "../queries/stores";
import { defaultConfigValues } from "../services/stores/get-store-configs";

/**
 * The demo stores show their numbers: analytics and fulfilment metrics on (issue 20). The customer
 * rollup needs nothing here: the order triggers keep it as the seed inserts orders.
 */
export async function enableDemoAnalytics(db: Queryable, storeId: string): Promise<void> {
  await insertStoreConfigsIfMissing(db, storeId, { ...defaultConfigValues(), analytics_enabled: true, fulfillment_metrics_enabled: true });
}
