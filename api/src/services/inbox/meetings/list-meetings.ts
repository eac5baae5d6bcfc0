import type { QueryOf, ResponseOf } from "@atelier/contracts";
import type { Meeting, listMeetings as contract } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { notFound } from "../../../errors";
import { findMeeting, listMeetings as listRows } from "../../../queries/inbox/meetings";
import { ownConversation, viewerOf } from "../inbox-viewer";
import { toMeetings } from "./meeting-view";

const originOf = (ctx: UserContext) => ctx.config.webOrigin.split(",")[0] ?? "";

export async function listMeetings(ctx: UserContext, q: QueryOf<typeof contract>): Promise<ResponseOf<typeof contract>> {
  const viewer = viewerOf(ctx);
  // A conversation that is not the caller's is 404, not an empty page.
  if (q.sid) await ownConversation(ctx.pool, viewer, q.sid);
  const page = await listRows(ctx.pool, viewer, { sid: q.sid, when: q.when, page: q.page, size: q.size });
  return { list: await toMeetings(ctx.pool, page.rows, originOf(ctx)), total: page.total, page: q.page, size: q.size };
}

export async function getMeeting(ctx: UserContext, id: string): Promise<Meeting> {
  const row = await findMeeting(ctx.pool, viewerOf(ctx), id);
  if (!row) throw notFound("This meeting");
  return (await toMeetings(ctx.pool, [row], originOf(ctx)))[0]!;
}
