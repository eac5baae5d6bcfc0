import type { Meeting } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { withTransaction, type Queryable } from "../../../db/pool";
import { notFound } from "../../../errors";
import type { InboxViewer, NamedConversationRow } from "../../../queries/inbox/conversations";
import { findMeeting, type MeetingRow } from "../../../queries/inbox/meetings";
import { listMessages } from "../../../queries/inbox/messages";
import { ownConversation, toMessage, viewerOf } from "../inbox-viewer";
import { publishMeetingCard, requireMeetingTurn, toMeeting } from "./meeting-view";

export type MeetingAnswer = { tx: Queryable; meeting: MeetingRow; conversation: NamedConversationRow; viewer: InboxViewer; origin: string };

/**
 * One answer to a meeting request (accept or decline), in one transaction: the request locked and
 * found from the caller's side (another store's or supplier's is 404), the caller's turn checked
 * (409 otherwise), the answer applied (it posts its own message), and the request card re-sent to
 * both sides with its new state.
 */
export async function answerMeeting(ctx: UserContext, id: string, act: string, apply: (a: MeetingAnswer) => Promise<void>): Promise<Meeting> {
  const viewer = viewerOf(ctx);
  const origin = ctx.config.webOrigin.split(",")[0] ?? "";
  return withTransaction(ctx.pool, async (tx) => {
    const meeting = await findMeeting(tx, viewer, id, true);
    if (!meeting) throw notFound("This meeting request");
    // The conversation's lock orders this write with sends (message indexes).
    const conversation = await ownConversation(tx, viewer, meeting.conversationSid, true);
    const names = { supplierName: conversation.supplierName, storeName: conversation.storeName };
    requireMeetingTurn(meeting, viewer, names, act);
    await apply({ tx, meeting, conversation, viewer, origin });
    const updated = toMeeting((await findMeeting(tx, viewer, id))!, names, origin);
    const card = (await listMessages(tx, conversation.id, { after: meeting.requestMessageIndex - 1, size: 1 })).rows[0];
    if (card) publishMeetingCard(tx, toMessage(card), updated);
    return updated;
  });
}
