import { createOpenAI } from "@ai-sdk/openai";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AiSdkChatModel } from "./ai-sdk-chat-model";
import type { ModelRole } from "./model-role";
import { OfflineChatModel } from "./offline-model";

export type { ModelRole };

/** The one place a graph gets its model from: injected into every graph builder. */
export type ModelFactory = {
  kind: "openai" | "offline" | "scripted";
  /** Shown to users: which model answers. */
  label: string;
  create(role: ModelRole): BaseChatModel;
};

export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";

/** openai when OPENAI_API_KEY or OPENAI_BASE_URL is set, else the offline assistant. */
export function createModelFactoryFromEnv(env: Record<string, string | undefined>, offline: OfflineOptions = {}): ModelFactory {
  const apiKey = env.OPENAI_API_KEY?.trim();
  const baseURL = env.OPENAI_BASE_URL?.trim();
  if (!apiKey && !baseURL) return createOfflineModelFactory(offline);
  const modelName = env.ATELIER_MODEL?.trim() || DEFAULT_OPENAI_MODEL;
  // Local OpenAI-compatible servers (Ollama, vLLM) accept any key; the SDK refuses an empty one.
  const provider = createOpenAI({ apiKey: apiKey || "not-needed", baseURL: baseURL || undefined });
  return {
    kind: "openai",
    label: `${modelName}${baseURL ? ` at ${baseURL}` : ""}`,
    create: () => new AiSdkChatModel({ model: provider.chat(modelName), modelName }),
  };
}

/** The offline assistant's clock: the evaluation reads "October" against its demo data's day, not today. */
export type OfflineOptions = { clock?: () => Date };

/** The deterministic built-in assistant: every agent works on a fresh machine. */
export function createOfflineModelFactory(options: OfflineOptions = {}): ModelFactory {
  return { kind: "offline", label: "offline assistant", create: (role) => new OfflineChatModel({ role, clock: options.clock }) };
}
