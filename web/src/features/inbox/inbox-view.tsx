import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import type { InboxPort } from "./inbox-port";
import { ConversationList } from "./conversation-list";
import { ConversationPane } from "./conversation-pane";
import "../../ui/kit.css";
import "./inbox.css";

/** The inbox seen from one side: the list beside the open conversation (one at a time on a phone). The open one is `?c=<sid>`. */
export function InboxView({ port, onUnread }: { port: InboxPort; onUnread?: (n: number) => void }) {
  const [params, setParams] = useSearchParams();
  const sid = params.get("c");
  const select = useCallback((next: string | null) => {
    const p = new URLSearchParams(params);
    if (next) p.set("c", next);
    else p.delete("c");
    setParams(p);
  }, [params, setParams]);
  const unread = useCallback((n: number) => onUnread?.(n), [onUnread]);
  // What the open conversation changes (read, sent, archived) shows in the list at once, before any event.
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), []);
  return (
    <div className={`inbox${sid ? " inbox-open" : ""}`}>
      <ConversationList port={port} selected={sid} onSelect={select} onUnread={unread} version={version} />
      {sid ? <ConversationPane key={sid} port={port} sid={sid} onBack={() => select(null)} onChanged={changed} /> : <section className="inbox-pane inbox-none muted">Choose a conversation.</section>}
    </div>
  );
}
