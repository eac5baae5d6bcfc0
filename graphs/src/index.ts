import type { AssistantId } from "@atelier/contracts/agent-context";
import type { CompiledStateGraph } from "@langchain/langgraph";
import type { GraphDeps, GraphLog } from "./shared/graph-deps";
import { buildCopilotGraph } from "./copilot/graph";
import { buildSourcingGraph } from "./sourcing/graph";
import { buildStorefrontChatGraph } from "./storefront-chat/graph";

export { createModelFactoryFromEnv, type ModelFactory, type ModelRole } from "./models/model-factory";
export { createScriptedModelFactory, type ScriptStep } from "./models/scripted-model";
export { OfflineChatModel } from "./models/offline-model";
export { AiSdkChatModel } from "./models/ai-sdk-chat-model";
/** LangGraph's resume command, for callers outside this package that answer an interrupt (the eval harness). */
export { Command } from "@langchain/langgraph";

export { ASSISTANT_IDS, isAssistantId, type AssistantId } from "@atelier/contracts/agent-context";

export type { GraphDeps, GraphLog };

/** A compiled Atelier graph, as the agent server drives it (state shapes differ per graph). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AtelierGraph = CompiledStateGraph<any, any, any>;

/** Builds and compiles the graph behind one assistant. */
export function buildGraph(assistantId: AssistantId, deps: GraphDeps): AtelierGraph {
  switch (assistantId) {
    case "copilot":
      return buildCopilotGraph(deps);
    case "sourcing-agent":
      return buildSourcingGraph("default", deps);
    case "tariff-rate-agent":
      return buildSourcingGraph("tariff", deps);
    case "packaging-agent":
      return buildSourcingGraph("packaging", deps);
    case "storefront-chat":
      return buildStorefrontChatGraph(deps);
  }
}
