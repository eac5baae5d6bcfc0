import type { Queryable } from "../../db/pool";

// Video meetings (issue 18): accepting a meeting request creates a meeting through this interface.
// The built-in local provider really works without any outside service: its join link opens a
// meeting room page the API serves (./local.ts). A hosted adapter (Zoom, Google Meet, Whereby)
// implements the same two calls against its API.

export type NewVideoMeeting = { topic: string; startsAt: Date; durationMinutes: number; hostName: string };

/** What the provider answers: its name, its own meeting id and the link both sides open to join. */
export type VideoMeeting = { provider: string; providerMeetingId: string; joinUrl: string };

export type VideoMeetingProvider = {
  name: string;
  /**
   * A hosted service, called over the network: the caller creates its meeting before taking any
   * lock (a slow answer must not hold the conversation), not inside the transaction.
   */
  remote: boolean;
  /**
   * Creates the meeting. `db` is the caller's transaction: the local provider keeps its room there,
   * so a request that fails leaves no room behind; a hosted adapter ignores it.
   */
  createMeeting(meeting: NewVideoMeeting, db: Queryable): Promise<VideoMeeting>;
};
