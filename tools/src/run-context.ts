import type { RunnableConfig } from "@langchain/core/runnables";
import { buildRunContext, RUN_CONTEXT_KEY, type RunContext } from "@atelier/contracts/agent-context";

export { RUN_CONTEXT_KEY, type RunContext } from "@atelier/contracts/agent-context";

/**
 * Reads the run context. The agent server puts it in LangGraph's runtime `context` (handed to every
 * node and tool, never checkpointed), already parsed at its edge; `configurable` is read as a
 * fallback for direct invocations. Fields a caller left out are null.
 */
export function getRunContext(config: RunnableConfig | undefined): RunContext {
  const fromContext = (config as { context?: Record<string, unknown> } | undefined)?.context?.[RUN_CONTEXT_KEY];
  return buildRunContext((fromContext ?? config?.configurable?.[RUN_CONTEXT_KEY] ?? {}) as Partial<RunContext>);
}

/** The runtime `context` a run is invoked with (as the agent server does); for tests and in-process runs. */
export function runContextOf(context: Partial<RunContext>): Record<string, unknown> {
  return { [RUN_CONTEXT_KEY]: buildRunContext(context) };
}
