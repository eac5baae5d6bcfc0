import express, { type Router, type Request, type Response, type NextFunction } from "express";
import type { AppDeps } from "../context";
import { meetingInvite } from "../services/inbox/meetings/meeting-invite";
import { joinRoom, roomPageHtml } from "../services/video-meetings/room-page";
import { contentDisposition } from "./file-response";

/**
 * The meetings' non-JSON answers, reached by unguessable tokens because calendar apps and people
 * following a link from an e-mail have no session: an accepted meeting's .ics invitation, and the
 * built-in video-meeting provider's room page with its join form.
 */
export function mountMeetingFiles(router: Router, deps: AppDeps): void {
  router.get("/app/meetings/:token/invite.ics", async (req: Request, res: Response, next: NextFunction) => {
    try {
      const invite = await meetingInvite(deps.pool, String(req.params.token));
      res.setHeader("content-type", "text/calendar; charset=utf-8");
      res.setHeader("content-disposition", contentDisposition("attachment", invite.fileName));
      res.setHeader("cache-control", "private, no-store");
      res.end(invite.body);
    } catch (err) {
      next(err);
    }
  });

  router.get("/app/meet/:token", async (req: Request, res: Response, next: NextFunction) => {
    try {
      const joined = typeof req.query.as === "string" ? req.query.as : null;
      const html = await roomPageHtml(deps.pool, String(req.params.token), joined);
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
      res.setHeader("cache-control", "private, no-store");
      res.setHeader("referrer-policy", "no-referrer");
      res.end(html);
    } catch (err) {
      next(err);
    }
  });

  router.post("/app/meet/:token/join", express.urlencoded({ extended: false, limit: "4kb" }), async (req: Request, res: Response, next: NextFunction) => {
    try {
      const token = String(req.params.token);
      const name = await joinRoom(deps.pool, token, (req.body as Record<string, unknown> | undefined)?.name);
      // Back to the room (303: the browser follows with a GET), now inside.
      res.redirect(303, `../${token}?as=${encodeURIComponent(name)}`);
    } catch (err) {
      next(err);
    }
  });
}
