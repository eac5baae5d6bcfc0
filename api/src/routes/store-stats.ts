import type { Route } from "../http/route";

export const storeStatsRoutes: Route[] = [];
