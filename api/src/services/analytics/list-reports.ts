import { analytics, type ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { getStoreConfigs } from "../stores/get-store-configs";
import { reportOpen } from "./analytics-access";

/** The reports the store's flags open (none when analytics is off), with the store's time zone. */
export async function listReports(ctx: UserContext): Promise<ResponseOf<typeof analytics.listReports>> {
  const configs = await getStoreConfigs(ctx);
  return { reports: analytics.REPORTS.filter((r) => reportOpen(r, configs.features)), timezone: configs.timezone };
}
