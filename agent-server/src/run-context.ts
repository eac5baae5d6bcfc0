import { RUN_CONTEXT_KEY, type RunContext } from "@atelier/contracts/agent-context";

/** The runtime context object the server passes to graph.stream (client context keys kept, ours win). */
export function buildRuntimeContext(clientContext: Record<string, unknown> | undefined, run: RunContext): Record<string, unknown> {
  return { ...clientContext, [RUN_CONTEXT_KEY]: run };
}
