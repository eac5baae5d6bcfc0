import type { Queryable } from "../db/pool";
import { insertStoreConfigsIfMissing } from "../queries/stores";
import { defaultConfigValues } from "../services/stores/get-store-configs";
import { foldChangedOrders } from "../queries/analytics/fold-changes";

/**
 * The demo stores show their numbers: analytics and fulfilment metrics on (issue 20). The order
 * triggers only note the seeded orders (migration 0420); they are folded into the rollups here, so
 * the first report opened on a demo store does not fold thousands of orders while the user waits.
 */
export async function enableDemoAnalytics(db: Queryable, storeId: string): Promise<void> {
  await insertStoreConfigsIfMissing(db, storeId, { ...defaultConfigValues(), analytics_enabled: true, fulfillment_metrics_enabled: true });
  await foldChangedOrders(db, storeId);
}
