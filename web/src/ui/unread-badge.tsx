import { countUnreadMessages } from "@atelier/contracts/inbox/contracts";
import { useApi } from "../api/use-api";
import { invalidate } from "../api/query-cache";
import { useRealtimeEvent } from "../realtime/use-realtime-event";

/** The store's unread supplier messages as a badge, live: any conversation change reloads the count. */
export function UnreadMessagesBadge() {
  const state = useApi(countUnreadMessages, {});
  useRealtimeEvent("conversation.updated", () => invalidate([countUnreadMessages.id]));
  const n = state.data?.unread ?? 0;
  return n > 0 ? <span className="badge inbox-unread-badge" data-testid="inbox-unread-badge" aria-label={`${n} unread`}>{n}</span> : null;
}
