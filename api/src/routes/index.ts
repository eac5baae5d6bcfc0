import type { Route } from "../http/route";
import { authRoutes } from "./auth";
import { catalogRoutes } from "./marketplace";
import { commonsRoutes } from "./commons";
import { healthRoutes } from "./health";
import { paymentsRoutes } from "./payments";
import { plansRoutes } from "./plans";
import { projectsRoutes } from "./projects";
import { purchasingRoutes } from "./purchasing";
import { sourcingAgentRoutes } from "./sourcing-agent";
import { storeRoutes } from "./stores";
import { storeStatsRoutes } from "./store-stats";
import { teamRoutes } from "./team";

/** Every route of the API; one line per domain. */
export const allRoutes: Route[] = [
  ...healthRoutes,
  ...authRoutes,
  ...storeRoutes,
  ...storeStatsRoutes,
  ...plansRoutes,
  ...paymentsRoutes,
  ...teamRoutes,
  ...commonsRoutes,
  ...sourcingAgentRoutes,
  ...purchasingRoutes,
  ...projectsRoutes,
  ...catalogRoutes,
];
