import { START, StateGraph } from "@langchain/langgraph";
import { TOOL_SPECS, type ToolName } from "@atelier/tools";
import type { GraphDeps } from "../shared/graph-deps";
import { buildGraphTools, createToolNode, routeAfterModel } from "../shared/agent-loop";
import { createCallModel } from "./nodes";
import { CopilotState } from "./state";
import { createFindToolsTool } from "./toolsets";

/** Every tool that exists but the agent-only variants: the copilot is the assistant over the whole API. */
export const COPILOT_TOOLS: ToolName[] = TOOL_SPECS.filter((s) => !s.agentOnly).map((s) => s.name);

/**
 * The copilot: model ⇄ tools until the model answers. The tool node runs any copilot tool; a
 * language model is sent only the toolset of the screen (see toolsets.ts). The built-in offline
 * and scripted models see every tool: they cost nothing per definition and match intents by them.
 */
export function buildCopilotGraph(deps: GraphDeps) {
  const apiTools = buildGraphTools(deps, COPILOT_TOOLS);
  const tools = [...apiTools, createFindToolsTool(apiTools)];
  const callModel = createCallModel(deps.modelFactory.create("copilot"), tools, { toolsets: deps.modelFactory.kind === "openai" });
  return new StateGraph(CopilotState)
    .addNode("callModel", callModel)
    .addNode("tools", createToolNode(tools, "copilot", deps.log))
    .addEdge(START, "callModel")
    .addConditionalEdges("callModel", routeAfterModel, ["tools", "__end__"])
    .addEdge("tools", "callModel")
    .compile({ checkpointer: deps.checkpointer, name: "copilot" });
}
