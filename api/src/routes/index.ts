import type { Route } from "../http/route";
import { authRoutes } from "./auth";
import { commonsRoutes } from "./commons";
import { healthRoutes } from "./health";
import { helpCenterRoutes } from "./help-center";
import { inboxRoutes } from "./inbox";
import { inventoryRoutes } from "./inventory";
import { marketplaceRoutes } from "./marketplace";
import { jobsRoutes } from "./jobs";
import { ordersRoutes } from "./orders";
import { orderRulesRoutes } from "./order-rules";
import { paymentsRoutes } from "./payments";
import { plansRoutes } from "./plans";
import { projectsRoutes } from "./projects";
import { purchasingRoutes } from "./purchasing";
import { sourcingAgentRoutes } from "./sourcing-agent";
import { storeRoutes } from "./stores";
import { storeStatsRoutes } from "./store-stats";
import { teamRoutes } from "./team";
import { uploadsRoutes } from "./uploads";

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
  ...helpCenterRoutes,
  ...purchasingRoutes,
  ...projectsRoutes,
  ...uploadsRoutes,
  ...marketplaceRoutes,
  ...jobsRoutes,
  ...ordersRoutes,
  ...inboxRoutes,
  ...inventoryRoutes,
  ...orderRulesRoutes,
];
