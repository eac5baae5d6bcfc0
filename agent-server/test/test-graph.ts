import { StateGraph, StateSchema, MessagesDeltaValue, START, END, interrupt, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { tool } from "@langchain/core/tools";
import { z } from "zod";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { getRunContext } from "@atelier/tools";
import type { GraphSource, ServableGraph } from "../src/graphs";

/**
 * Lets a test hold a run inside the agent node until it releases or cancels it: on the first model
 * turn when the message says "wait", on every model turn of a run whose message says "pause" (the
 * test re-arms the gate between turns).
 */
export const gate = { release: () => {}, entered: 0, promise: null as Promise<void> | null };
export function armGate() {
  gate.promise = new Promise<void>((resolve) => (gate.release = resolve));
}

const State = new StateSchema({ messages: MessagesDeltaValue });

// Tells the model what the tools saw of the run context, never the token itself.
const whoami = tool(
  async (_args, config) => {
    const ctx = getRunContext(config);
    return JSON.stringify({ hasToken: Boolean(ctx.apiToken), storeId: ctx.storeId, screen: ctx.screen });
  },
  { name: "whoami", description: "Who is asking.", schema: z.object({}) },
);

function lastText(messages: BaseMessage[]): { type: string; text: string } {
  const last = messages[messages.length - 1]!;
  return { type: last.getType(), text: typeof last.content === "string" ? last.content : JSON.stringify(last.content) };
}

/** What the model provider says when it fails: a run whose message says "fail" meets it after its first tool call. */
export const MODEL_FAILURE = "The model provider is unavailable (test failure)";

async function agent(state: { messages: BaseMessage[] }, config: LangGraphRunnableConfig) {
  const { type, text } = lastText(state.messages);
  const human = [...state.messages].reverse().find((m) => m.getType() === "human");
  const asked = human ? String(human.content) : "";
  config.writer?.({ progress: "thinking" });
  if ((type === "human" && /\bwait\b/.test(text)) || /\bpause\b/.test(asked)) {
    gate.entered += 1;
    await Promise.race([
      gate.promise ?? Promise.resolve(),
      new Promise((_, reject) => config.signal?.addEventListener("abort", () => reject(new Error("aborted")))),
    ]);
  }
  if (type === "tool" && /\bfail\b/.test(asked)) throw new Error(MODEL_FAILURE);
  if (type === "human" && /\btool\b/.test(text)) {
    return { messages: [new AIMessage({ content: "", tool_calls: [{ id: `call_${state.messages.length}`, name: "whoami", args: {}, type: "tool_call" }] })] };
  }
  const answer = type === "tool" ? `Tool said ${text}` : `Echo: ${text}`;
  const model = new FakeListChatModel({ responses: [answer] });
  return { messages: [await model.invoke(state.messages, config)] };
}

async function approval() {
  const decision = interrupt({ question: "Send it?" });
  return { messages: [new AIMessage(`Decision: ${JSON.stringify(decision)}`)] };
}

function route(state: { messages: BaseMessage[] }) {
  const last = state.messages[state.messages.length - 1] as AIMessage;
  if (last.tool_calls?.length) return "tools";
  const human = [...state.messages].reverse().find((m) => m.getType() === "human");
  if (human && /\bapprove\b/.test(String(human.content)) && !state.messages.some((m) => String(m.content).startsWith("Decision:"))) return "approval";
  return END;
}

/** A small graph exercising every protocol feature: streaming tokens, custom events, a tool, an interrupt. */
export function buildTestGraph(checkpointer: BaseCheckpointSaver) {
  return new StateGraph(State)
    .addNode("agent", agent)
    .addNode("tools", new ToolNode([whoami]))
    .addNode("approval", approval)
    .addEdge(START, "agent")
    .addConditionalEdges("agent", route, ["tools", "approval", END])
    .addEdge("tools", "agent")
    .addEdge("approval", END)
    .compile({ checkpointer });
}

/** The test graph served under the product's assistant ids. */
export const testGraphs: GraphSource = {
  assistantIds: ["copilot", "sourcing-agent", "tariff-rate-agent", "packaging-agent", "storefront-chat"],
  build: (_id, checkpointer) => buildTestGraph(checkpointer) as unknown as ServableGraph,
};
