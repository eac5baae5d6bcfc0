import { sentenceFor } from "@atelier/contracts/error-sentences";
import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, Outcome, Step } from "./offline-types";
import { call, got, last } from "./offline-steps";

type Conversation = ToolResponse<"list_conversations">["list"][number];
type Messages = ToolResponse<"list_messages">["list"];

// The inbox offline: new messages from suppliers, who waits for a reply, a conversation's recap,
// and replies ("reply to Ege Textiles that…", "tell them…" after a recap). Sending is contact:
// send_message asks the user's approval, which shows the recipient and the text.

const MESSAGE_WORD = /\b(mess?a?ge?s?|msgs?|inbox|chats?|conversations?|convos?|dms?|repl(y|ies|ied)|answered|heard back|written back|wrote back)\b/i;
const NEW_WORD = /\b(new|unread|any|latest|recent|got|have i|did|check)\b/i;
const WAITING_WORD = /\b(waiting (on|for) (me|my)|needs? (a |an |my )?(reply|answer|response)|owe|haven'?t (i )?(replied|answered)|to (reply|answer) to|should i (reply|answer))\b/i;
const RECAP_WORD = /\b(summari[sz]e|sumari[sz]e|summary|recap|catch me up|what did|what has|what'?s new (with|from)|read me|show me (my )?(chat|conversation|messages))\b/i;
const REPLY_VERB = /\b(repl[iy]|respond|answer|write|message|msg|tell|send)\b/i;
/** What separates the recipient from the text: "reply to Ege that …", "tell them: …", "message Bursa saying …". */
const SEPARATORS = [" that ", " saying ", ": ", ":", " — ", " – ", " - "];
const VERB_AT = /\b(?:repl[iy]|respond|answer|write|message|msg|tell|send)\b/i;
const PRONOUN = /^(them|him|her|it|the supplier|that supplier|this supplier|they)$/i;

const side = (c: Conversation) => c.supplierName;
const ago = (iso: string) => String(iso).slice(0, 10);

/** The recipient and the text of a reply request; recipient undefined for "them". */
export function parseReply(text: string): { to?: string; body: string } | undefined {
  const verb = VERB_AT.exec(text);
  if (!verb) return undefined;
  let rest = text.slice(verb.index + verb[0].length).trim();
  for (const lead of ["back ", "a message ", "to "]) if (rest.toLowerCase().startsWith(lead)) rest = rest.slice(lead.length).trim();
  const lower = rest.toLowerCase();
  const cuts = SEPARATORS.map((sep) => ({ sep, at: lower.indexOf(sep) })).filter((c) => c.at > 0).sort((a, b) => a.at - b.at);
  const cut = cuts[0];
  if (!cut) return undefined;
  const to = stripLead(rest.slice(0, cut.at).trim(), ["my chat with ", "my conversation with ", "the chat with ", "the conversation with "]);
  let body = rest.slice(cut.at + cut.sep.length).trim().replace(/^["“']/, "").replace(/["”']$/, "").trim();
  if (!body || !to) return undefined;
  body = body.charAt(0).toUpperCase() + body.slice(1);
  if (!/[.!?]$/.test(body)) body += ".";
  return { to: PRONOUN.test(to) ? undefined : to, body };
}

function stripLead(text: string, leads: string[]): string {
  const lead = leads.find((l) => text.toLowerCase().startsWith(l));
  return lead ? text.slice(lead.length).trim() : text;
}

const TRAILING_VERBS = new Set(["say", "said", "send", "sent", "write", "wrote", "reply", "replied", "answer", "answered"]);

/** The supplier a recap asks about: "summarise my chat with Ege Textiles", "what did Ege say?". */
export function parseRecapName(text: string): string | undefined {
  const lower = text.toLowerCase();
  const at = Math.max(lower.lastIndexOf(" with "), lower.lastIndexOf(" from "));
  const didAt = lower.indexOf("what did ");
  const start = at >= 0 ? at + 6 : didAt >= 0 ? didAt + 9 : -1;
  if (start < 0) return undefined;
  const words = text.slice(start).replace(/[?.!]+$/, "").trim().split(/\s+/);
  while (words.length && TRAILING_VERBS.has(words.at(-1)!.toLowerCase())) words.pop();
  const name = stripLead(words.join(" "), ["my ", "the "]);
  return name && !PRONOUN.test(name) && !/^(suppliers?|factories|anyone)$/i.test(name) ? name : undefined;
}

function unreadAnswer(r: ToolResponse<"list_conversations">): string {
  const list = r.list;
  if (!list.length) return r.unreadTotal ? `You have ${r.unreadTotal} unread message(s), all in archived conversations.` : "No new messages from suppliers: you're all caught up.";
  const rows = list.slice(0, 10).map((c) => `- **${side(c)}** — ${c.unreadCount} unread: “${c.lastMessagePreview}” (${ago(c.lastTime)})`);
  return [`You have ${r.unreadTotal} unread message${r.unreadTotal === 1 ? "" : "s"} from ${list.length} supplier${list.length === 1 ? "" : "s"}:`, ...rows, 'Say "summarise my chat with <supplier>" or "reply to <supplier> that …".'].join("\n");
}

function waitingAnswer(r: ToolResponse<"list_conversations">): string {
  const list = r.list;
  if (!list.length) return "Nobody is waiting for your reply.";
  const rows = list.slice(0, 10).map((c) => `- **${side(c)}** since ${ago(c.needsReply?.since ?? c.lastTime)}: “${c.lastMessagePreview}”`);
  return [`${list.length} supplier${list.length === 1 ? " is" : "s are"} waiting for your reply:`, ...rows].join("\n");
}

function recapAnswer(conversation: Conversation, messages: Messages): string {
  if (!messages.length) return `Your conversation with ${side(conversation)} has no messages yet.`;
  const lines = [...messages].reverse().map((m) => `- ${m.authorSide === "STORE" ? "You" : m.authorName}: ${m.body || m.type.toLowerCase().replaceAll("_", " ")}`);
  const owes = conversation.needsReply?.side === "STORE" ? `${side(conversation)} is waiting for your reply.` : conversation.needsReply?.side === "SUPPLIER" ? `You're waiting for ${side(conversation)}.` : "";
  return [`Your latest messages with **${side(conversation)}**:`, ...lines, owes].filter(Boolean).join("\n");
}

/** The conversation a follow-up means: the one last read or listed in this thread. */
function conversationIn(outcomes: Outcome[]): Conversation | undefined {
  const read = got(outcomes, "list_messages");
  if (read) return read.value.conversation;
  const sent = got(outcomes, "send_message");
  if (sent) return sent.value.conversation;
  const listed = got(outcomes, "list_conversations");
  return listed?.value.list.length === 1 ? listed.value.list[0] : undefined;
}

const noConversation = (name: string): Step => ({ answer: `You have no conversation with "${name}" yet. Open the supplier's profile and message them, or check the name in your inbox.` });

export const INBOX_INTENTS: Intent[] = [
  {
    name: "inbox-reply",
    examples: ["reply to Ege Textiles that the samples look great", "tell them that we accept", "message Bursa Knits saying we need 500 more", "write back to Jade Kiln: please send the invoice", "respond to them that friday works", "answer Lotus Ceramics that we approve the quote", "tell Ege that we want the navy colour"],
    tools: ["list_conversations", "send_message"],
    match: (t) => REPLY_VERB.test(t) && Boolean(parseReply(t)) && !/\b(tech ?pack|factories)\b/i.test(t),
    step: (t, done, history) => {
      const reply = parseReply(t)!;
      const sent = last(done, "send_message");
      if (sent?.declined) return { answer: "Not sent. Tell me what to change, or write it yourself in the inbox." };
      if (sent?.error) return { answer: `The message wasn't sent: ${sentenceFor(sent.error)}` };
      const delivered = got(done, "send_message");
      if (delivered) {
        const text = delivered.value.messages.find((m) => m.type === "TEXT")?.body ?? reply.body;
        return { answer: `Sent to ${side(delivered.value.conversation)}: “${text}”. Their reply will show in your inbox.` };
      }
      let conversation: Conversation | undefined;
      if (reply.to) {
        const found = got(done, "list_conversations");
        if (!found) return call("list_conversations", { search: reply.to, size: 5 });
        const list = found.value.list;
        conversation = list.find((c) => side(c).toLowerCase() === reply.to!.toLowerCase()) ?? (list.length === 1 ? list[0] : undefined);
        if (!conversation && list.length > 1) return { answer: [`Which one do you mean?`, ...list.map((c) => `- ${side(c)}`)].join("\n") };
        if (!conversation) return noConversation(reply.to);
      } else {
        conversation = conversationIn([...history, ...done]);
        if (!conversation) return { answer: 'Who should I write to? Say e.g. "reply to Ege Textiles that the samples look great".' };
      }
      return call("send_message", { params: { sid: conversation.sid }, body: { type: "TEXT", body: reply.body } });
    },
  },
  {
    name: "inbox-recap",
    examples: ["summarise my chat with Ege Textiles", "what did Jade Kiln say", "catch me up on my conversation with Bursa Knits", "recap my messages with Lotus Ceramics", "read me the latest from Ege", "sumarize the chat with Jade Kiln", "what has the supplier written"],
    tools: ["list_conversations", "list_messages"],
    match: (t) => RECAP_WORD.test(t) && (MESSAGE_WORD.test(t) || Boolean(parseRecapName(t))) && !/\b(orders?|sales|tech ?pack)\b/i.test(t),
    step: (t, done, history) => {
      const read = got(done, "list_messages");
      if (read) return { answer: recapAnswer(read.value.conversation, read.value.list) };
      const name = parseRecapName(t);
      if (!name) {
        const known = conversationIn(history);
        if (known) return call("list_messages", { sid: known.sid, size: 10 });
        return { answer: 'Which conversation? Say e.g. "summarise my chat with Ege Textiles".' };
      }
      const found = got(done, "list_conversations");
      if (!found) return call("list_conversations", { search: name, size: 5 });
      const list = found.value.list;
      const conversation = list.find((c) => side(c).toLowerCase() === name.toLowerCase()) ?? list[0];
      return conversation ? call("list_messages", { sid: conversation.sid, size: 10 }) : noConversation(name);
    },
  },
  {
    name: "inbox-waiting",
    examples: ["who is waiting for my reply", "which suppliers need an answer", "what haven't I replied to", "do I owe anyone a reply", "messages I still need to answer", "which chats need a response"],
    tools: ["list_conversations"],
    match: (t) => WAITING_WORD.test(t) && !/\b(orders?|invoices?|payments?)\b/i.test(t),
    step: (_t, done) => {
      const r = got(done, "list_conversations");
      return r ? { answer: waitingAnswer(r.value) } : call("list_conversations", { filter: "NEEDS_REPLY", size: 10 });
    },
  },
  {
    name: "inbox-unread",
    examples: ["any new messages from suppliers", "check my inbox", "did anyone reply", "any new mesages", "do I have unread messages", "did a supplier write back", "new chats?", "have I heard back from the factories"],
    tools: ["list_conversations"],
    match: (t) => MESSAGE_WORD.test(t) && NEW_WORD.test(t) && !/\b(orders?|invoices?|tech ?pack|chatbot|assistant)\b/i.test(t),
    step: (_t, done) => {
      const r = got(done, "list_conversations");
      return r ? { answer: unreadAnswer(r.value) } : call("list_conversations", { filter: "UNREAD", size: 10 });
    },
  },
];
