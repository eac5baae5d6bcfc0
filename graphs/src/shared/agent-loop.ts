import { interrupt, END } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { SystemMessage, ToolMessage, type AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { createTools, type ApprovalRequest, type ToolName } from "@atelier/tools";
import type { GraphDeps, GraphLog } from "./graph-deps";

/** The graph's tools, built with LangGraph's interrupt so approval-gated writes pause the run. */
export function buildGraphTools(deps: Pick<GraphDeps, "apiBaseUrl">, names: readonly ToolName[]): StructuredToolInterface[] {
  // An unknown name throws here, when the graph is built: a typo never becomes a tool the model silently lacks.
  return createTools({ apiBaseUrl: deps.apiBaseUrl, interrupt: (payload: ApprovalRequest) => interrupt(payload) }, names);
}

/** One JSON line on stderr, when the host passes no logger. */
const stderrLog: GraphLog = (message, fields) => console.warn(JSON.stringify({ level: "warn", msg: message, ...fields }));

/** The answer to a call of a tool this graph does not have: an error the model and the person can read, in the tools' error shape. */
export function unknownToolMessage(call: { id?: string; name: string }, known: readonly string[]): ToolMessage {
  const message = `There is no tool named "${call.name}" in this assistant, so nothing was done. The tools it has are: ${known.join(", ") || "none"}.`;
  return new ToolMessage({ status: "error", name: call.name, tool_call_id: call.id ?? "", content: JSON.stringify({ error: { status: 0, code: "UNKNOWN_TOOL", message } }) });
}

/**
 * The graph's tool node: LangGraph's ToolNode for the tools it has. A call of a tool the graph
 * does not have (a model inventing a name, or one bound elsewhere) is answered first with a clear
 * error message in the conversation and logged, so the model can tell the person; the other calls
 * of the same turn still run.
 */
export function createToolNode(tools: StructuredToolInterface[], graph: string, log: GraphLog = stderrLog) {
  const node = new ToolNode(tools);
  const known = tools.map((t) => t.name);
  return async function runTools(state: { messages: BaseMessage[] }, config: RunnableConfig) {
    const answered = new Set(state.messages.filter((m) => m.getType() === "tool").map((m) => (m as ToolMessage).tool_call_id));
    const calls = ((state.messages.at(-1) as AIMessage | undefined)?.tool_calls ?? []).filter((c) => !c.id || !answered.has(c.id));
    const unknown = calls.filter((c) => !known.includes(c.name));
    if (!unknown.length) return node.invoke(state, config);
    for (const call of unknown) log("model called a tool this graph does not have", { graph, tool: call.name, toolCallId: call.id ?? null, threadId: config.configurable?.thread_id ?? null });
    const errors = unknown.map((call) => unknownToolMessage(call, known));
    if (errors.length === calls.length) return { messages: errors };
    // ToolNode skips calls already answered, so it runs only the known ones.
    const rest = await node.invoke({ ...state, messages: [...state.messages, ...errors] }, config);
    return Array.isArray(rest) ? [{ messages: errors }, ...rest] : { messages: [...errors, ...(rest as { messages: BaseMessage[] }).messages] };
  };
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
