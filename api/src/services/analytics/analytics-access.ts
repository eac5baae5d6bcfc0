import { analytics, type stores as storesContracts, type ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { AppError, forbidden } from "../../errors";
import { getStoreConfigs } from "../stores/get-store-configs";

type Configs = ResponseOf<typeof storesContracts.getStoreConfigs>;

/** Whether the store's flags open a report: analytics for all of them, fulfilment metrics on top for its own. */
export function reportOpen(def: analytics.ReportDef, features: Configs["features"]): boolean {
  return features.analytics && (def.flag !== "fulfillmentMetrics" || features.fulfillmentMetrics);
}

/** The report's definition and the store's time zone; 403 with a sentence when the store's flag is off. */
export async function openReport(ctx: UserContext, reportId: string): Promise<{ def: analytics.ReportDef; timezone: string }> {
  const def = analytics.findReport(reportId);
  if (!def) throw new AppError("NOT_FOUND", "There is no such report.");
  const configs = await getStoreConfigs(ctx);
  if (!configs.features.analytics) throw forbidden("Analytics is turned off for this store. An owner or admin can turn it on in the store settings.");
  if (!reportOpen(def, configs.features)) throw forbidden("Fulfillment metrics are turned off for this store. An owner or admin can turn them on in the store settings.");
  return { def, timezone: configs.timezone };
}
