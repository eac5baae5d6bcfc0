import type { ConversationSummary } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../context";
import { ownConversation, toSummary, viewerOf } from "./inbox-viewer";

/** One of the caller's conversations with its read state. */
export async function getConversation(ctx: UserContext, sid: string): Promise<ConversationSummary> {
  const viewer = viewerOf(ctx);
  return toSummary(await ownConversation(ctx.pool, viewer, sid), viewer);
}
