import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Logger } from "pino";

/** The part of a compiled LangGraph graph the server uses (any copy of @langchain/langgraph). */
export type ServableGraph = {
  stream(input: unknown, options: Record<string, unknown>): Promise<AsyncIterable<unknown>>;
  getState(config: RunnableConfig): Promise<StateSnapshotLike>;
  getStateHistory(config: RunnableConfig, options?: { limit?: number; before?: RunnableConfig; filter?: Record<string, unknown> }): AsyncIterableIterator<StateSnapshotLike>;
  updateState(config: RunnableConfig, values: unknown, asNode?: string): Promise<RunnableConfig>;
};

export type StateSnapshotLike = {
  values: unknown;
  next: string[];
  config: RunnableConfig;
  metadata?: Record<string, unknown>;
  createdAt?: string;
  parentConfig?: RunnableConfig;
  tasks: { id: string; name: string; error?: unknown; interrupts?: unknown[]; result?: unknown }[];
};

/** Which graphs the server serves and how to build each one on the shared checkpointer. */
export type GraphSource = {
  assistantIds: readonly string[];
  /** A name and description per assistant, for /assistants. */
  describe?(assistantId: string): { name: string; description: string };
  /** `log` is the server's logger: what a graph tells operators (a call of a tool it lacks) goes there. */
  build(assistantId: string, checkpointer: BaseCheckpointSaver, log?: Logger): ServableGraph;
};

/** Builds each graph once, on first use. */
export function createGraphRegistry(source: GraphSource, checkpointer: BaseCheckpointSaver, log?: Logger) {
  const built = new Map<string, ServableGraph>();
  return {
    ids: source.assistantIds,
    has: (id: string) => source.assistantIds.includes(id),
    describe: (id: string) => source.describe?.(id) ?? { name: id, description: "" },
    get(id: string): ServableGraph {
      let graph = built.get(id);
      if (!graph) {
        graph = source.build(id, checkpointer, log);
        built.set(id, graph);
      }
      return graph;
    },
  };
}

export type GraphRegistry = ReturnType<typeof createGraphRegistry>;
