import type { RunnableConfig } from "@langchain/core/runnables";

/** What a run knows about its caller; set by the agent server, never checkpointed. */
export type RunContext = {
  /** The end user's API token: tools call the API as this user. */
  apiToken?: string;
  /** Origin of the REST API; empty when the run did not set one (the tool's default applies). */
  apiBaseUrl: string;
  storeId?: string;
  userId?: string;
  /** The browser's anonymous creator id, for storefront visitors without an account. */
  anonymousId?: string;
  /** The screen the user is on, so "this supplier" can mean the entity shown. */
  screen?: { route: string; entityId?: string };
};

/** The key under `configurable` the agent server writes the run context to. */
export const RUN_CONTEXT_KEY = "atelier";

type RawContext = { apiToken?: string | null; apiBaseUrl?: string; storeId?: string | null; userId?: string | null; anonymousId?: string | null; screen?: Record<string, unknown> | null };

/**
 * Reads the run context. The agent server puts it in LangGraph's runtime `context` (handed to every
 * node and tool, never checkpointed); `configurable` is read as a fallback for direct invocations.
 */
export function getRunContext(config: RunnableConfig | undefined): RunContext {
  const fromContext = (config as { context?: Record<string, unknown> } | undefined)?.context?.[RUN_CONTEXT_KEY];
  const raw = (fromContext ?? config?.configurable?.[RUN_CONTEXT_KEY] ?? {}) as RawContext;
  const route = raw.screen?.route;
  const entityId = raw.screen?.entityId;
  return {
    apiToken: raw.apiToken ?? undefined,
    apiBaseUrl: raw.apiBaseUrl ?? "",
    storeId: raw.storeId ?? undefined,
    userId: raw.userId ?? undefined,
    anonymousId: raw.anonymousId ?? undefined,
    screen: typeof route === "string" ? { route, entityId: typeof entityId === "string" ? entityId : undefined } : undefined,
  };
}

/** The runtime `context` a run is invoked with (as the agent server does); for tests and in-process runs. */
export function runContextOf(context: Partial<RunContext>): Record<string, unknown> {
  return { [RUN_CONTEXT_KEY]: { apiBaseUrl: "", ...context } };
}
