import { ASSISTANT_IDS, isAssistantId, type AssistantId } from "@atelier/contracts/agent-context";
import { buildGraph, createModelFactoryFromEnv, type ModelFactory } from "@atelier/graphs";
import type { GraphSource, ServableGraph } from "./graphs";

const DESCRIPTIONS: Record<AssistantId, { name: string; description: string }> = {
  copilot: { name: "Copilot", description: "The creator's assistant over the store, plan, team, catalog and every capability." },
  "sourcing-agent": { name: "Sourcing agent", description: "Product goal, tech pack, factory matching and outreach." },
  "tariff-rate-agent": { name: "Tariff rate agent", description: "Duty rates, duty per unit and landed cost by origin and destination." },
  "packaging-agent": { name: "Packaging agent", description: "Packaging items, suppliers, materials, print details and quantities." },
  "storefront-chat": { name: "Storefront chat", description: "The visitor-facing chatbot: getting started, pricing, channels, fulfilment, support." },
};

/** The product's graphs (graphs/), with the model chosen from the environment. */
export function productGraphs(apiBaseUrl: string, modelFactory: ModelFactory = createModelFactoryFromEnv(process.env)): GraphSource {
  return {
    assistantIds: ASSISTANT_IDS,
    describe: (id) => (isAssistantId(id) ? DESCRIPTIONS[id] : { name: id, description: "" }),
    build(id, checkpointer) {
      if (!isAssistantId(id)) throw new Error(`Unknown assistant ${id}`);
      return buildGraph(id, { modelFactory, checkpointer, apiBaseUrl }) as unknown as ServableGraph;
    },
  };
}
