import { z } from "zod";
import { defineContract } from "../contract";
import { idSchema, pageOf, pageQuery } from "../domain";
import { conversationSidSchema } from "./conversations";
import { MAX_PROPOSED_TIMES, meetingSchema } from "./meeting-schema";

// Meeting requests in the inbox (issue 18). Either side proposes a few times (a meeting request
// card); the other side accepts one, which creates a video meeting through the provider and posts a
// meeting card with its join link and calendar invitation, or declines.

export * from "./meeting-schema";

const isoDateTime = z.iso.datetime({ offset: true, message: "must be an ISO date and time like 2026-12-01T15:00:00Z" });
const meetingIdParams = z.strictObject({ id: idSchema.describe("The meeting's id, from list_meetings") });
const reason = z.string().trim().max(2000, "must be at most 2000 characters");

export const requestMeeting = defineContract({
  id: "requestMeeting",
  method: "POST",
  path: "/web/conversations/:sid/meetings",
  summary: "Proposes a video meeting in a conversation: a topic, a length and one to five times in the future; the other side accepts one of them or declines.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  status: 201,
  idempotent: true,
  params: z.strictObject({ sid: conversationSidSchema }),
  body: z.strictObject({
    topic: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").describe("What the meeting is about, e.g. Sample review"),
    proposedTimes: z
      .array(isoDateTime)
      .min(1, "must propose at least one time")
      .max(MAX_PROPOSED_TIMES, `must propose at most ${MAX_PROPOSED_TIMES} times`)
      .describe("One to five start times in the future, ISO with a time zone, e.g. 2026-12-01T15:00:00Z"),
    durationMinutes: z.number().int("must be a whole number of minutes").min(5, "must be at least 5 minutes").max(480, "must be at most 8 hours").default(30).describe("Length in minutes (30 by default)"),
    note: reason.default("").describe("A line for the other side"),
  }),
  response: meetingSchema,
});

export const listMeetings = defineContract({
  id: "listMeetings",
  method: "GET",
  path: "/web/meetings",
  summary: "The caller's meetings and meeting requests: those still to answer (OPEN), accepted ones to come (UPCOMING, soonest first), past ones, or all (newest first); optionally of one conversation.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  query: z.strictObject({
    when: z.enum(["OPEN", "UPCOMING", "PAST", "ALL"]).default("ALL").describe("OPEN: requests with a time still ahead; UPCOMING: accepted, not over; PAST; ALL"),
    sid: conversationSidSchema.optional().describe("Only meetings in this conversation"),
    ...pageQuery,
  }),
  response: pageOf(meetingSchema),
});

export const getMeeting = defineContract({
  id: "getMeeting",
  method: "GET",
  path: "/web/meetings/:id",
  summary: "One meeting or meeting request, with its proposed times, status, and once accepted its time, join link and calendar invitation.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  params: meetingIdParams,
  response: meetingSchema,
});

export const acceptMeeting = defineContract({
  id: "acceptMeeting",
  method: "POST",
  path: "/web/meetings/:id/accept",
  summary: "Accepts a meeting request at one of its proposed times: the video meeting is created and a meeting card with the join link and calendar invitation is posted in the conversation.",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  idempotent: true,
  params: meetingIdParams,
  body: z.strictObject({ startsAt: isoDateTime.describe("The chosen time: one of the request's proposedTimes") }),
  response: meetingSchema,
});

export const declineMeeting = defineContract({
  id: "declineMeeting",
  method: "POST",
  path: "/web/meetings/:id/decline",
  summary: "Declines a meeting request, optionally saying why (e.g. none of the times work).",
  tags: ["inbox"],
  access: "user",
  supplierAllowed: true,
  idempotent: true,
  params: meetingIdParams,
  body: z.strictObject({ reason: reason.default("").describe("Why, in a sentence the other side reads") }).optional(),
  response: meetingSchema,
});
