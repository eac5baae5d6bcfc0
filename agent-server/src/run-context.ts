import type { RunnableConfig } from "@langchain/core/runnables";

/** What a screen tells the agent about where the user is (route, selected ids, form values). */
export type ScreenContext = Record<string, unknown>;

/**
 * Per-run facts the tools need: who is asking (their API token), where the API is, and the
 * screen they ask from. It travels in LangGraph's runtime `context`, which is handed to every
 * node and tool of the run but never written to a checkpoint, unlike `configurable`.
 */
export type RunContext = {
  /** The caller's bearer token for the REST API; null for anonymous storefront visitors. */
  apiToken: string | null;
  apiBaseUrl: string;
  storeId: string | null;
  userId: string | null;
  anonymousId: string | null;
  screen: ScreenContext | null;
};

export const RUN_CONTEXT_KEY = "atelier";

/** The run context of the current run: the one function tools call to get the token and screen. */
export function getRunContext(config: RunnableConfig | undefined): RunContext {
  const context = (config as { context?: Record<string, unknown> } | undefined)?.context;
  const value = context?.[RUN_CONTEXT_KEY] as RunContext | undefined;
  if (!value) throw new Error("This tool runs only inside an agent-server run: the run context (token, API address) is missing.");
  return value;
}

/** The runtime context object the server passes to graph.stream (client context keys kept, ours win). */
export function buildRuntimeContext(clientContext: Record<string, unknown> | undefined, run: RunContext): Record<string, unknown> {
  return { ...clientContext, [RUN_CONTEXT_KEY]: run };
}
