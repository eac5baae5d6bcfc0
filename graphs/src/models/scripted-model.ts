import { BaseChatModel, type BaseChatModelCallOptions, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import { AIMessage, type AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import type { Runnable } from "@langchain/core/runnables";
import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import type { ModelFactory } from "./model-factory";

/** One scripted model turn: an answer, tool calls, or both. A bare string is an answer. */
export type ScriptStep = string | { text?: string; toolCalls?: ScriptedCall[] };

/** Arguments may be computed from the messages the model received (e.g. ids a previous tool returned). */
export type ScriptedCall = { name: string; args: Record<string, unknown> | ((messages: BaseMessage[]) => Record<string, unknown>); id?: string };

// Tool-call ids must be unique within a thread (a tool node skips calls already answered), so each script has its own prefix.
type Script = { steps: ScriptStep[]; seen: BaseMessage[][]; tools: string[][]; counter: number; runId: string };

/** Plays a fixed queue of turns; records what the graph sent it, for assertions. */
export class ScriptedChatModel extends BaseChatModel {
  constructor(private readonly script: Script, private readonly boundTools: string[] = []) {
    super({});
  }

  _llmType(): string {
    return "scripted";
  }

  override bindTools(tools: BindToolsInput[]): Runnable<BaseLanguageModelInput, AIMessageChunk, BaseChatModelCallOptions> {
    const names = tools.map((t) => (t as { name?: string }).name ?? "").filter(Boolean);
    return new ScriptedChatModel(this.script, names) as unknown as Runnable<BaseLanguageModelInput, AIMessageChunk, BaseChatModelCallOptions>;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.script.seen.push(messages);
    this.script.tools.push(this.boundTools);
    const step = this.script.steps.shift();
    if (step === undefined) throw new Error("The scripted model ran out of turns: the graph called the model more often than the test expected.");
    const { text = "", toolCalls = [] } = typeof step === "string" ? { text: step } : step;
    const message = new AIMessage({
      content: text,
      tool_calls: toolCalls.map((call) => ({ id: call.id ?? `call_${this.script.runId}_${++this.script.counter}`, name: call.name, args: typeof call.args === "function" ? call.args(messages) : call.args, type: "tool_call" as const })),
    });
    return { generations: [{ text, message }] };
  }
}

export type ScriptedModelFactory = ModelFactory & {
  /** The messages each model call received, in order. */
  seen: BaseMessage[][];
  /** The tool names bound on each model call. */
  boundTools: string[][];
  /** Turns not played yet. */
  remaining(): number;
};

/** A model factory for tests: every model it creates plays from the same queue. */
export function createScriptedModelFactory(steps: ScriptStep[]): ScriptedModelFactory {
  const script: Script = { steps: [...steps], seen: [], tools: [], counter: 0, runId: Math.random().toString(36).slice(2, 8) };
  return {
    kind: "scripted",
    label: "scripted test model",
    create: () => new ScriptedChatModel(script),
    seen: script.seen,
    boundTools: script.tools,
    remaining: () => script.steps.length,
  };
}
