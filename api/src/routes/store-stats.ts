import { storeStats } from "@atelier/contracts";
import type { Route } from "../http/route";
import { route } from "../http/route";
import { getStoreHasPurchasedSamples } from "../services/store-stats/get-store-has-purchased-samples";
import { getStoreSalesStats } from "../services/store-stats/get-store-sales-stats";

export const storeStatsRoutes: Route[] = [
  route(storeStats.getStoreSalesStats, ({ ctx }) => getStoreSalesStats(ctx)),
  route(storeStats.getStoreHasPurchasedSamples, ({ ctx }) => getStoreHasPurchasedSamples(ctx)),
];
