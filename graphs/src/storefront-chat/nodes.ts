import { AIMessage, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { isToolName, readToolResult } from "@atelier/tools";
import { invokeModel, type bindTools } from "../shared/agent-loop";
import type { ContentType, StorefrontChatStateType } from "./state";

export const STOREFRONT_PROMPT = [
  "You are Atelier's help assistant for visitors and new creators. Answer questions on getting started, pricing and plans, sales channels, fulfilment and support,",
  "and show the marketplace: search_public_suppliers for who makes something, search_public_catalog_items for products, packaging and services.",
  "Answer from the help centre, Atelier's published prices and the marketplace (use the tools); never invent prices, policies, suppliers or products. If the help centre has nothing, say so and suggest contacting support.",
  "Visitors may not be signed in: to order samples, message suppliers or save favourites they sign up for a free account.",
  "Keep answers short and friendly.",
].join("\n");

/** Which card a tool's results become in the chat widget. */
export const TOOL_CONTENT: Record<"search_public_suppliers" | "search_public_catalog_items", "supplier" | "product"> = { search_public_suppliers: "supplier", search_public_catalog_items: "product" };

/** The model node. A turn that calls tools is tagged `loading`: the widget shows its loader until the answer. */
export function createCallModel(model: ReturnType<typeof bindTools>) {
  return async function callModel(state: StorefrontChatStateType, config: RunnableConfig): Promise<Partial<StorefrontChatStateType>> {
    const response = await invokeModel(model, STOREFRONT_PROMPT, state.messages, config);
    if (response.tool_calls?.length) response.additional_kwargs = { ...response.additional_kwargs, contentType: "loading" satisfies ContentType };
    return { messages: [response] };
  };
}

/** A tool message read through its tool's contract: how many cards it found, and whether it failed. */
function outcomeOf(message: ToolMessage): { content?: "supplier" | "product"; found: number; failed: boolean } {
  const name = message.name ?? "";
  const failed = message.status === "error";
  if (name !== "search_public_suppliers" && name !== "search_public_catalog_items") {
    // Only the two searches carry cards; another tool's answer counts only when it failed (a refusal is no failure).
    const result = isToolName(name) ? readToolResult(name, message.content) : undefined;
    return { found: 0, failed: failed || (result !== undefined && !result.ok && !result.declined) };
  }
  const result = readToolResult(name, message.content);
  return { content: TOOL_CONTENT[name], found: result.ok ? result.value.list.length : 0, failed: failed || !result.ok };
}

const GETTING_STARTED = /get(ting)? started|sign ?up|begin|first steps|how do i start/i;

/**
 * The content type of an answer: the cards its turn found (supplier, product), a notice when a
 * tool failed or the answer is only the assistant's own notice, "getting started" for that topic.
 */
export function contentTypeOf(messages: BaseMessage[]): ContentType {
  const lastHuman = messages.map((m) => m.getType()).lastIndexOf("human");
  const results = messages
    .slice(lastHuman + 1)
    .filter((m) => m.getType() === "tool")
    .map((m) => outcomeOf(m as ToolMessage));
  const found = [...results].reverse().find((r) => r.content && r.found);
  if (found?.content) return found.content;
  if (results.some((r) => r.failed)) return "notice";
  const answer = messages.at(-1);
  const text = typeof answer?.content === "string" ? answer.content : "";
  if (!results.length && /offline assistant|couldn't complete|I couldn't/i.test(text) && !/\n-/.test(text)) return "notice";
  const question = messages[lastHuman]?.content;
  if (GETTING_STARTED.test(typeof question === "string" ? question : "")) return "getting started";
  return "text";
}

/** Tags the final answer with its content type so the chat widget renders the right card. */
export async function tagContent(state: StorefrontChatStateType): Promise<Partial<StorefrontChatStateType>> {
  const answer = state.messages.at(-1);
  if (!answer || answer.getType() !== "ai" || answer.additional_kwargs?.contentType) return {};
  const tagged = new AIMessage({
    id: answer.id,
    content: answer.content,
    additional_kwargs: { ...answer.additional_kwargs, contentType: contentTypeOf(state.messages) },
    response_metadata: answer.response_metadata,
  });
  // Same id: the messages reducer replaces the answer instead of appending a copy.
  return { messages: [tagged] };
}
