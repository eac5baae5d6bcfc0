import type { BaseMessage } from "@langchain/core/messages";
import { classify } from "./offline-classifier";
import { followUpText, hasSlot } from "./offline-slots";
import { parseProduct } from "./offline-parse";
import type { Intent } from "./offline-types";

// The offline assistant's dialogue state, derived from the checkpointed messages on every call:
// which intent each user turn had and the text it was understood with (earlier turns' slots
// carried into follow-ups), and whether the assistant's last answer asked a question. Being
// derived, it survives restarts and needs no state channel beside the messages.

/** How the classifier and the regex `match` combine into one score per intent. */
const BOOST_FIRST_MATCH = 0.45;
const BOOST_OTHER_MATCH = 0.2;
/** Below this an utterance is not understood (the policy declines with what it can do). */
const UNDERSTOOD = 0.35;
/** A new request this sure of itself is not read as an answer to a pending question or a follow-up. */
const SURE = 0.75;
/** How many earlier user turns are read to carry a topic forward. */
const TURNS_BACK = 6;

export type Choice = { intent: Intent; score: number };

/** The intent a text asks for among the candidates: classifier scores, boosted by regex matches. */
export function chooseIntent(all: Intent[], candidates: Intent[], text: string): Choice | undefined {
  if (!text.trim()) return undefined;
  const scores = classify(all, candidates, text);
  const first = candidates.find((i) => i.match(text));
  let best: Choice | undefined;
  for (const intent of candidates) {
    const boost = intent === first ? BOOST_FIRST_MATCH : intent.match(text) ? BOOST_OTHER_MATCH : 0;
    const score = (scores.get(intent.name) ?? 0) + boost;
    if (!best || score > best.score) best = { intent, score };
  }
  return best && best.score >= UNDERSTOOD ? best : undefined;
}

export type Turn = { intent: Intent; text: string; score: number };

function textOf(message: BaseMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.map((p) => (p.type === "text" && "text" in p ? String(p.text) : "")).join(" ");
}

/** Whether an answer of the assistant asked the user something (its question is pending). */
export function askedQuestion(answer: string): boolean {
  // A question the assistant asks is short; quoted examples ("why is #1043 on hold?") and long
  // answers that merely contain a question (a help article) leave nothing pending.
  const own = (answer.split(/\n\n_I'm Atelier's offline assistant/)[0] ?? "").replace(/"[^"\n]*"|“[^”\n]*”/g, " ");
  return own.length <= 400 && /\?(?=\s|$|[)])/.test(own);
}

/** Starts of a turn that refers back to the last request with one thing changed. */
const FOLLOW_UP = /^\s*(?:(?:ok(?:ay)?|so|great|thanks|cool)[,.!]?\s+)?(?:(?:and |but )?(?:what|how) (?:about )?if|and if|suppose|say|and|what about|how about|also|now|then|but|instead|same (?:for|but|with)|which of (?:those|these|them)|any of (?:those|these|them)|only|just)\b/i;
const REFERS_BACK = /\b(instead|those|these|them|the same|that one|ones)\b/i;

/** Whether a text reads as a follow-up to the last request ("and from Vietnam?", "which of those can do 300 units?"). */
export function isFollowUp(text: string): boolean {
  return (FOLLOW_UP.test(text) || REFERS_BACK.test(text)) && hasSlot(text);
}

/**
 * Every user turn of the conversation up to `lastHuman`, understood in order: a turn that answers
 * the assistant's pending question, or follows up with one slot changed, keeps the earlier turn's
 * intent with the earlier text's slots carried in; any other turn is classified on its own.
 */
export function understand(messages: BaseMessage[], lastHuman: number, all: Intent[], candidates: Intent[], text: string, fallback?: Fallback): Turn | undefined {
  const humans: number[] = [];
  for (let i = 0; i < lastHuman; i++) if (messages[i]!.getType() === "human") humans.push(i);
  let previous: Turn | undefined;
  // A turn that was not understood ends the topic: nothing before it carries on.
  for (const index of humans.slice(-TURNS_BACK)) previous = resolve(previous, textOf(messages[index]!), aiAnswerBefore(messages, index), all, candidates, fallback);
  return resolve(previous, text, aiAnswerBefore(messages, lastHuman), all, candidates, fallback);
}

/** The assistant's last answer (not a tool call) before a message. */
function aiAnswerBefore(messages: BaseMessage[], index: number): string {
  for (let i = index - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.getType() === "human") return "";
    if (m.getType() === "ai" && textOf(m).trim()) return textOf(m);
  }
  return "";
}

/**
 * How the policy reads a turn the classifier did not place (a bare product, "I want to import
 * cotton tees" on the tariff agent): earlier turns must be read the same way, so their topic
 * carries into the answer to the question they raised.
 */
export type Fallback = (text: string, own: Choice | undefined) => Choice | undefined;

function resolve(previous: Turn | undefined, text: string, answerBefore: string, all: Intent[], candidates: Intent[], fallback?: Fallback): Turn | undefined {
  const chosen = chooseIntent(all, candidates, text);
  const own = fallback ? fallback(text, chosen) : chosen;
  const sure = own && own.score >= SURE + BOOST_FIRST_MATCH && own.intent !== previous?.intent;
  if (previous && !sure && isFollowUp(text)) return { intent: previous.intent, text: followUpText(previous.text, text), score: previous.score };
  // An answer to the pending question: unsure of itself, or read as the same request but naming no
  // product of its own ("they're made in Bangladesh" after "where are the tees made?").
  const answers = !own || own.score < SURE || (own.intent === previous?.intent && !parseProduct(text));
  if (previous && askedQuestion(answerBefore) && answers) return { intent: previous.intent, text: followUpText(previous.text, text), score: previous.score };
  return own ? { intent: own.intent, text, score: own.score } : undefined;
}
