import type { Route } from "../http/route";

export const commonsRoutes: Route[] = [];
