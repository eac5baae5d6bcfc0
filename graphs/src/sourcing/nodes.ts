import type { BaseMessage, ToolMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { getRunContext, toolResponse } from "@atelier/tools";
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
      context.screen ? `The user is on ${context.screen.route}${context.screen.entity ? ` (${context.screen.entity.type.replace(/_/g, " ")} ${context.screen.entity.id})` : ""}.` : "",
    ].filter(Boolean);
    const response = await invokeModel(model, `${prompt}\n\n${facts.join("\n")}`, state.messages, config);
    return { messages: [response] };
  };
}

/** The tool messages since the model's last call, oldest first. */
function latestToolMessages(messages: BaseMessage[]): ToolMessage[] {
  const out: ToolMessage[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i]?.getType() === "tool"; i--) out.unshift(messages[i] as ToolMessage);
  return out;
}

/** Copies what the review pages show (matches, tariff country, price, MOQ, tech pack) from tool results into state, read through the tools' contracts. */
export async function recordFindings(state: SourcingStateType): Promise<SourcingUpdate> {
  const update: SourcingUpdate = {};
  for (const message of latestToolMessages(state.messages)) {
    const name = message.name ?? "";
    const content = message.content;
    // A saved goal (not a validation, which carries none) is the conversation's goal; its quantity and price feed the review page.
    if (name === "save_sourcing_goal" || name === "update_sourcing_goal" || name === "get_sourcing_goal") {
      const saved = toolResponse(name, content);
      if (!saved) continue;
      update.goal = saved.goal;
      if (saved.goal.quantity !== null) update.productMoq = saved.goal.quantity;
      if (saved.goal.targetUnitPrice !== null) update.perUnitPrice = saved.goal.targetUnitPrice;
    }
    if (name === "create_tech_pack" || name === "update_tech_pack") {
      const techPack = toolResponse(name, content);
      if (!techPack) continue;
      update.techPackId = techPack.id;
      update.reviewForm = techPack;
    }
    if (name === "match_factories") {
      const matched = toolResponse(name, content);
      if (matched) update.matchedFactories = { inNetworkIds: matched.inNetworkIds, expandedIds: matched.expandedIds };
    }
    if (name === "get_country_tariff") {
      const tariff = toolResponse(name, content);
      if (!tariff) continue;
      update.tariffCountry = { code: tariff.originCountry.code, name: tariff.originCountry.name };
      if (tariff.perUnitPrice !== null) update.perUnitPrice = tariff.perUnitPrice;
      update.productMoq = tariff.quantity;
    }
  }
  return update;
}
