import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { PageFrame } from "../../shell/page-frame";
import { InboxTabs } from "../../ui/inbox-tabs";
import { InboxView } from "./inbox-view";
import { storePort } from "./inbox-port";
import { QuoteComparisons } from "./quote-comparisons";
import "../../ui/kit.css";
import "./quote-tool-cards.css";

/**
 * /inbox/messages: the store's conversations with suppliers, live; or (?view=quotes) the quotes
 * they sent compared per tech pack. The view is in the address, so the assistant knows which is on screen.
 */
export function MessagesPage() {
  const port = useMemo(() => storePort(), []);
  const [unread, setUnread] = useState(0);
  const [params, setParams] = useSearchParams();
  const quotes = params.get("view") === "quotes";
  const show = (view: "quotes" | null) => setParams(view ? { view } : {});
  return (
    <PageFrame title={unread > 0 ? `Messages (${unread} unread)` : "Messages"} chatPrompt={quotes ? "Which quote is cheapest landed?" : "Any new messages from suppliers?"}>
      <InboxTabs />
      <div className="inbox-views" role="group" aria-label="Show">
        <button type="button" className={`button${quotes ? "" : " primary"}`} aria-pressed={!quotes} onClick={() => show(null)}>Conversations</button>
        <button type="button" className={`button${quotes ? " primary" : ""}`} aria-pressed={quotes} onClick={() => show("quotes")}>Compare quotes</button>
      </div>
      {quotes ? <QuoteComparisons port={port} /> : <InboxView port={port} onUnread={setUnread} />}
    </PageFrame>
  );
}
