import { ASSISTANT_IDS, isAssistantId, type AssistantId } from "@atelier/contracts/agent-context";
import type { Logger } from "pino";
import { buildGraph, createModelFactoryFromEnv, type GraphLog, type ModelFactory } from "@atelier/graphs";
import type { GraphSource, ServableGraph } from "./graphs";

const DESCRIPTIONS: Record<AssistantId, { name: string; description: string }> = {
  copilot: { name: "Copilot", description: "The creator's assistant over the store, plan, team, catalog and every capability." },
  "sourcing-agent": { name: "Sourcing agent", description: "Product goal, tech pack, factory matching and outreach." },
  "tariff-rate-agent": { name: "Tariff rate agent", description: "Duty rates, duty per unit and landed cost by origin and destination." },
  "packaging-agent": { name: "Packaging agent", description: "Packaging items, suppliers, materials, print details and quantities." },
  "storefront-chat": { name: "Storefront chat", description: "The visitor-facing chatbot: getting started, pricing, channels, fulfilment, support." },
};

/** A graph's log line as one of the server's warnings, so it carries the service name and level like every other line. */
export function graphLogOf(log: Logger): GraphLog {
  return (message, fields) => log.warn(fields, message);
}

/** The product's graphs (graphs/), with the model chosen from the environment. */
export function productGraphs(apiBaseUrl: string, modelFactory: ModelFactory = createModelFactoryFromEnv(process.env)): GraphSource {
  return {
    assistantIds: ASSISTANT_IDS,
    describe: (id) => (isAssistantId(id) ? DESCRIPTIONS[id] : { name: id, description: "" }),
    build(id, checkpointer, log) {
      if (!isAssistantId(id)) throw new Error(`Unknown assistant ${id}`);
      return buildGraph(id, { modelFactory, checkpointer, apiBaseUrl, log: log && graphLogOf(log) }) as unknown as ServableGraph;
    },
  };
}
