import { z } from "zod";
import { AppError } from "../../errors";
import type { VideoMeetingProvider } from "./index";

// Daily (daily.co) through its documented REST API: POST /v1/rooms with the API key as a bearer
// token. Daily's own SDKs are for the browser call; the server side is this one call, so no SDK.
// Errors come as { error, info } with a stable error type (authentication-error,
// rate-limit-error, invalid-request-error…); info is debug text that may change, so what the
// user reads is said here from the status and the type.

const DAILY_API = "https://api.daily.co/v1";
/** Daily answers within a second or two; a hung call must not hold the conversation's lock. */
const TIMEOUT_MS = 10_000;
/** The room opens this long before the meeting and closes this long after its end (late joiners, overruns). */
const OPEN_EARLY_SECONDS = 15 * 60;
const CLOSE_LATE_SECONDS = 60 * 60;

const roomSchema = z.object({ id: z.string().min(1), name: z.string().min(1), url: z.url({ protocol: /^https?$/ }) });
const errorSchema = z.object({ error: z.string(), info: z.string().optional() });

export type DailyOptions = { apiKey: string; baseUrl?: string };

/** What a failure tells the person who accepted the time, on the meeting card; the request stays open to accept again. */
function failure(status: number, type: string | undefined): AppError {
  if (status === 401 || status === 403 || type === "authentication-error" || type === "authorization-header-error" || type === "forbidden-error") {
    return new AppError("BAD_GATEWAY", "The meeting could not be created: the video-meeting service (Daily) did not accept this workspace's account. Ask an administrator to check the video-meeting settings; the request stays open.");
  }
  if (status === 429 || type === "rate-limit-error") {
    return new AppError("UNAVAILABLE", "The video-meeting service (Daily) is busy and did not create the meeting. Pick the time again in a minute.");
  }
  if (status >= 500 || type === "server-error") {
    return new AppError("BAD_GATEWAY", "The video-meeting service (Daily) had a problem and did not create the meeting. Pick the time again in a few minutes.");
  }
  return new AppError("BAD_GATEWAY", "The video-meeting service (Daily) refused to create this meeting. Pick the time again; if it keeps failing, propose new times.");
}

/**
 * Creates each accepted meeting as a Daily room with an unguessable name Daily picks, open from a
 * quarter of an hour before the start until an hour after the end (`nbf`/`exp`), and ejecting
 * everyone when it closes. The join link is the room's URL; Daily's room name is its meeting id.
 */
export function createDailyVideoMeetings(options: DailyOptions): VideoMeetingProvider {
  const base = (options.baseUrl ?? DAILY_API).replace(/\/+$/, "");
  return {
    name: "daily",
    remote: true,
    async createMeeting(meeting) {
      const start = Math.floor(meeting.startsAt.getTime() / 1000);
      const body = {
        privacy: "public",
        properties: { nbf: start - OPEN_EARLY_SECONDS, exp: start + meeting.durationMinutes * 60 + CLOSE_LATE_SECONDS, eject_at_room_exp: true },
      };
      let res: Response;
      try {
        res = await fetch(`${base}/rooms`, {
          method: "POST",
          headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        if (err instanceof Error && err.name === "TimeoutError") {
          throw new AppError("TIMEOUT", "The video-meeting service (Daily) did not answer in time, so no meeting was created. Pick the time again in a moment.");
        }
        throw new AppError("BAD_GATEWAY", "The video-meeting service (Daily) could not be reached, so no meeting was created. Pick the time again in a few minutes.");
      }
      const json: unknown = await res.json().catch(() => null);
      if (!res.ok) throw failure(res.status, errorSchema.safeParse(json).data?.error);
      const room = roomSchema.safeParse(json);
      if (!room.success) throw new AppError("BAD_GATEWAY", "The video-meeting service (Daily) answered without a meeting link, so no meeting was created. Pick the time again in a few minutes.");
      return { provider: "daily", providerMeetingId: room.data.name, joinUrl: room.data.url };
    },
  };
}
