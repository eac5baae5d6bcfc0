// The offline assistant's shared types, apart from the intents so its modules import no cycle.
import type { ScreenContext } from "@atelier/contracts/agent-context";
import type { ToolName } from "@atelier/tools";

/** A tool call the offline assistant decides on. */
export type PlannedCall = { name: string; args: Record<string, unknown> };

/** A tool result seen since the user's last message. */
export type Outcome = { name: string; args: Record<string, unknown>; result: unknown; error?: { status: number; code: string; message: string }; declined?: string };

/** What the run knows beside the messages: the screen the user asks from ("this supplier"), the conversation's attachment links, and the user's own words this turn (a follow-up's step text carries earlier slots in). */
export type IntentContext = {
  screen?: ScreenContext | null;
  attachments?: string[];
  utterance?: string;
  /** The day the user's words about time are read against ("October", "last month"): the model's clock. */
  now?: Date;
};

/** What an intent does next: call tools, or answer. */
export type Step = { calls: PlannedCall[] } | { answer: string };

/** One thing the offline assistant understands. `tools` must all be bound for the intent to apply. */
export type Intent = {
  name: string;
  tools: ToolName[];
  /** Agents the intent is limited to; all when absent. */
  roles?: string[];
  /** Requests as users type them (typos, indirect phrasing): the classifier learns the intent from these. */
  examples?: string[];
  /** A fallback and booster beside the classifier: true when the text plainly asks for this intent. */
  match: (text: string) => boolean;
  /**
   * When the intent may apply at all, from the conversation's earlier tool results: "save the second
   * one" is a design only after designs were shown, a supplier after suppliers. Always, when absent.
   */
  applies?: (history: Outcome[]) => boolean;
  step: (text: string, done: Outcome[], history: Outcome[], context: IntentContext) => Step;
};
