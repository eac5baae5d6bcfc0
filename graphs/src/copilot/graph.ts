import { START, StateGraph } from "@langchain/langgraph";
import { TOOL_SPECS, type ToolName } from "@atelier/tools";
import type { GraphDeps } from "../shared/graph-deps";
import { bindTools, buildGraphTools, createToolNode, routeAfterModel } from "../shared/agent-loop";
import { createCallModel } from "./nodes";
import { CopilotState } from "./state";

/** Every tool that exists but the agent-only variants: the copilot is the assistant over the whole API. */
export const COPILOT_TOOLS: ToolName[] = TOOL_SPECS.filter((s) => !s.agentOnly).map((s) => s.name);

/** The copilot: model ⇄ tools until the model answers. */
export function buildCopilotGraph(deps: GraphDeps) {
  const tools = buildGraphTools(deps, COPILOT_TOOLS);
  const model = bindTools(deps.modelFactory.create("copilot"), tools);
  return new StateGraph(CopilotState)
    .addNode("callModel", createCallModel(model))
    .addNode("tools", createToolNode(tools, "copilot", deps.log))
    .addEdge(START, "callModel")
    .addConditionalEdges("callModel", routeAfterModel, ["tools", "__end__"])
    .addEdge("tools", "callModel")
    .compile({ checkpointer: deps.checkpointer, name: "copilot" });
}
