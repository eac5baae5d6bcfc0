import { START, StateGraph } from "@langchain/langgraph";
import type { GraphDeps } from "../shared/graph-deps";
import { bindTools, buildGraphTools, createToolNode, routeAfterModel } from "../shared/agent-loop";
import { createCallModel, recordFindings } from "./nodes";
import { EVENT_ITEM_TYPES, SourcingState, type SourcingStateType, type SourcingVariant } from "./state";
import { VARIANTS } from "./variants";

const ROLE = { default: "sourcing-agent", tariff: "tariff-rate-agent", packaging: "packaging-agent" } as const;

/** One sourcing graph, three variants: a variant holds only its prompt and tool subset. */
export function buildSourcingGraph(variant: SourcingVariant, deps: GraphDeps) {
  const config = VARIANTS[variant];
  const tools = buildGraphTools(deps, config.tools);
  const model = bindTools(deps.modelFactory.create(ROLE[variant]), tools);
  const eventItemType = EVENT_ITEM_TYPES[variant];
  return new StateGraph(SourcingState)
    .addNode("setVariant", async function setVariant(state: SourcingStateType) {
      return state.eventItemType === eventItemType ? {} : { eventItemType };
    })
    .addNode("callModel", createCallModel(model, config.prompt))
    .addNode("tools", createToolNode(tools, ROLE[variant], deps.log))
    .addNode("recordFindings", recordFindings)
    .addEdge(START, "setVariant")
    .addEdge("setVariant", "callModel")
    .addConditionalEdges("callModel", routeAfterModel, ["tools", "__end__"])
    .addEdge("tools", "recordFindings")
    .addEdge("recordFindings", "callModel")
    .compile({ checkpointer: deps.checkpointer, name: ROLE[variant] });
}
