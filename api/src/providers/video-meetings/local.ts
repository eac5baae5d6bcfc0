import crypto from "node:crypto";
import { API_BASE_PATH } from "@atelier/contracts";
import type { Queryable } from "../../db/pool";
import { insertRoom } from "../../queries/video-meetings/rooms";
import type { VideoMeetingProvider } from "./index";

/** Where the local provider's rooms are served, under the API's base path (api/src/http/meeting-files.ts). */
export const LOCAL_ROOM_PATH = "/app/meet/";

/**
 * The built-in provider: a room keyed by an unguessable token, whose join link opens a page the
 * API serves (who is invited, when, and who has come in). `origin` is the web app's origin, which
 * forwards the API's base path, so the link works from an e-mail or a calendar app as well.
 */
export function createLocalVideoMeetings(origin: string): VideoMeetingProvider {
  return {
    name: "local",
    remote: false,
    async createMeeting(meeting, db: Queryable) {
      const token = crypto.randomBytes(16).toString("hex");
      await insertRoom(db, { token, ...meeting });
      return { provider: "local", providerMeetingId: token, joinUrl: `${origin.replace(/\/+$/, "")}${API_BASE_PATH}${LOCAL_ROOM_PATH}${token}` };
    },
  };
}
