import { streamText, jsonSchema, tool as aiTool, type LanguageModel, type ModelMessage, type ToolSet } from "ai";
import { BaseChatModel, type BaseChatModelCallOptions, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import { AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import { ChatGenerationChunk, type ChatResult } from "@langchain/core/outputs";
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { Runnable } from "@langchain/core/runnables";
import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { toolDefinition } from "@atelier/tools";

type OpenAiToolDef = { type: "function"; function: { name: string; description?: string; parameters: Record<string, unknown> } };

export type AiSdkCallOptions = BaseChatModelCallOptions & { tools?: OpenAiToolDef[] };

/**
 * A LangChain chat model over an AI SDK language model. LangGraph's `messages` stream mode
 * listens to LangChain callbacks, so the AI SDK stream is re-emitted as LangChain chunks.
 */
export class AiSdkChatModel extends BaseChatModel<AiSdkCallOptions, AIMessageChunk> {
  private readonly model: LanguageModel;
  private readonly modelName: string;

  constructor(fields: { model: LanguageModel; modelName: string }) {
    super({});
    this.model = fields.model;
    this.modelName = fields.modelName;
  }

  _llmType(): string {
    return "ai-sdk";
  }

  override bindTools(tools: BindToolsInput[], kwargs?: Partial<AiSdkCallOptions>): Runnable<BaseLanguageModelInput, AIMessageChunk, AiSdkCallOptions> {
    return this.withConfig({ tools: tools.map(toOpenAiTool), ...kwargs });
  }

  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"], runManager?: CallbackManagerForLLMRun): Promise<ChatResult> {
    let final: ChatGenerationChunk | undefined;
    for await (const chunk of this._streamResponseChunks(messages, options, runManager)) {
      final = final ? final.concat(chunk) : chunk;
    }
    const message = final?.message ?? new AIMessageChunk({ content: "" });
    return { generations: [{ text: typeof message.content === "string" ? message.content : "", message }] };
  }

  override async *_streamResponseChunks(messages: BaseMessage[], options: this["ParsedCallOptions"], runManager?: CallbackManagerForLLMRun): AsyncGenerator<ChatGenerationChunk> {
    const result = streamText({
      model: this.model,
      messages: toModelMessages(messages),
      tools: toToolSet(options.tools),
      abortSignal: options.signal,
      allowSystemInMessages: true,
      maxRetries: 1,
      // Errors are answered and logged once in the stream loop below, not also by the SDK.
      onError: () => {},
    });
    let toolIndex = 0;
    let wroteText = false;
    try {
      for await (const part of result.fullStream) {
        if (part.type === "text-delta" && part.text) {
          wroteText = true;
          const chunk = new ChatGenerationChunk({ text: part.text, message: new AIMessageChunk({ content: part.text }) });
          yield chunk;
          await runManager?.handleLLMNewToken(part.text, undefined, undefined, undefined, undefined, { chunk });
        } else if (part.type === "tool-call") {
          const args = JSON.stringify(part.input ?? {});
          const message = new AIMessageChunk({ content: "", tool_call_chunks: [{ id: part.toolCallId, name: part.toolName, args, index: toolIndex++, type: "tool_call_chunk" }] });
          const chunk = new ChatGenerationChunk({ text: "", message });
          yield chunk;
          await runManager?.handleLLMNewToken("", undefined, undefined, undefined, undefined, { chunk });
        } else if (part.type === "finish") {
          const usage = part.totalUsage;
          const message = new AIMessageChunk({
            content: "",
            response_metadata: { model_name: this.modelName, finish_reason: part.finishReason },
            usage_metadata: { input_tokens: usage.inputTokens ?? 0, output_tokens: usage.outputTokens ?? 0, total_tokens: usage.totalTokens ?? 0 },
          });
          yield new ChatGenerationChunk({ text: "", message });
        } else if (part.type === "error") {
          throw part.error instanceof Error ? part.error : new Error(String(part.error));
        }
      }
    } catch (err) {
      // A cancelled run stops; a provider failure becomes a sentence after what was already said.
      if (options.signal?.aborted) throw err;
      console.warn(`AI model provider error (${this.modelName}): ${err instanceof Error ? err.message : String(err)}`);
      const text = `${wroteText ? "\n\n" : ""}${providerErrorSentence(err)}`;
      const chunk = new ChatGenerationChunk({ text, message: new AIMessageChunk({ content: text, response_metadata: { model_name: this.modelName, finish_reason: "error" } }) });
      yield chunk;
      await runManager?.handleLLMNewToken(text, undefined, undefined, undefined, undefined, { chunk });
    }
  }
}

/** What a user reads when the model provider fails: what happened and what to do, never a raw code. */
export function providerErrorSentence(err: unknown): string {
  const status = (err as { statusCode?: unknown }).statusCode ?? (err as { lastError?: { statusCode?: unknown } }).lastError?.statusCode;
  if (status === 401 || status === 403) return "The AI model turned the request down: its API key is missing or not allowed. An administrator can check OPENAI_API_KEY.";
  if (status === 404) return "The AI model named in ATELIER_MODEL was not found at the provider. An administrator can check the model's name.";
  if (status === 429) return "The AI model is busy or over its quota right now. Please try again in a minute.";
  if (status === 400) return "The AI model could not read this request (it may be too long for the model). Try a shorter message or a new conversation.";
  return "The AI model could not be reached just now, so this answer stops here. Please try again in a moment.";
}

function toOpenAiTool(t: BindToolsInput): OpenAiToolDef {
  // Atelier tools carry zod schemas with transforms: describe their input side.
  if (typeof t === "object" && t !== null && "schema" in t && "name" in t && "invoke" in t) return { type: "function", function: toolDefinition(t as StructuredToolInterface) };
  return convertToOpenAITool(t) as OpenAiToolDef;
}

function toToolSet(tools: OpenAiToolDef[] | undefined): ToolSet | undefined {
  if (!tools?.length) return undefined;
  return Object.fromEntries(tools.map((t) => [t.function.name, aiTool({ description: t.function.description, inputSchema: jsonSchema(t.function.parameters) })]));
}

function textOf(message: BaseMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => (part.type === "text" && "text" in part ? String(part.text) : "")).join("");
}

/** LangChain messages → AI SDK messages; tool calls and results keep their ids so the model can pair them. */
export function toModelMessages(messages: BaseMessage[]): ModelMessage[] {
  const toolNames = new Map<string, string>();
  const out: ModelMessage[] = [];
  for (const message of messages) {
    const type = message.getType();
    if (type === "system") out.push({ role: "system", content: textOf(message) });
    else if (type === "human") out.push({ role: "user", content: textOf(message) });
    else if (type === "ai") {
      const calls = (message as AIMessageChunk).tool_calls ?? [];
      const text = textOf(message);
      const content: Extract<ModelMessage, { role: "assistant" }>["content"] = [];
      if (text) content.push({ type: "text", text });
      for (const call of calls) {
        const id = call.id ?? `${call.name}-${toolNames.size}`;
        toolNames.set(id, call.name);
        content.push({ type: "tool-call", toolCallId: id, toolName: call.name, input: call.args });
      }
      out.push({ role: "assistant", content });
    } else if (type === "tool") {
      const id = (message as unknown as { tool_call_id: string }).tool_call_id;
      out.push({ role: "tool", content: [{ type: "tool-result", toolCallId: id, toolName: toolNames.get(id) ?? message.name ?? "tool", output: { type: "text", value: textOf(message) } }] });
    }
  }
  return out;
}
