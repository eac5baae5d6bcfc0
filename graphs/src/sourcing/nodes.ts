import type { BaseMessage, ToolMessage } from "@langchain/core/messages";
import type { Json } from "../models/offline-types";
import type { RunnableConfig } from "@langchain/core/runnables";
import { getRunContext } from "@atelier/tools";
import { invokeModel, type bindTools } from "../shared/agent-loop";
import type { SourcingStateType, SourcingUpdate } from "./state";

/** The variant's model node; the review pages' fields are given to the model so it can refer to them. */
export function createCallModel(model: ReturnType<typeof bindTools>, prompt: string) {
  return async function callModel(state: SourcingStateType, config: RunnableConfig): Promise<SourcingUpdate> {
    const context = getRunContext(config);
    const facts = [
      `Conversation id (conversationSid for goals): ${config.configurable?.thread_id ?? "none"}`,
      state.techPackId ? `Current tech pack id: ${state.techPackId}` : "",
      state.matchedFactories.inNetworkIds.length ? `Matched in-network factory ids: ${state.matchedFactories.inNetworkIds.join(", ")}` : "",
      state.matchedFactories.expandedIds.length ? `Matched expanded-network ids: ${state.matchedFactories.expandedIds.join(", ")}` : "",
      state.tariffCountry ? `Origin country: ${state.tariffCountry.name} (${state.tariffCountry.code})` : "",
      state.perUnitPrice !== null ? `Per-unit price: $${state.perUnitPrice}` : "",
      state.productMoq !== null ? `MOQ: ${state.productMoq}` : "",
      state.attachments.length ? `Attachments: ${state.attachments.map((a) => a.url).join(", ")}` : "",
      context.screen ? `The user is on ${context.screen.route}${context.screen.entityId ? ` (item ${context.screen.entityId})` : ""}.` : "",
    ].filter(Boolean);
    const response = await invokeModel(model, `${prompt}\n\n${facts.join("\n")}`, state.messages, config);
    return { messages: [response] };
  };
}

function parse(message: ToolMessage): Json {
  try {
    return JSON.parse(typeof message.content === "string" ? message.content : "");
  } catch {
    return undefined;
  }
}

/** The tool results since the model's last call, keyed by tool name. */
function latestResults(messages: BaseMessage[]): { name: string; value: Json }[] {
  const out: { name: string; value: Json }[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i]?.getType() === "tool"; i--) {
    const m = messages[i] as ToolMessage;
    const value = parse(m);
    if (value && !value.error && !value.declined) out.unshift({ name: m.name ?? "", value });
  }
  return out;
}

const ids = (list: unknown): string[] => (Array.isArray(list) ? list.map((x) => (typeof x === "string" ? x : String((x as { id?: unknown }).id ?? ""))).filter(Boolean) : []);

/** Copies what the review pages show (matches, tariff country, price, MOQ, tech pack) from tool results into state. */
export async function recordFindings(state: SourcingStateType): Promise<SourcingUpdate> {
  const update: SourcingUpdate = {};
  for (const { name, value } of latestResults(state.messages)) {
    // A saved goal (not a validation, which carries none) is the conversation's goal; its quantity and price feed the review page.
    if ((name === "save_sourcing_goal" || name === "update_sourcing_goal" || name === "get_sourcing_goal") && value.goal) {
      update.goal = value.goal;
      if (typeof value.goal.quantity === "number") update.productMoq = value.goal.quantity;
      if (typeof value.goal.targetUnitPrice === "number") update.perUnitPrice = value.goal.targetUnitPrice;
    }
    if ((name === "create_tech_pack" || name === "update_tech_pack") && value.id) {
      update.techPackId = String(value.id);
      update.reviewForm = value;
    }
    if (name === "match_factories") {
      update.matchedFactories = { inNetworkIds: ids(value.inNetworkIds ?? value.inNetwork), expandedIds: ids(value.expandedIds ?? value.expandedNetwork ?? value.expanded) };
    }
    if (name === "get_country_tariff") {
      const code = value.originCountry?.code ?? value.originCountryCode ?? value.originCountry;
      if (typeof code === "string") update.tariffCountry = { code, name: value.originCountry?.name ?? value.originCountryName ?? code };
      if (typeof value.perUnitPrice === "number") update.perUnitPrice = value.perUnitPrice;
      if (typeof value.quantity === "number") update.productMoq = value.quantity;
    }
  }
  return update;
}
