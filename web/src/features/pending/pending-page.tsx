import type { RouteEntry } from "../../routes/route-table";
import { PageFrame } from "../../shell/page-frame";

function titleOf(path: string): string {
  const first = path.split("/").filter((s) => s && !s.startsWith(":"))[0] ?? "home";
  return first.replace(/-/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

/** A route whose capability a later issue delivers: the frame, its chat entry and what is not built yet. */
export function PendingPage({ route }: { route: RouteEntry }) {
  return (
    <PageFrame title={titleOf(route.path)} chatPrompt="">
      <p className="pending-note" data-testid="pending-note">{route.pending} is not built yet; the assistant can still help from here.</p>
    </PageFrame>
  );
}
