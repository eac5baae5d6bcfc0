import { Navigate, useLocation } from "react-router";

/**
 * /inbox, the inbox's entry (000 §2.2): it opens the Messages tab, as an inbox opens on its
 * conversations, keeping the query (`?open=cart` and the like) so links into the inbox still work.
 * The tab's own address stays the one links and the navigation use.
 */
export function InboxEntry() {
  const { search, hash } = useLocation();
  return <Navigate to={`/inbox/messages${search}${hash}`} replace />;
}
