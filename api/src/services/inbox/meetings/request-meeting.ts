import type { BodyOf } from "@atelier/contracts";
import type { Meeting, requestMeeting as contract } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { withTransaction } from "../../../db/pool";
import { invalid } from "../../../errors";
import { findMeeting, insertMeeting } from "../../../queries/inbox/meetings";
import { ownConversation, viewerOf } from "../inbox-viewer";
import { postMessage } from "../post-message";
import { publishMeetingCard, toMeeting } from "./meeting-view";

/** The proposed times, checked together: each in the future and none twice; earliest first. */
export function checkProposedTimes(times: string[], now = Date.now()): Date[] {
  const seen = new Set<number>();
  return times.map((text, i) => {
    const t = new Date(text);
    if (t.getTime() <= now) throw invalid(`body.proposedTimes.${i}`, "must be in the future");
    if (seen.has(t.getTime())) throw invalid(`body.proposedTimes.${i}`, "must not repeat an earlier time");
    seen.add(t.getTime());
    return t;
  }).sort((a, b) => a.getTime() - b.getTime());
}

/**
 * Either side proposes a meeting: the request and its ZOOM_MEETING_REQUEST card in one
 * transaction; the other side's unread badge and "needs reply" move as for any message.
 */
export async function requestMeeting(ctx: UserContext, sid: string, body: BodyOf<typeof contract>): Promise<Meeting> {
  const viewer = viewerOf(ctx);
  await ownConversation(ctx.pool, viewer, sid);
  const times = checkProposedTimes(body.proposedTimes);
  const origin = ctx.config.webOrigin.split(",")[0] ?? "";
  return withTransaction(ctx.pool, async (tx) => {
    const row = await ownConversation(tx, viewer, sid, true);
    const names = { supplierName: row.supplierName, storeName: row.storeName };
    const id = await insertMeeting(tx, {
      conversationId: row.id,
      storeId: row.storeId,
      supplierId: row.supplierId,
      requestMessageIndex: row.lastMessageIndex + 1,
      topic: body.topic,
      durationMinutes: body.durationMinutes,
      proposedTimes: times,
      note: body.note,
      requestedBy: viewer.side,
      requestedByName: viewer.side === "STORE" ? row.storeName : row.supplierName,
    });
    const attributes = { topic: body.topic, proposedTimes: times.map((t) => t.toISOString()), durationMinutes: body.durationMinutes, meetingId: id };
    const message = await postMessage(tx, row, viewer, { type: "ZOOM_MEETING_REQUEST", body: body.note, attributes });
    const meeting = toMeeting((await findMeeting(tx, viewer, id))!, names, origin);
    // message.created carried the bare card; the update right after gives both sides its live state.
    publishMeetingCard(tx, message, meeting);
    return meeting;
  });
}
