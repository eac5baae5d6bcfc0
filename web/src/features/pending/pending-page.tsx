import type { RouteEntry } from "../../routes/route-table";
import { PageFrame } from "../../shell/page-frame";
import { pendingTitle } from "./pending-title";

/** A route whose capability a later issue delivers: the frame, its chat entry and what is not built yet. */
export function PendingPage({ route }: { route: RouteEntry }) {
  return (
    <PageFrame title={pendingTitle(route.path)} chatPrompt="">
      <p className="pending-note" data-testid="pending-note">{route.pending} is not built yet; the assistant can still help from here.</p>
    </PageFrame>
  );
}
