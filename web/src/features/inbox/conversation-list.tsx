import { useCallback, useEffect, useRef, useState } from "react";
import { CONVERSATION_TABS, listConversations, type ConversationSummary, type ConversationTab } from "@atelier/contracts/inbox/contracts";
import type { InboxPort } from "./inbox-port";

const TAB_LABELS: Record<ConversationTab, string> = { PERSONAL: "Personal", AI_SOURCING_AGENT: "AI agent", ARCHIVED: "Archived" };
const PAGE = 20;

function when(iso: string): string {
  const d = new Date(iso);
  return d.toDateString() === new Date().toDateString() ? d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : d.toLocaleDateString([], { month: "short", day: "numeric" });
}

/** How long the other side has waited for a reply, in the largest whole unit: "<1 min", "5 min", "3 h", "2 d". */
export function waitedFor(sinceIso: string, now = Date.now()): { short: string; words: string } {
  const minutes = Math.max(0, Math.floor((now - new Date(sinceIso).getTime()) / 60_000));
  const [n, unit, word] = minutes < 60 ? [minutes, "min", "minute"] : minutes < 1440 ? [Math.floor(minutes / 60), "h", "hour"] : [Math.floor(minutes / 1440), "d", "day"];
  return n < 1 ? { short: "<1 min", words: "under a minute" } : { short: `${n} ${unit}`, words: `${n} ${word}${n === 1 ? "" : "s"}` };
}

/** The conversations of one tab, searched and paged, reloaded when any of them changes (live). */
export function ConversationList({ port, selected, onSelect, onUnread, version }: { port: InboxPort; selected: string | null; onSelect: (sid: string) => void; onUnread: (n: number) => void; version: number }) {
  const [tab, setTab] = useState<ConversationTab>("PERSONAL");
  const [filter, setFilter] = useState<"ALL" | "UNREAD" | "NEEDS_REPLY">("ALL");
  const [search, setSearch] = useState("");
  const [size, setSize] = useState(PAGE);
  const [page, setPage] = useState<{ list: ConversationSummary[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);

  const load = useCallback(() => {
    const mine = ++latest.current;
    port.call(listConversations, { query: { tab, filter, search: search.trim() || undefined, size, page: 0 } }).then(
      (answer) => {
        if (mine !== latest.current) return;
        setPage(answer);
        setFailed(false);
        onUnread(answer.unreadTotal);
      },
      () => mine === latest.current && setFailed(true),
    );
    // version: the open conversation changed something; reload.
  }, [port, tab, filter, search, size, onUnread, version]);

  useEffect(() => {
    const timer = window.setTimeout(load, search ? 250 : 0);
    return () => window.clearTimeout(timer);
  }, [load, search]);
  useEffect(() => port.on("conversation.updated", () => load()), [port, load]);

  const types = port.side === "STORE" ? CONVERSATION_TABS : (["PERSONAL", "ARCHIVED"] as const);
  return (
    <aside className="inbox-list" aria-label="Conversations">
      <div className="tabs" role="tablist" aria-label="Inbox tabs">
        {types.map((t) => (
          <button key={t} type="button" role="tab" aria-selected={t === tab} className={`tab${t === tab ? " tab-current" : ""}`} onClick={() => setTab(t)}>
            {t === "PERSONAL" && port.side === "SUPPLIER" ? "Stores" : TAB_LABELS[t]}
          </button>
        ))}
      </div>
      <div className="inbox-filters">
        <input type="search" aria-label="Search conversations" placeholder="Search by name or message" value={search} onChange={(e) => setSearch(e.target.value)} />
        <select aria-label="Show" value={filter} onChange={(e) => setFilter(e.target.value as typeof filter)}>
          <option value="ALL">All</option>
          <option value="UNREAD">Unread</option>
          <option value="NEEDS_REPLY">Waiting for my reply</option>
        </select>
      </div>
      {failed && <p role="alert">The conversations could not be loaded. <button type="button" className="link" onClick={load}>Try again</button></p>}
      {page && page.list.length === 0 && <p className="muted">{search ? "No conversation matches." : port.side === "STORE" ? "No conversations yet. Message a supplier from its profile." : "No store has written to you yet."}</p>}
      <ul className="inbox-conversations">
        {page?.list.map((c) => {
          const other = port.side === "STORE" ? c.supplierName : c.storeName;
          const waiting = c.needsReply?.side === port.side ? waitedFor(c.needsReply.since) : null;
          return (
            <li key={c.sid}>
              <button type="button" className={`inbox-row${c.sid === selected ? " inbox-row-current" : ""}`} aria-current={c.sid === selected ? "true" : undefined} onClick={() => onSelect(c.sid)} data-sid={c.sid}>
                <span className="inbox-avatar" style={{ background: c.avatarColor }} aria-hidden="true">{other.slice(0, 1)}</span>
                <span className="inbox-row-main">
                  <span className="inbox-row-top">
                    <strong>{other}</strong>
                    <span className="muted">{when(c.lastTime)}</span>
                  </span>
                  <span className="inbox-row-bottom">
                    <span className="inbox-preview">{c.lastMessagePreview || "No messages yet"}</span>
                    {waiting && (
                      <span className="badge inbox-waiting" title={`${other} has waited ${waiting.words} for your reply`} aria-label={`Waiting ${waiting.words} for your reply`}>
                        Reply · {waiting.short}
                      </span>
                    )}
                    {c.unreadCount > 0 && <span className="badge inbox-unread" aria-label={`${c.unreadCount} unread`}>{c.unreadCount}</span>}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {page && page.total > page.list.length && <button type="button" className="button" onClick={() => setSize((s) => s + PAGE)}>Show more</button>}
    </aside>
  );
}
