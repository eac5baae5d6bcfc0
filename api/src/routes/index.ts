import type { Route } from "../http/route";
import { authRoutes } from "./auth";
import { healthRoutes } from "./health";
import { storeRoutes } from "./stores";

/** Every route of the API; one line per domain. */
export const allRoutes: Route[] = [...healthRoutes, ...authRoutes, ...storeRoutes];
