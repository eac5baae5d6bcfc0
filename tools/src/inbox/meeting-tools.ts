import { inbox } from "@atelier/contracts";
import type { Meeting } from "@atelier/contracts/inbox/contracts";
import { defineTool, type ApprovalLookup } from "../tool-spec";
import { bodyOf } from "../tool-from-contract";

// Meeting requests in the inbox. Reading is free; proposing times, accepting one and declining all
// reach the supplier, so each waits for the user's approval, which names the supplier, the topic
// and the time(s) in words.

const idArg = "The meeting's id, from list_meetings";
const when = (iso: string) => new Date(iso).toUTCString().replace(/:00 GMT$/, " UTC");
const joinTimes = (times: string[]) => (times.length <= 1 ? times.map(when).join("") : `${times.slice(0, -1).map(when).join(", ")} or ${when(times.at(-1)!)}`);

async function meetingOf(lookup: ApprovalLookup, args: Record<string, unknown>): Promise<Meeting | undefined> {
  const id = (args.params as { id?: unknown } | undefined)?.id ?? args.id;
  return typeof id === "string" ? lookup(inbox.getMeeting, { params: { id } }) : undefined;
}

/** Why the store cannot answer this request now, in a sentence; undefined when it can. */
function notAnswerable(m: Meeting | undefined): string | undefined {
  if (!m) return undefined;
  if (m.status === "EXPIRED") return `Every time proposed for “${m.topic}” has passed, so it can't be answered; propose new times instead.`;
  if (m.status !== "REQUESTED") return `The meeting request “${m.topic}” was already ${m.status.toLowerCase()}.`;
  if (m.awaitingSide !== "STORE") return `The store proposed “${m.topic}” itself; ${m.supplierName} picks the time.`;
  return undefined;
}

export const meetingTools = [
  defineTool({
    contract: inbox.listMeetings,
    name: "list_meetings",
    description:
      "List the store's video meetings and meeting requests with suppliers: when OPEN (requests still to answer, each with its proposedTimes and awaitingSide: STORE means the store picks a time), UPCOMING (accepted, soonest first, with startsAt and joinUrl), PAST or ALL; optionally of one conversation (sid). Use it for 'any meeting requests?', 'when is my call with Jiale?' and to find a meeting's id before accepting or declining.",
    argDescriptions: { page: "Page number, starting at 0", size: "Meetings per page, 1-100" },
  }),
  defineTool({
    contract: inbox.getMeeting,
    name: "get_meeting",
    description: "One meeting or meeting request: topic, length, proposed times, status, and once accepted its time, join link and calendar invitation link.",
    argDescriptions: { id: idArg },
  }),
  defineTool({
    contract: inbox.requestMeeting,
    name: "request_meeting",
    description:
      "Propose a video meeting to a supplier in a conversation: a topic, a length in minutes (30 by default) and one to five start times in the future (ISO with a time zone). The supplier then picks one. This contacts the supplier, so the user approves the supplier, topic and times first.",
    argDescriptions: { sid: "The conversation's sid (CH…), from list_conversations" },
    approval: {
      async summary(a, lookup) {
        const sid = (a.params as { sid?: unknown } | undefined)?.sid ?? a.sid;
        const b = bodyOf(inbox.requestMeeting, a);
        const conversation = typeof sid === "string" ? await lookup(inbox.getConversation, { params: { sid } }) : undefined;
        const times = b?.proposedTimes ?? [];
        const minutes = b?.durationMinutes ?? 30;
        return `Propose a ${minutes}-minute video meeting “${b?.topic ?? "meeting"}” to ${conversation?.supplierName ?? "the supplier"} at ${joinTimes(times) || "the proposed times"}`;
      },
    },
  }),
  defineTool({
    contract: inbox.acceptMeeting,
    name: "accept_meeting",
    description:
      "Accept a supplier's meeting request at one of its proposedTimes (startsAt must be one of them, only when its awaitingSide is STORE): the video meeting is created and its join link and calendar invitation are posted in the conversation. This answers the supplier, so the user approves the supplier, topic and time first.",
    argDescriptions: { id: idArg },
    approval: {
      precheck: async (a, lookup) => notAnswerable(await meetingOf(lookup, a)),
      async summary(a, lookup) {
        const m = await meetingOf(lookup, a);
        const at = bodyOf(inbox.acceptMeeting, a)?.startsAt;
        const atWords = at ? ` at ${when(at)}` : "";
        return m ? `Accept ${m.supplierName}'s ${m.durationMinutes}-minute video meeting “${m.topic}”${atWords}` : `Accept this meeting${atWords}`;
      },
    },
  }),
  defineTool({
    contract: inbox.declineMeeting,
    name: "decline_meeting",
    description: "Decline a supplier's meeting request, optionally saying why (e.g. none of the times work). This answers the supplier, so the user approves it first.",
    argDescriptions: { id: idArg },
    approval: {
      precheck: async (a, lookup) => notAnswerable(await meetingOf(lookup, a)),
      async summary(a, lookup) {
        const m = await meetingOf(lookup, a);
        return m ? `Decline ${m.supplierName}'s meeting request “${m.topic}” (${joinTimes(m.proposedTimes)})` : "Decline this meeting request";
      },
    },
  }),
];
