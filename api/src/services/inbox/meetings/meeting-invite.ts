import { createEvent } from "ics";
import type { Queryable } from "../../../db/pool";
import { AppError } from "../../../errors";
import { findMeetingByInvite } from "../../../queries/inbox/meetings";
import { namesOf } from "../quotes/quote-view";

/**
 * An accepted meeting's calendar invitation (RFC 5545, written by the `ics` package): found by its
 * unguessable token, since a calendar app or a mail client fetches the link without a session.
 */
export async function meetingInvite(db: Queryable, token: string): Promise<{ fileName: string; body: string }> {
  const meeting = /^[0-9a-f]{32}$/.test(token) ? await findMeetingByInvite(db, token) : null;
  if (!meeting || !meeting.startsAt || !meeting.joinUrl) throw new AppError("NOT_FOUND", "This meeting invitation was not found");
  const names = (await namesOf(db, [meeting]))(meeting);
  const { error, value } = createEvent({
    uid: `${meeting.id}@atelier`,
    title: `${meeting.topic} (${names.storeName} and ${names.supplierName})`,
    description: [meeting.note, `Join the video meeting: ${meeting.joinUrl}`].filter(Boolean).join("\n\n"),
    location: meeting.joinUrl,
    url: meeting.joinUrl,
    start: meeting.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: meeting.durationMinutes },
    status: "CONFIRMED",
    organizer: { name: meeting.requestedByName || names.storeName },
    productId: "atelier/inbox",
  });
  if (error || !value) throw error ?? new Error("the calendar invitation could not be written");
  const slug = meeting.topic.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "meeting";
  return { fileName: `${slug}.ics`, body: value };
}
