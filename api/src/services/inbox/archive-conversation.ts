import type { ConversationSummary } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { setArchived } from "../../queries/inbox/conversations";
import { ownConversation, publishConversationUpdated, toSummary, viewerOf } from "./inbox-viewer";

/** Archives the conversation for the caller's side only (or puts it back); the other side keeps it as it was. */
export async function archiveConversation(ctx: UserContext, sid: string, archived: boolean): Promise<ConversationSummary> {
  const viewer = viewerOf(ctx);
  return withTransaction(ctx.pool, async (tx) => {
    const row = await ownConversation(tx, viewer, sid, true);
    await setArchived(tx, row.id, viewer.side, archived);
    await publishConversationUpdated(tx, row, "archive");
    return toSummary(await ownConversation(tx, viewer, sid), viewer);
  });
}
