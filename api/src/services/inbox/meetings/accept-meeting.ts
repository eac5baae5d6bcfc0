import crypto from "node:crypto";
import type { Meeting } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { invalid, notFound } from "../../../errors";
import type { VideoMeeting } from "../../../providers/video-meetings";
import { acceptMeetingRow, findMeeting, type MeetingRow } from "../../../queries/inbox/meetings";
import { postMessage } from "../post-message";
import { ownConversation, viewerOf } from "../inbox-viewer";
import { answerMeeting } from "./answer-meeting";
import { calendarUrlOf, publishMeetingCard, requireMeetingTurn, toMeeting, whenSentence } from "./meeting-view";

/**
 * The other side picks one of the proposed times: the video-meeting provider creates the meeting,
 * a ZOOM_MEETING card with its join link and calendar invitation is posted from the one who
 * accepted, and the request card shows the accepted time.
 *
 * A hosted service (Daily) is called before the transaction, after the same checks, so its answer
 * (up to its timeout) never holds the conversation's lock that sends wait on. The checks run again
 * under the lock; if the request was answered in between, the hosted room is left unused and
 * closes on its own at its expiry time.
 */
export async function acceptMeeting(ctx: UserContext, id: string, startsAtText: string): Promise<Meeting> {
  const startsAt = new Date(startsAtText);
  const provider = ctx.providers.videoMeetings;
  const hosted = provider.remote ? await createBeforeLock(ctx, id, startsAt) : null;
  return answerMeeting(ctx, id, "accepted", async ({ tx, meeting, conversation, viewer, origin }) => {
    checkTime(meeting, startsAt);
    const created = hosted ?? (await provider.createMeeting(newMeetingOf(meeting, startsAt), tx));
    const inviteToken = crypto.randomBytes(16).toString("hex");
    const calendarUrl = calendarUrlOf(origin, inviteToken);
    const attributes = { joinUrl: created.joinUrl, startsAt: startsAt.toISOString(), durationMinutes: meeting.durationMinutes, meetingId: meeting.id, topic: meeting.topic, calendarUrl };
    const message = await postMessage(tx, conversation, viewer, { type: "ZOOM_MEETING", body: "", attributes });
    await acceptMeetingRow(tx, meeting.id, { startsAt, provider: created.provider, providerMeetingId: created.providerMeetingId, joinUrl: created.joinUrl, inviteToken, meetingMessageIndex: message.index });
    const names = { supplierName: conversation.supplierName, storeName: conversation.storeName };
    publishMeetingCard(tx, message, toMeeting((await findMeeting(tx, viewer, meeting.id))!, names, origin));
  });
}

/** The hosted meeting, made only for a request the caller may accept at a valid time (so a refusal costs no room). */
async function createBeforeLock(ctx: UserContext, id: string, startsAt: Date): Promise<VideoMeeting> {
  const viewer = viewerOf(ctx);
  const meeting = await findMeeting(ctx.pool, viewer, id);
  if (!meeting) throw notFound("This meeting request");
  const conversation = await ownConversation(ctx.pool, viewer, meeting.conversationSid);
  requireMeetingTurn(meeting, viewer, { supplierName: conversation.supplierName, storeName: conversation.storeName }, "accepted");
  checkTime(meeting, startsAt);
  return ctx.providers.videoMeetings.createMeeting(newMeetingOf(meeting, startsAt), ctx.pool);
}

function checkTime(meeting: MeetingRow, startsAt: Date): void {
  if (!meeting.proposedTimes.some((t) => t.getTime() === startsAt.getTime())) {
    throw invalid("body.startsAt", `must be one of the proposed times (${meeting.proposedTimes.map(whenSentence).join("; ")})`);
  }
  if (startsAt.getTime() <= Date.now()) throw invalid("body.startsAt", "has already passed; pick a later proposed time");
}

function newMeetingOf(meeting: MeetingRow, startsAt: Date) {
  return { topic: meeting.topic, startsAt, durationMinutes: meeting.durationMinutes, hostName: meeting.requestedByName };
}
