import { z } from "zod";

// A meeting request as both sides read it (issue 18: cards are objects with their own state). Kept
// apart from the endpoints so a message (./messages) can carry its meeting's live state.

/** REQUESTED: waiting for the other side to pick a time; EXPIRED: every proposed time passed unanswered (read, not stored). */
export const MEETING_STATUSES = ["REQUESTED", "ACCEPTED", "DECLINED", "EXPIRED"] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** At most this many times in one request (Calendly's and Zoom's polls show a handful). */
export const MAX_PROPOSED_TIMES = 5;

export const meetingSchema = z.object({
  id: z.string(),
  conversationSid: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  topic: z.string(),
  durationMinutes: z.number().int(),
  /** The times offered, earliest first. */
  proposedTimes: z.array(z.string()),
  note: z.string(),
  requestedBy: z.enum(["STORE", "SUPPLIER"]),
  requestedByName: z.string(),
  status: z.enum(MEETING_STATUSES),
  /** The side that may accept or decline now; null once answered or expired. */
  awaitingSide: z.enum(["STORE", "SUPPLIER"]).nullable(),
  /** The accepted time; null before. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** The video meeting's join link and its calendar invitation (.ics), once accepted. */
  joinUrl: z.string().nullable(),
  calendarUrl: z.string().nullable(),
  /** Which video-meeting provider holds it ("local": the built-in one). */
  provider: z.string().nullable(),
  declineReason: z.string(),
  /** The ZOOM_MEETING_REQUEST card's index, and the ZOOM_MEETING card's once accepted. */
  requestMessageIndex: z.number().int(),
  meetingMessageIndex: z.number().int().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Meeting = z.infer<typeof meetingSchema>;
