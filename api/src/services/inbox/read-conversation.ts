import type { ConversationSummary } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { invalid } from "../../errors";
import { advanceReadIndex } from "../../queries/inbox/conversations";
import { ownConversation, publishConversationUpdated, toSummary, viewerOf } from "./inbox-viewer";

/** Moves the caller's side's read horizon forward (000 §4: marks messages read up to the index); never back. */
export async function readConversation(ctx: UserContext, sid: string, index?: number): Promise<ConversationSummary> {
  const viewer = viewerOf(ctx);
  return withTransaction(ctx.pool, async (tx) => {
    const row = await ownConversation(tx, viewer, sid, true);
    const target = index ?? row.lastMessageIndex;
    if (target > row.lastMessageIndex) throw invalid("body.index", `is past the last message (${row.lastMessageIndex})`);
    if (target >= 0 && (await advanceReadIndex(tx, row.id, viewer.side, target))) await publishConversationUpdated(tx, row, "read");
    return toSummary(await ownConversation(tx, viewer, sid), viewer);
  });
}
