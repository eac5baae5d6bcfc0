import type { QueryOf, ResponseOf } from "@atelier/contracts";
import type { listAttachments as contract } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { listAttachments as listRows } from "../../../queries/inbox/attachments";
import { ownConversation, viewerOf } from "../inbox-viewer";
import { toAttachment } from "./attachment-dto";

/** A page of one of the caller's conversations' attachments, newest first (one kind, or by file name). */
export async function listAttachments(ctx: UserContext, sid: string, q: QueryOf<typeof contract>): Promise<ResponseOf<typeof contract>> {
  const viewer = viewerOf(ctx);
  const conversation = await ownConversation(ctx.pool, viewer, sid);
  const { rows, total } = await listRows(ctx.pool, conversation.id, q);
  return { list: rows.map(toAttachment), total, page: q.page, size: q.size };
}
