import type { Route } from "../http/route";

export const teamRoutes: Route[] = [];
