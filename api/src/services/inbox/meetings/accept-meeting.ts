import crypto from "node:crypto";
import type { Meeting } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { invalid } from "../../../errors";
import { acceptMeetingRow } from "../../../queries/inbox/meetings";
import { postMessage } from "../post-message";
import { answerMeeting } from "./answer-meeting";
import { calendarUrlOf, publishMeetingCard, toMeeting, whenSentence } from "./meeting-view";
import { findMeeting } from "../../../queries/inbox/meetings";

/**
 * The other side picks one of the proposed times: the video-meeting provider creates the meeting,
 * a ZOOM_MEETING card with its join link and calendar invitation is posted from the one who
 * accepted, and the request card shows the accepted time.
 */
export async function acceptMeeting(ctx: UserContext, id: string, startsAtText: string): Promise<Meeting> {
  const startsAt = new Date(startsAtText);
  return answerMeeting(ctx, id, "accepted", async ({ tx, meeting, conversation, viewer, origin }) => {
    if (!meeting.proposedTimes.some((t) => t.getTime() === startsAt.getTime())) {
      throw invalid("body.startsAt", `must be one of the proposed times (${meeting.proposedTimes.map(whenSentence).join("; ")})`);
    }
    if (startsAt.getTime() <= Date.now()) throw invalid("body.startsAt", "has already passed; pick a later proposed time");
    const created = await ctx.providers.videoMeetings.createMeeting({ topic: meeting.topic, startsAt, durationMinutes: meeting.durationMinutes, hostName: meeting.requestedByName }, tx);
    const inviteToken = crypto.randomBytes(16).toString("hex");
    const calendarUrl = calendarUrlOf(origin, inviteToken);
    const attributes = { joinUrl: created.joinUrl, startsAt: startsAt.toISOString(), durationMinutes: meeting.durationMinutes, meetingId: meeting.id, topic: meeting.topic, calendarUrl };
    const message = await postMessage(tx, conversation, viewer, { type: "ZOOM_MEETING", body: "", attributes });
    await acceptMeetingRow(tx, meeting.id, { startsAt, provider: created.provider, providerMeetingId: created.providerMeetingId, joinUrl: created.joinUrl, inviteToken, meetingMessageIndex: message.index });
    const names = { supplierName: conversation.supplierName, storeName: conversation.storeName };
    publishMeetingCard(tx, message, toMeeting((await findMeeting(tx, viewer, meeting.id))!, names, origin));
  });
}
