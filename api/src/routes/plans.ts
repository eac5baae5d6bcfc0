import type { Route } from "../http/route";

export const plansRoutes: Route[] = [];
