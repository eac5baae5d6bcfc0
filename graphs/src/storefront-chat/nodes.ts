import { AIMessage, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { invokeModel, type bindTools } from "../shared/agent-loop";
import type { ContentType, StorefrontChatStateType } from "./state";

export const STOREFRONT_PROMPT = [
  "You are Atelier's help assistant for visitors and new creators. Answer questions on getting started, pricing and plans, sales channels, fulfilment and support.",
  "Answer from the help centre and Atelier's published prices (use the tools); never invent prices or policies. If the help centre has nothing, say so and suggest contacting support.",
  "Keep answers short and friendly.",
].join("\n");

export function createCallModel(model: ReturnType<typeof bindTools>) {
  return async function callModel(state: StorefrontChatStateType, config: RunnableConfig): Promise<Partial<StorefrontChatStateType>> {
    return { messages: [await invokeModel(model, STOREFRONT_PROMPT, state.messages, config)] };
  };
}

const TOOL_CONTENT: Record<string, ContentType> = { list_my_suppliers: "supplier", search_suppliers: "supplier", search_products: "product", search_catalog: "product" };

/** The content type of an answer: what the tools of this turn returned, or the question's topic. */
export function contentTypeOf(messages: BaseMessage[]): ContentType {
  const answer = messages.at(-1);
  const text = typeof answer?.content === "string" ? answer.content : "";
  if (/offline assistant|couldn't complete|I couldn't/i.test(text) && !/\n-/.test(text)) return "notice";
  const lastHuman = messages.map((m) => m.getType()).lastIndexOf("human");
  const turn = messages.slice(lastHuman + 1);
  for (const m of turn) {
    const type = m.getType() === "tool" ? TOOL_CONTENT[(m as ToolMessage).name ?? ""] : undefined;
    if (type) return type;
  }
  const content = messages[lastHuman]?.content;
  const question = typeof content === "string" ? content : "";
  if (/get(ting)? started|sign ?up|begin|first steps|how do i start/i.test(String(question))) return "getting started";
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
