import type { Route } from "../http/route";

export const paymentsRoutes: Route[] = [];
