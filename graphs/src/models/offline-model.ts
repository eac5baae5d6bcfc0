import { BaseChatModel, type BaseChatModelCallOptions, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import { AIMessage, type AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import type { Runnable, RunnableConfig } from "@langchain/core/runnables";
import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import { getRunContext } from "@atelier/tools";
import { sentenceFor } from "@atelier/contracts/error-sentences";
import { INTENTS } from "./offline-intents";
import { spellCorrected } from "./offline-classifier";
import { understand, type Choice } from "./offline-dialogue";
import type { IntentContext, Outcome, Step } from "./offline-types";
import { isUnreadable, UNREADABLE_ANSWER } from "./offline-steps";
import { parseAttachmentLinks, parseProduct, withoutAttachmentLines } from "./offline-parse";
import type { ModelRole } from "./model-role";

const EXAMPLES: Record<ModelRole, string[]> = {
  copilot: [
    "show my plan",
    "how are my sales",
    "how much does fulfilment cost",
    "who is on my team",
    "invite sam@example.com as admin",
    "find suppliers for organic cotton tees under MOQ 500",
    "tell me more about the second one",
    "add a sample of the ceramic mug to my cart",
    "what's in my cart",
    "pay my cart",
    "favourite this supplier",
    "show my orders on hold",
    "why is #1043 on hold?",
    "hold order 1043 because the address looks wrong",
  ],
  "sourcing-agent": [
    "find suppliers for organic cotton tees under MOQ 500",
    "send my tech pack to the matched factories",
    "contact the expanded network ones",
    "email me the factories' contact info",
    "send emails from my own address to Mill One one@mill.example",
    "update the tech pack: 1200 units, $5 per unit",
    "invite my supplier Acme, acme.com, acme@example.com, +1 415 555 0100",
    "what is the tariff on ceramic mugs from China",
  ],
  "tariff-rate-agent": ["what is the tariff on ceramic mugs from China", "duty on cotton t-shirts from Vietnam at $4 per unit, MOQ 500"],
  "packaging-agent": ["find mailer boxes with inside printing, 1000 units", "find packaging suppliers for mailer boxes, MOQ 1000", "how much does fulfilment cost"],
  "storefront-chat": ["how do I get started", "show me suppliers of leather bags", "find products like ceramic mugs", "how much does fulfilment cost", "which sales channels can I sell on", "what plans are there", "how do I contact support"],
};

/** Per assistant, the intents a bare product request goes to: [asking for suppliers, otherwise]. */
const DEFAULT_INTENTS: Partial<Record<ModelRole, [string[], string[]]>> = {
  copilot: [["search-suppliers"], ["search-products", "search-suppliers"]],
  "sourcing-agent": [["design-sourcing"], ["design-sourcing"]],
  "tariff-rate-agent": [["tariff"], ["tariff"]],
  "packaging-agent": [["packaging-suppliers"], ["packaging-items"]],
  "storefront-chat": [["visitor-suppliers"], ["visitor-products"]],
};

/** Requests that name things but are not product searches: how-to questions, free writing, errands no tool does. */
const NOT_A_PRODUCT = /^\s*(hi|hello|hey|thanks|thank you)\b|\b(how|why|when|where is|help|refund|return|ship(ping)?|deliver|pricing|pricng|plans?|price list|fees?|cost to|account|sign|log ?in|password|status|track|write|draft|compose|translate|summari[sz]e|book|flight|hotel|weather|joke|news|contact|support|human|cancel|pause|delete|what(?:'s| is| are| does| do| can)|can (?:i|u|you)|is there|do (?:you|u) (?:charge|offer|support|do)|my|atelier|agents?|credits?|invite|team|promo|storage|rewards?|program|session|sell on|wholesale|print on demand|start(?:ing)? (?:to )?sell(?:ing)?|get(?:ting)? started)\b/i;

/**
 * Product requests phrased as questions: "what sterling silver rings can i get" asks for the rings,
 * "where can I get baby onesies made" for who makes them. The frame goes, so the how-to rule below
 * doesn't read them as questions about the platform.
 */
const PRODUCT_FRAMES: [RegExp, string][] = [
  [/^(?:where|how) (?:can|could|do|would) (?:i|we) (?:get|have) (.+) (?:made|produced|manufactured|printed|sewn)$/i, "suppliers for $1"],
  [/^what (?!is\b|are\b|does\b|do\b|can\b)(.+) (?:can|could) (?:i|we) (?:get|buy|find|source|order)$/i, "$1"],
];

export function productFramed(text: string): string {
  const asked = text.trim().replace(/[?.!]+$/, "");
  for (const [re, to] of PRODUCT_FRAMES) if (re.test(asked)) return asked.replace(re, to);
  return text;
}

/** "How does X work?" asks how the platform works, even when X is something a tool lists (returns, samples). */
const HOW_IT_WORKS = /^\s*(?:so\s+)?how (?:do|does) (?:the |my |a |an )?[\w -]{2,40}? work\b/i;

function howItWorks(text: string, candidates: typeof INTENTS): Choice | undefined {
  if (!HOW_IT_WORKS.test(text)) return undefined;
  const intent = candidates.find((c) => c.name === "help-articles" || c.name === "help-centre");
  return intent ? { intent, score: 0.9 } : undefined;
}

/** The most of a message the offline assistant parses; a request it understands is far shorter. */
export const OFFLINE_TEXT_LIMIT = 2000;

function textOf(message: BaseMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.map((p) => (p.type === "text" && "text" in p ? String(p.text) : "")).join(" ");
}

function parseResult(content: string): Pick<Outcome, "result" | "error" | "declined"> {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return { result: content };
  }
  if (!value || typeof value !== "object") return { result: value };
  const v = value as { error?: Outcome["error"]; declined?: unknown; message?: unknown };
  if (v.error && typeof v.error === "object") return { result: value, error: v.error };
  if (v.declined) return { result: value, declined: typeof v.message === "string" ? v.message : "The user declined." };
  return { result: value };
}

/** The tool outcomes of a message range, pairing each tool result with the call that asked for it. */
function outcomesOf(messages: BaseMessage[]): Outcome[] {
  const calls = new Map<string, { name: string; args: Record<string, unknown> }>();
  const out: Outcome[] = [];
  for (const m of messages) {
    if (m.getType() === "ai") for (const c of (m as AIMessage).tool_calls ?? []) calls.set(c.id ?? "", { name: c.name, args: c.args });
    if (m.getType() === "tool") {
      const id = (m as unknown as { tool_call_id: string }).tool_call_id;
      const c = calls.get(id) ?? { name: m.name ?? "", args: {} };
      out.push({ ...c, ...parseResult(textOf(m)) });
    }
  }
  return out;
}

/**
 * The deterministic assistant used when no model is configured: it recognises the requests the
 * bound tools cover, calls them with arguments parsed from the text, then answers from the results.
 */
export class OfflineChatModel extends BaseChatModel {
  private readonly role: ModelRole;
  private readonly tools: string[];
  private readonly clock: () => Date;
  private counter = 0;

  /** `clock` is what "October" and "last month" are read against: the real day, or the evaluation data's day. */
  constructor(fields: { role: ModelRole; tools?: string[]; clock?: () => Date }) {
    super({});
    this.role = fields.role;
    this.tools = fields.tools ?? [];
    this.clock = fields.clock ?? (() => new Date());
  }

  _llmType(): string {
    return "offline";
  }

  override bindTools(tools: BindToolsInput[]): Runnable<BaseLanguageModelInput, AIMessageChunk, BaseChatModelCallOptions> {
    const names = tools.map((t) => (t as { name?: string }).name ?? "").filter(Boolean);
    return new OfflineChatModel({ role: this.role, tools: names, clock: this.clock }) as unknown as Runnable<BaseLanguageModelInput, AIMessageChunk, BaseChatModelCallOptions>;
  }

  /** Decides the next step for a conversation: exposed for tests of intent recognition. */
  decide(messages: BaseMessage[], context: IntentContext = {}): Step {
    const lastHuman = messages.map((m) => m.getType()).lastIndexOf("human");
    const human = messages[lastHuman];
    // The parsers read a bounded prefix: some of their patterns backtrack in polynomial time (docs/security.md).
    const text = human ? withoutAttachmentLines(textOf(human)).slice(0, OFFLINE_TEXT_LIMIT) : "";
    const done = outcomesOf(messages.slice(lastHuman + 1));
    const failed = done.find((o) => o.error || o.declined);
    if (failed?.declined) {
      // The reason the user gave with their refusal (tools append "Reason: …") is repeated back.
      const reason = /Reason: (.+)$/.exec(failed.declined)?.[1];
      return { answer: reason ? `Understood, I didn't do it. You said: "${reason}".` : "Understood, I didn't do it." };
    }
    if (failed?.error) return { answer: `I couldn't complete that: ${sentenceFor(failed.error)}` };
    if (done.some(isUnreadable)) return { answer: UNREADABLE_ANSWER };
    const earlier = outcomesOf(messages.slice(0, lastHuman));
    const candidates = INTENTS.filter((i) => (!i.roles || i.roles.includes(this.role)) && i.tools.every((t) => this.tools.includes(t)) && (!i.applies || i.applies(earlier)));
    // The turn in its conversation: an answer to the pending question or a follow-up keeps the earlier intent with its slots.
    const fallback = (t: string, own: Choice | undefined): Choice | undefined => howItWorks(t, candidates) ?? (!own || own.intent.name === "help-centre" ? (this.productDefault(t, candidates) ?? own) : own);
    const turn = human ? understand(messages, lastHuman, INTENTS, candidates, text, fallback) : undefined;
    if (!turn) return { answer: this.help(text) };
    const attachments = parseAttachmentLinks(messages.filter((m) => m.getType() === "human" || m.getType() === "system").map(textOf));
    return withNotices(turn.intent.step(turn.text, done, earlier, { now: this.clock(), ...context, utterance: text, ...(attachments.length ? { attachments } : {}) }), done);
  }

  /**
   * A request that is mostly a product ("bath towls", "leather wallets made in italy", "who can
   * make embroidered caps") and that no intent claimed: the assistant's own product search, for
   * suppliers when the user says so. Questions about how the platform works stay with the help centre.
   */
  private productDefault(text: string, candidates: typeof INTENTS): Choice | undefined {
    const framed = productFramed(text);
    if (NOT_A_PRODUCT.test(framed) || NOT_A_PRODUCT.test(spellCorrected(INTENTS, framed)) || text.length > 240) return undefined;
    const product = parseProduct(framed);
    if (!product || product.split(/\s+/).length > 6) return undefined;
    const wantsSuppliers = /\b(suppliers?|supliers?|factor(y|ies)|factries|manufacturers?|makers?|vendors?|printers?|producers?|companies|who (can )?(make|makes|produce|print|sew)|someone to (make|produce))\b/i.test(framed);
    const order = DEFAULT_INTENTS[this.role]?.[wantsSuppliers ? 0 : 1] ?? [];
    const intent = order.map((name) => candidates.find((c) => c.name === name)).find(Boolean);
    return intent ? { intent, score: 0.4 } : undefined;
  }

  /** The policy's honest decline: what it could not do, and what it can. */
  private help(text: string): string {
    const greeting = /^\s*(hi|hello|hey|good (morning|afternoon|evening))\b/i.test(text);
    const writing = /\b(write|draft|compose|generate|translate|summari[sz]e|rewrite|come up with|brainstorm)\b/i.test(text);
    const opening = greeting
      ? "Hi! "
      : writing
        ? "Writing free text (descriptions, emails, posts) needs a language model, and none is connected, so I can't do that offline. "
        : text.trim()
          ? "I can't do that offline: I didn't catch a request my tools cover. "
          : "";
    return `${opening}Here is what I can do — try:\n${EXAMPLES[this.role].map((e) => `- "${e}"`).join("\n")}`;
  }

  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"]): Promise<ChatResult> {
    // LangGraph hands the run's runtime context through to the model call: the screen lives there.
    const { screen } = getRunContext(options as unknown as RunnableConfig);
    const step = this.decide(messages, { screen });
    if ("calls" in step) {
      const message = new AIMessage({ content: "", tool_calls: step.calls.map((c) => ({ id: `offline_${Date.now().toString(36)}_${++this.counter}`, name: c.name, args: c.args, type: "tool_call" as const })) });
      return { generations: [{ text: "", message }] };
    }
    // No model notice in the answer: the web shows the store owner a dismissible note once (web/src/chat/offline-note.tsx).
    return { generations: [{ text: step.answer, message: new AIMessage({ content: step.answer }) }] };
  }
}

/**
 * A tool answer can carry a notice (a search matched by words only while the meaning model is
 * down): the user reads it once, after the answer it qualifies.
 */
function withNotices(step: Step, done: Outcome[]): Step {
  if (!("answer" in step)) return step;
  const notices = [...new Set(done.flatMap((o) => (typeof (o.result as { notice?: unknown } | null)?.notice === "string" ? [(o.result as { notice: string }).notice] : [])))];
  return notices.length ? { answer: [step.answer, ...notices].join("\n\n") } : step;
}
