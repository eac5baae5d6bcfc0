import { matchPath } from "react-router";
import type { AppEnvironment, FeatureFlag } from "../app/env";
import { ROUTES, type RouteEntry } from "./route-table";

export type GuardContext = {
  loggedIn: boolean;
  hasV2Token: boolean;
  /** Known once the store record is loaded; null before. */
  planPaused: boolean | null;
  environment: AppEnvironment;
  flags: Set<FeatureFlag>;
};

export type GuardDecision = { kind: "allow" } | { kind: "redirect"; to: string };

/** The login page with the prior path (and its query) encoded in `path` (000 §2.5). */
export function loginRedirect(pathname: string, search: string): string {
  return `/login?path=${encodeURIComponent(pathname + search)}`;
}

/** What happens when this route is opened in this state. */
export function decideRoute(route: RouteEntry, ctx: GuardContext, pathname: string, search: string): GuardDecision {
  if (route.access === "playground") return ctx.environment === "production" ? { kind: "redirect", to: "/404" } : { kind: "allow" };
  if (route.flag && !ctx.flags.has(route.flag)) return { kind: "redirect", to: "/404" };
  if (route.access === "public") return { kind: "allow" };
  if (!ctx.loggedIn) return { kind: "redirect", to: loginRedirect(pathname, search) };
  if (route.access === "v2" && !ctx.hasV2Token) return { kind: "redirect", to: loginRedirect(pathname, search) };
  // A paused plan leaves only the always-reachable screens until the plan is resumed.
  if (ctx.planPaused && !route.alwaysReachable) return { kind: "redirect", to: "/account-info?open=manage_plan" };
  return { kind: "allow" };
}

const publicPatterns = ROUTES.filter((r) => r.access === "public" || r.access === "playground").map((r) => r.path);

/** Whether a path opens without login: a forced logout stays on it instead of going to /login. */
export function isPublicPath(pathname: string): boolean {
  return publicPatterns.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** The route entry a path matches, if any. */
export function findRoute(pathname: string): RouteEntry | undefined {
  return ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname) !== null);
}

/**
 * What /login does for this visitor: shows the form, or sends someone already logged in where the
 * login would have. A session without the version-2 token stays on the form when the page it is
 * going to needs that token: only logging in issues it, and going on would bounce straight back.
 */
export function decideLogin(ctx: Pick<GuardContext, "loggedIn" | "hasV2Token">, search: string): GuardDecision {
  if (!ctx.loggedIn) return { kind: "allow" };
  const to = afterLoginPath(search);
  const target = findRoute(to.split(/[?#]/)[0] ?? to);
  if (target?.access === "v2" && !ctx.hasV2Token) return { kind: "allow" };
  return { kind: "redirect", to };
}

/** Where the login page sends the user afterwards: `path` when it is a same-site path, else /homebase. */
export function afterLoginPath(search: string): string {
  const path = new URLSearchParams(search).get("path");
  if (!path || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/login")) return "/homebase";
  return path;
}
