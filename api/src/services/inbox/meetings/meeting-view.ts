import { API_BASE_PATH } from "@atelier/contracts";
import type { Meeting, Message } from "@atelier/contracts/inbox/contracts";
import type { Queryable } from "../../../db/pool";
import { conflict } from "../../../errors";
import { publishAfterCommit } from "../../../realtime";
import type { InboxViewer } from "../../../queries/inbox/conversations";
import { meetingsAtIndexes, type MeetingRow } from "../../../queries/inbox/meetings";
import { namesOf, type QuoteNames } from "../quotes/quote-view";

/** Where a meeting's calendar invitation is served (api/src/http/meeting-files.ts), under the API's base path. */
export const INVITE_PATH = "/app/meetings/";

/** The absolute link of a meeting's .ics invitation: a calendar app fetches it without a session. */
export function calendarUrlOf(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, "")}${API_BASE_PATH}${INVITE_PATH}${token}/invite.ics`;
}

/** Whether a request went unanswered past its last proposed time. */
export function expired(row: Pick<MeetingRow, "status" | "proposedTimes">, now = new Date()): boolean {
  return row.status === "REQUESTED" && row.proposedTimes.every((t) => t.getTime() <= now.getTime());
}

export function toMeeting(row: MeetingRow, names: QuoteNames, origin: string): Meeting {
  const lapsed = expired(row);
  const open = row.status === "REQUESTED" && !lapsed;
  return {
    id: row.id,
    conversationSid: row.conversationSid,
    supplierId: row.supplierId,
    supplierName: names.supplierName,
    storeId: row.storeId,
    storeName: names.storeName,
    topic: row.topic,
    durationMinutes: row.durationMinutes,
    proposedTimes: [...row.proposedTimes].sort((a, b) => a.getTime() - b.getTime()).map((t) => t.toISOString()),
    note: row.note,
    requestedBy: row.requestedBy,
    requestedByName: row.requestedByName,
    status: lapsed ? "EXPIRED" : row.status,
    awaitingSide: open ? (row.requestedBy === "STORE" ? "SUPPLIER" : "STORE") : null,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.startsAt ? new Date(row.startsAt.getTime() + row.durationMinutes * 60_000).toISOString() : null,
    joinUrl: row.joinUrl,
    calendarUrl: row.inviteToken ? calendarUrlOf(origin, row.inviteToken) : null,
    provider: row.provider,
    declineReason: row.declineReason,
    requestMessageIndex: row.requestMessageIndex,
    meetingMessageIndex: row.meetingMessageIndex,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The meetings of rows, with both sides' names. */
export async function toMeetings(db: Queryable, rows: MeetingRow[], origin: string): Promise<Meeting[]> {
  const names = await namesOf(db, rows);
  return rows.map((r) => toMeeting(r, names(r), origin));
}

/** Attaches the live meeting to each meeting card (request or meeting) of a page of messages. */
export async function withMeetings(db: Queryable, conversationId: string, messages: Message[], origin: string): Promise<Message[]> {
  const indexes = messages.filter((m) => m.type === "ZOOM_MEETING_REQUEST" || m.type === "ZOOM_MEETING").map((m) => m.index);
  if (indexes.length === 0) return messages;
  const meetings = await toMeetings(db, await meetingsAtIndexes(db, conversationId, indexes), origin);
  const byIndex = new Map<number, Meeting>();
  for (const m of meetings) {
    byIndex.set(m.requestMessageIndex, m);
    if (m.meetingMessageIndex !== null) byIndex.set(m.meetingMessageIndex, m);
  }
  return messages.map((m) => (byIndex.has(m.index) ? { ...m, meeting: byIndex.get(m.index)! } : m));
}

/** Re-sends a meeting card to the conversation's room once the change commits, so both sides' cards follow. */
export function publishMeetingCard(db: Queryable, message: Message, meeting: Meeting): void {
  publishAfterCommit(db, { name: "message.updated", to: { conversationId: message.conversationSid }, payload: { conversationSid: message.conversationSid, message: { ...message, meeting } } });
}

/** 409 unless the request is open, has a time ahead, and the viewer's side is the one to answer. */
export function requireMeetingTurn(row: MeetingRow, viewer: InboxViewer, names: QuoteNames, act: string): void {
  if (row.status !== "REQUESTED") throw conflict(`This meeting request was already ${row.status.toLowerCase()}; it can't be ${act} any more.`);
  if (expired(row)) throw conflict(`Every time proposed for “${row.topic}” has passed; it can't be ${act} any more. Propose new times instead.`);
  if (row.requestedBy === viewer.side) {
    const other = viewer.side === "STORE" ? names.supplierName : names.storeName;
    throw conflict(`You proposed these times; wait for ${other || "the other side"} to pick one.`);
  }
}

/** A time as both sides read it in the conversation (UTC: each screen shows it in its own zone). */
export function whenSentence(t: Date): string {
  return `${t.toUTCString().replace(/:00 GMT$/, " UTC")}`;
}
