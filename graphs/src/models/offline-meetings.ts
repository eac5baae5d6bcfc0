import * as chrono from "chrono-node";
import { sentenceFor } from "@atelier/contracts/error-sentences";
import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, IntentContext, Outcome, Step } from "./offline-types";
import { call, got, last } from "./offline-steps";

type Meeting = ToolResponse<"list_meetings">["list"][number];

// Video meetings with suppliers offline: propose times ("set up a call with Jiale tomorrow at 3pm"),
// list requests and upcoming meetings, accept one of a request's times ("accept the meeting",
// "the second time") and decline. Proposing, accepting and declining reach the supplier, so each
// asks the user's approval, which names the supplier, the topic and the time.

const MEETING_WORD = /\b(meetings?|meetngs?|meting|meet|calls?|video ?calls?|zoom|video chat|catch[- ]up)\b/i;
const SCHEDULE_WORD = /\b(set ?up|schedule|shedule|book|arrange|propose|request|organi[sz]e|plan)\b/i;
const ACCEPT_WORD = /\b(accept|accpet|acept|take|pick|choose|confirm|go with)\b/i;
const DECLINE_WORD = /\b(decline|reject|turn down|say no to|none of (the|those|these) times?|can'?t make (it|any))\b/i;
const LIST_WORD = /\b(any|my|upcoming|next|when|show|list|what|which|pending|requests?)\b/i;
const ORDINALS: Record<string, number> = { first: 0, "1st": 0, earliest: 0, second: 1, "2nd": 1, third: 2, "3rd": 2, last: -1, latest: -1 };

/** A time as the approval and the answers say it. */
const when = (iso: string) => new Date(iso).toUTCString().replace(/:00 GMT$/, " UTC");
const joinTimes = (times: string[]) => (times.length <= 1 ? times.map(when).join("") : `${times.slice(0, -1).map(when).join(", ")} or ${when(times.at(-1)!)}`);

/** Start times the user named with an hour ("tomorrow at 3pm or Friday at 10am"), in the future. */
export function parseMeetingTimes(text: string, now = new Date()): string[] {
  // "a 45 minute call" is a length, not "in 45 minutes".
  const found = chrono.parse(text, now, { forwardDate: true }).filter((r) => r.start.isCertain("hour") && !/\b(min|mins|minutes?|hours?|hrs?)\b/i.test(r.text));
  const times = found.map((r) => r.start.date()).filter((d) => d.getTime() > now.getTime());
  return [...new Set(times.map((d) => d.toISOString()))].slice(0, 5);
}

/** The meeting's length: "45 minutes", "an hour", "1h"; 30 by default. */
export function parseDuration(text: string): number {
  const minutes = /\b(\d{1,3})\s*(?:-\s*)?(?:min|mins|minutes?)\b/i.exec(text);
  if (minutes) return Math.min(480, Math.max(5, Number(minutes[1])));
  const hours = /\b(an|one|1|two|2)\s*(?:-\s*)?(?:hours?|hr|h)\b/i.exec(text);
  if (hours) return /two|2/i.test(hours[1]!) ? 120 : 60;
  return 30;
}

/** The words after a lead, up to the first stop word or punctuation (no regex backtracking on user text). */
function wordsAfter(text: string, lead: RegExp, stops: Set<string>): string | undefined {
  const m = lead.exec(text);
  if (!m) return undefined;
  const taken: string[] = [];
  for (const word of text.slice(m.index + m[0].length).trim().split(/\s+/)) {
    const bare = word.replace(/[,?.!;:]+$/, "");
    if (!bare || stops.has(bare.toLowerCase())) break;
    taken.push(bare);
    if (bare !== word) break;
  }
  return taken.length ? taken.join(" ") : undefined;
}

const TOPIC_END = new Set(["tomorrow", "today", "next", "on", "at", "this", "in", "for", "with"]);
const NAME_END = new Set(["tomorrow", "today", "tonight", "next", "on", "at", "this", "in", "for", "about", "to", "regarding", "around", "between", "or"]);

/** What the meeting is about: "about the samples", "to discuss pricing"; else a plain title. */
export function parseTopic(text: string): string {
  const topic = wordsAfter(text, /\b(?:about|to discuss|to talk about|to review|regarding)\b/i, TOPIC_END)?.replace(/^(the|our|my)\s/i, "").trim();
  return topic ? topic.charAt(0).toUpperCase() + topic.slice(1) : "Video call";
}

/** The supplier named after "with": "a call with Jiale Bags tomorrow" → "Jiale Bags"; undefined for "them". */
export function parseMeetingWith(text: string): string | undefined {
  const name = wordsAfter(text, /\bwith\b/i, NAME_END)?.replace(/^(my|the)\s/i, "").replace(/'s$/i, "").trim();
  return name && !/^(them|him|her|they|this supplier|that supplier|the supplier|supplier)$/i.test(name) ? name : undefined;
}

function meetingLine(m: Meeting): string {
  if (m.status === "ACCEPTED" && m.startsAt) return `- **${m.supplierName}** — “${m.topic}” on ${when(m.startsAt)} (${m.durationMinutes} min). Join: ${m.joinUrl}`;
  const turn = m.awaitingSide === "STORE" ? "waiting for you to pick a time" : m.awaitingSide === "SUPPLIER" ? `waiting for ${m.supplierName}` : m.status.toLowerCase();
  return `- **${m.supplierName}** — “${m.topic}”, ${m.durationMinutes} min: ${joinTimes(m.proposedTimes)} (${turn})`;
}

/** The supplier a request names, among the meetings'. */
function namedSupplier(text: string, rows: Meeting[]): Meeting | undefined {
  const lower = text.toLowerCase();
  return rows.find((r) => lower.includes(r.supplierName.toLowerCase())) ?? rows.find((r) => r.supplierName.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 3).some((w) => new RegExp(`\\b${w}('s)?\\b`).test(lower)));
}

const TOPIC_STOP = new Set(["call", "calls", "meeting", "meetings", "video", "with", "about", "the", "this", "that", "zoom"]);

/** The request whose topic a request names: "the sample review call" → “Tote bag sample review”. */
function namedTopic(text: string, rows: Meeting[]): Meeting | undefined {
  const words = (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => w.length > 3 && !TOPIC_STOP.has(w));
  const hits = rows.map((r) => ({ r, n: words.filter((w) => r.topic.toLowerCase().includes(w)).length })).filter((x) => x.n > 0).sort((a, b) => b.n - a.n);
  return hits.length && (hits.length === 1 || hits[0]!.n > hits[1]!.n) ? hits[0]!.r : undefined;
}

/** The request an answer means: the one named, the one in the open conversation, or the only one waiting for the store. */
function targetRequest(text: string, open: Meeting[], context: IntentContext): Meeting | "ask" | "none" {
  const mine = open.filter((m) => m.awaitingSide === "STORE");
  if (!mine.length) return "none";
  const sid = context.screen?.query?.c;
  return namedSupplier(text, mine) ?? namedTopic(text, mine) ?? mine.find((m) => m.conversationSid === sid) ?? (mine.length === 1 ? mine[0]! : "ask");
}

/** The proposed time an accept means: an ordinal, a day and hour the user named, or the only one. */
function pickedTime(text: string, m: Meeting): string | undefined {
  const times = m.proposedTimes.filter((t) => Date.parse(t) > Date.now());
  const ord = /\b(first|1st|earliest|second|2nd|third|3rd|last|latest)\b/i.exec(text);
  if (ord) return times.at(ORDINALS[ord[1]!.toLowerCase()]!);
  const named = parseMeetingTimes(text);
  const match = times.find((t) => named.some((n) => Math.abs(Date.parse(n) - Date.parse(t)) < 60_000));
  if (match) return match;
  const day = chrono.parseDate(text, new Date(), { forwardDate: true });
  if (day) {
    const sameDay = times.filter((t) => new Date(t).toDateString() === day.toDateString());
    if (sameDay.length === 1) return sameDay[0];
  }
  return times.length === 1 ? times[0] : undefined;
}

const whichRequest = (open: Meeting[]): Step => ({ answer: ["Which meeting request do you mean?", ...open.filter((m) => m.awaitingSide === "STORE").map(meetingLine)].join("\n") });
const NO_REQUEST: Step = { answer: "No supplier is waiting for you to pick a meeting time right now." };

/** The open requests listed this turn or earlier in the thread. */
function openRequests(done: Outcome[], history: Outcome[]): Meeting[] | undefined {
  const listed = got(done, "list_meetings") ?? got(history, "list_meetings");
  return listed?.value.list.filter((m) => m.status === "REQUESTED");
}

/** The one conversation this thread's meetings (or messages) were about, for "propose them …". */
function earlierConversation(history: Outcome[]): string | undefined {
  const meetings = got(history, "list_meetings")?.value.list ?? [];
  const sids = new Set(meetings.map((m) => m.conversationSid));
  if (sids.size === 1) return [...sids][0];
  return got(history, "list_messages")?.value.conversation.sid;
}

export const MEETING_INTENTS: Intent[] = [
  {
    name: "meetings-request",
    examples: [
      "set up a call with Jiale Bags tomorrow at 3pm",
      "schedule a video meeting with Ege Textiles on Friday at 10am about the samples",
      "book a zoom with them next monday at 2pm or tuesday at 11am",
      "shedule a 45 minute call with Jiale tomorrow 4pm to discuss pricing",
      "propose a meeting with the supplier on Thursday at 9am",
    ],
    tools: ["list_conversations", "request_meeting"],
    match: (t) => MEETING_WORD.test(t) && SCHEDULE_WORD.test(t) && !ACCEPT_WORD.test(t) && !DECLINE_WORD.test(t),
    step: (t, done, _history, context) => {
      const sent = last(done, "request_meeting");
      if (sent?.declined) return { answer: "Not sent. Tell me other times, or propose them from the conversation." };
      if (sent?.error) return { answer: `The meeting request wasn't sent: ${sentenceFor(sent.error)}` };
      const made = got(done, "request_meeting");
      if (made) {
        const m = made.value;
        return { answer: `Sent ${m.supplierName} a meeting request for “${m.topic}” (${m.durationMinutes} min) at ${joinTimes(m.proposedTimes)}. When they pick a time, the join link and a calendar invitation arrive in your inbox.` };
      }
      const times = parseMeetingTimes(t);
      if (!times.length) return { answer: 'When should I propose? Give one to five times with an hour, e.g. "tomorrow at 3pm or Friday at 10am" (times are in UTC).' };
      const name = parseMeetingWith(t);
      const body = { topic: parseTopic(t), proposedTimes: times, durationMinutes: parseDuration(t) };
      // "them": the conversation open on screen, else the one supplier this thread's meetings were with.
      const onScreen = context.screen?.query?.c ?? (name ? undefined : earlierConversation(_history));
      if (!name && onScreen) return call("request_meeting", { sid: onScreen, ...body });
      const listed = got(done, "list_conversations");
      if (!listed) return call("list_conversations", name ? { search: name, size: 5 } : { size: 5 });
      const list = listed.value.list;
      const target = name ? list[0] : list.length === 1 ? list[0] : undefined;
      if (!target) return name ? { answer: `You have no conversation with "${name}" yet. Open the supplier's profile and message them first.` } : { answer: "Which supplier should I propose the meeting to?" };
      return call("request_meeting", { sid: target.sid, ...body });
    },
  },
  {
    name: "meetings-accept",
    examples: ["accept the meeting request", "accept Jiale's meeting at the first time", "accept the second time for the sample review call", "pick the second time for the call", "accpet the meeting", "confirm the call for the earliest slot", "take the zoom request"],
    tools: ["list_meetings", "accept_meeting"],
    match: (t) => ACCEPT_WORD.test(t) && (MEETING_WORD.test(t) || /\b(time|slot)\b/i.test(t)) && !DECLINE_WORD.test(t) && !/\bquotes?\b/i.test(t),
    step: (t, done, history, context) => {
      const sent = last(done, "accept_meeting");
      if (sent?.declined) return { answer: "Not accepted. The request stays open until its times pass." };
      if (sent?.error) return { answer: `The meeting wasn't accepted: ${sentenceFor(sent.error)}` };
      const accepted = got(done, "accept_meeting");
      if (accepted) {
        const m = accepted.value;
        return { answer: `Done: your ${m.durationMinutes}-minute meeting with ${m.supplierName} about “${m.topic}” is set for ${when(m.startsAt ?? "")}. Join link: ${m.joinUrl}. The calendar invitation is in the conversation.` };
      }
      const open = openRequests(done, history);
      if (!open) return call("list_meetings", { when: "OPEN", size: 20 });
      const target = targetRequest(t, open, context);
      if (target === "none") return NO_REQUEST;
      if (target === "ask") return whichRequest(open);
      const time = pickedTime(t, target);
      if (!time) return { answer: [`Which time for “${target.topic}” with ${target.supplierName}?`, ...target.proposedTimes.map((x, i) => `${i + 1}. ${when(x)}`), 'Say "the first time" or "the second time".'].join("\n") };
      return call("accept_meeting", { id: target.id, startsAt: time });
    },
  },
  {
    name: "meetings-decline",
    examples: ["decline the meeting request", "none of those times work for me", "decline the factory tour call", "reject Jiale's call request", "turn down the zoom request"],
    tools: ["list_meetings", "decline_meeting"],
    match: (t) => DECLINE_WORD.test(t) && (MEETING_WORD.test(t) || /\btimes?\b/i.test(t)) && !/\b(quotes?|orders?|invites?)\b/i.test(t),
    step: (t, done, history, context) => {
      const sent = last(done, "decline_meeting");
      if (sent?.declined) return { answer: "Not declined. The request stays open." };
      if (sent?.error) return { answer: `The meeting request wasn't declined: ${sentenceFor(sent.error)}` };
      const declined = got(done, "decline_meeting");
      if (declined) return { answer: `Declined ${declined.value.supplierName}'s meeting request “${declined.value.topic}”. Propose other times whenever you like.` };
      const open = openRequests(done, history);
      if (!open) return call("list_meetings", { when: "OPEN", size: 20 });
      const target = targetRequest(t, open, context);
      if (target === "none") return NO_REQUEST;
      if (target === "ask") return whichRequest(open);
      const none = /\bnone of (the|those|these) times?\b|can'?t make/i.test(t);
      return call("decline_meeting", { id: target.id, ...(none ? { reason: "None of these times work for us." } : {}) });
    },
  },
  {
    name: "meetings-list",
    examples: ["any meeting requests?", "when is my call with Jiale", "show my upcoming meetings", "do i have any meetngs", "which calls are scheduled"],
    tools: ["list_meetings"],
    match: (t) => MEETING_WORD.test(t) && LIST_WORD.test(t) && !SCHEDULE_WORD.test(t) && !ACCEPT_WORD.test(t) && !DECLINE_WORD.test(t),
    step: (_t, done) => {
      const listed = got(done, "list_meetings");
      // "upcoming", "scheduled", "when is": the accepted ones to come; otherwise requests too.
      if (!listed) return call("list_meetings", { when: /\b(upcoming|scheduled|booked|when is|when's)\b/i.test(_t) ? "UPCOMING" : "ALL", size: 20 });
      const rows = listed.value.list.filter((m) => m.status === "REQUESTED" || (m.status === "ACCEPTED" && m.endsAt !== null && Date.parse(m.endsAt) > Date.now()));
      if (!rows.length) return { answer: 'No meeting requests or upcoming meetings. Say "set up a call with <supplier> tomorrow at 3pm" to propose one.' };
      const waiting = rows.filter((m) => m.awaitingSide === "STORE");
      const rest = rows.filter((m) => m.awaitingSide !== "STORE");
      return {
        answer: [
          ...(waiting.length ? ["Waiting for you to pick a time:", ...waiting.map(meetingLine)] : []),
          ...(rest.length ? [waiting.length ? "Also:" : "Your meetings:", ...rest.map(meetingLine)] : []),
          ...(waiting.length ? ['Say "accept the first time" or "none of those times work".'] : []),
        ].join("\n"),
      };
    },
  },
];
