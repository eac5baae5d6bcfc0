import { useMemo, useState } from "react";
import { PageFrame } from "../../shell/page-frame";
import { InboxTabs } from "../../ui/inbox-tabs";
import { InboxView } from "./inbox-view";
import { storePort } from "./inbox-port";
import "../../ui/kit.css";

/** /inbox/messages: the store's conversations with suppliers, live. */
export function MessagesPage() {
  const port = useMemo(() => storePort(), []);
  const [unread, setUnread] = useState(0);
  return (
    <PageFrame title={unread > 0 ? `Messages (${unread} unread)` : "Messages"} chatPrompt="Any new messages from suppliers?">
      <InboxTabs />
      <InboxView port={port} onUnread={setUnread} />
    </PageFrame>
  );
}
