import type { BaseChatModelCallOptions, BindToolsInput } from "@langchain/core/language_models/chat_models";
import type { AIMessageChunk, BaseMessage } from "@langchain/core/messages";
import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import type { ChatResult } from "@langchain/core/outputs";
import type { Runnable } from "@langchain/core/runnables";
import { OfflineChatModel, type ModelFactory, type ModelRole } from "@atelier/graphs";

/**
 * A message containing this phrase makes the model think until the run is cancelled (or the test
 * lets it go): a run that is certainly still streaming when the browser presses Stop.
 */
export const HOLD_PHRASE = "take your time";

/** The held model calls: how many started, and a way to let every one of them answer. */
export type ModelHold = { entered: number; releaseAll(): void };

/** The offline assistant, except that it holds on a message with the hold phrase (tests only). */
class HeldOfflineModel extends OfflineChatModel {
  constructor(private readonly fields: { role: ModelRole; tools?: string[]; hold: ModelHold & { waiters: Set<() => void> } }) {
    super(fields);
  }

  override bindTools(tools: BindToolsInput[]): Runnable<BaseLanguageModelInput, AIMessageChunk, BaseChatModelCallOptions> {
    const names = tools.map((t) => (t as { name?: string }).name ?? "").filter(Boolean);
    return new HeldOfflineModel({ ...this.fields, tools: names }) as unknown as Runnable<BaseLanguageModelInput, AIMessageChunk, BaseChatModelCallOptions>;
  }

  override async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"]): Promise<ChatResult> {
    const last = messages.at(-1);
    if (last?.getType() === "human" && String(last.content).toLowerCase().includes(HOLD_PHRASE)) {
      const { hold } = this.fields;
      hold.entered += 1;
      await new Promise<void>((resolve, reject) => {
        hold.waiters.add(resolve);
        options.signal?.addEventListener("abort", () => reject(options.signal?.reason ?? new Error("aborted")), { once: true });
      });
    }
    return super._generate(messages, options);
  }
}

/** A model factory like the offline one, whose models hold on the hold phrase; `hold` counts and releases them. */
export function heldOfflineModels(): { factory: ModelFactory; hold: ModelHold } {
  const waiters = new Set<() => void>();
  const hold = {
    entered: 0,
    waiters,
    releaseAll() {
      for (const release of waiters) release();
      waiters.clear();
    },
  };
  return { factory: { kind: "offline", label: "offline assistant", create: (role) => new HeldOfflineModel({ role, hold }) }, hold };
}
