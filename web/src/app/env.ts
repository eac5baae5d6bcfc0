/** Deployment environments, chosen by hostname (000 §9). */
export type AppEnvironment = "local" | "dev" | "staging" | "production";

/** The environment a hostname belongs to; an explicit build-time value wins. */
export function environmentOf(hostname: string, override?: string): AppEnvironment {
  if (override === "local" || override === "dev" || override === "staging" || override === "production") return override;
  if (hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]" || hostname.endsWith(".localhost")) return "local";
  if (hostname.startsWith("dev.") || hostname.includes(".dev.")) return "dev";
  if (hostname.startsWith("staging.") || hostname.includes(".staging.")) return "staging";
  return "production";
}

/** Feature flags, driven by configuration keys (000 §6): a comma list in VITE_ATELIER_FLAGS. */
export type FeatureFlag = "analytics" | "fulfillment-metrics" | "financial-report";

export function parseFlags(raw: string | undefined): Set<FeatureFlag> {
  const known: FeatureFlag[] = ["analytics", "fulfillment-metrics", "financial-report"];
  return new Set((raw ?? "").split(",").map((s) => s.trim()).filter((s): s is FeatureFlag => (known as string[]).includes(s)));
}

/**
 * The agent server: VITE_AGENT_URL when built with one, otherwise /agent-api on the page's own
 * origin, which the API process (and the Vite dev server) forwards to the agent server.
 */
export function agentUrlFor(location: { origin: string }, configured?: string): string {
  if (configured) return configured.replace(/\/+$/, "");
  return `${location.origin}/agent-api`;
}

export type RuntimeEnv = { environment: AppEnvironment; flags: Set<FeatureFlag>; agentUrl: string; googleClientId: string | undefined };

/** Read once at start from the page's location and the build's VITE_ values. */
export function readRuntimeEnv(): RuntimeEnv {
  const env = import.meta.env;
  return {
    environment: environmentOf(window.location.hostname, env.VITE_ATELIER_ENV as string | undefined),
    flags: parseFlags(env.VITE_ATELIER_FLAGS as string | undefined),
    agentUrl: agentUrlFor(window.location, env.VITE_AGENT_URL as string | undefined),
    googleClientId: (env.VITE_GOOGLE_CLIENT_ID as string | undefined) || undefined,
  };
}
