import { interrupt, END } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { SystemMessage, type AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { createTools, type ApprovalRequest, type ToolName } from "@atelier/tools";
import type { GraphDeps } from "./graph-deps";

/** The graph's tools, built with LangGraph's interrupt so approval-gated writes pause the run. */
export function buildGraphTools(deps: Pick<GraphDeps, "apiBaseUrl">, names: readonly ToolName[]): StructuredToolInterface[] {
  // An unknown name throws here, when the graph is built: a typo never becomes a tool the model silently lacks.
  return createTools({ apiBaseUrl: deps.apiBaseUrl, interrupt: (payload: ApprovalRequest) => interrupt(payload) }, names);
}

export function createToolNode(tools: StructuredToolInterface[]): ToolNode {
  return new ToolNode(tools);
}

/** Binds tools to a model; every model the factory makes supports tool calling. */
export function bindTools(model: BaseChatModel, tools: StructuredToolInterface[]) {
  if (!model.bindTools) throw new Error(`Model ${model._llmType()} cannot call tools`);
  return tools.length ? model.bindTools(tools) : model;
}

/** One model turn: the system prompt (built per run, so it can carry the screen) plus the thread. */
export async function invokeModel(
  model: ReturnType<typeof bindTools>,
  systemPrompt: string,
  messages: BaseMessage[],
  config: RunnableConfig,
): Promise<AIMessage> {
  return (await model.invoke([new SystemMessage(systemPrompt), ...messages], config)) as AIMessage;
}

/** After the model: run tools when it asked for them, else the turn is over. */
export function routeAfterModel(state: { messages: BaseMessage[] }): "tools" | typeof END {
  const last = state.messages.at(-1) as AIMessage | undefined;
  return last?.tool_calls?.length ? "tools" : END;
}
