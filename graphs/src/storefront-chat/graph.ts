import { START, StateGraph } from "@langchain/langgraph";
import type { GraphDeps } from "../shared/graph-deps";
import { bindTools, buildGraphTools, createToolNode, routeAfterModel } from "../shared/agent-loop";
import { createCallModel, tagContent } from "./nodes";
import { StorefrontChatState } from "./state";

/** Public reads only: the chatbot serves anonymous visitors, so every tool works without a token. */
export const STOREFRONT_TOOLS = ["search_help_centre", "get_business_settings", "search_public_suppliers", "search_public_catalog_items"] as const;

/** The visitor-facing chatbot: model ⇄ tools, then the answer is tagged with its content type. */
export function buildStorefrontChatGraph(deps: GraphDeps) {
  const tools = buildGraphTools(deps, STOREFRONT_TOOLS);
  const model = bindTools(deps.modelFactory.create("storefront-chat"), tools);
  return new StateGraph(StorefrontChatState)
    .addNode("callModel", createCallModel(model))
    .addNode("tools", createToolNode(tools, "storefront-chat", deps.log))
    .addNode("tagContent", tagContent)
    .addEdge(START, "callModel")
    .addConditionalEdges("callModel", (s) => (routeAfterModel(s) === "tools" ? "tools" : "tagContent"), ["tools", "tagContent"])
    .addEdge("tools", "callModel")
    .addEdge("tagContent", "__end__")
    .compile({ checkpointer: deps.checkpointer, name: "storefront-chat" });
}
