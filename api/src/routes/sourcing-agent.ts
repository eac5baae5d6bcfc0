import type { Route } from "../http/route";

export const sourcingAgentRoutes: Route[] = [];
