import type { ResponseOf } from "@atelier/contracts";
import type { countUnreadMessages as contract } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../context";
import { countUnread } from "../../queries/inbox/conversations";
import { viewerOf } from "./inbox-viewer";

/** The navigation badge: unread messages in the caller's unarchived conversations. */
export async function countUnreadMessages(ctx: UserContext): Promise<ResponseOf<typeof contract>> {
  return countUnread(ctx.pool, viewerOf(ctx));
}
