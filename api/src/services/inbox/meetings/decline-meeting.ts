import type { Meeting } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { declineMeetingRow } from "../../../queries/inbox/meetings";
import { postMessage } from "../post-message";
import { answerMeeting } from "./answer-meeting";

/** The other side declines; a line in the conversation says so (the requester then owes the next move). */
export async function declineMeeting(ctx: UserContext, id: string, reason: string): Promise<Meeting> {
  return answerMeeting(ctx, id, "declined", async ({ tx, meeting, conversation, viewer }) => {
    await declineMeetingRow(tx, meeting.id, reason);
    await postMessage(tx, conversation, viewer, { type: "TEXT", body: `Declined the meeting request “${meeting.topic}”.${reason ? ` ${reason}` : ""}`, attributes: {} });
  });
}
