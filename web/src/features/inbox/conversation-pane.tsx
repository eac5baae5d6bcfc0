import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import {
  archiveConversation, listMessages, markConversationUnread, readConversation, sendMessage, sendTyping,
  type ConversationSummary, type Meeting, type Message, type Quote,
} from "@atelier/contracts/inbox/contracts";
import type { InboxPort } from "./inbox-port";
import { MessageBubble } from "./message-bubble";
import { ProposeMeetingForm } from "./propose-meeting-form";
import { ProposeQuoteForm } from "./propose-quote-form";
import { useSearchParams } from "react-router";
import { AttachmentsPanel } from "./attachments-panel";
import { ImagePins } from "./image-pins";

/** Merges messages by index, oldest first (a live one, a resync page and history may overlap). */
function merge(a: Message[], b: Message[]): Message[] {
  const byIndex = new Map<number, Message>();
  for (const m of [...a, ...b]) byIndex.set(m.index, m);
  return [...byIndex.values()].sort((x, y) => x.index - y.index);
}

/** One conversation: history newest at the bottom (older pages load when scrolled to the top), live messages, typing, and the composer. */
export function ConversationPane({ port, sid, onBack, onChanged }: { port: InboxPort; sid: string; onBack: () => void; onChanged: () => void }) {
  const [conversation, setConversation] = useState<ConversationSummary | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [text, setText] = useState("");
  const [attaching, setAttaching] = useState<string[]>([]);
  const [showFiles, setShowFiles] = useState(false);
  const [filesVersion, setFilesVersion] = useState(0);
  // The picture open with its pins is in the address (?file=), so the assistant's screen context says which one "this photo" is.
  const [params, setParams] = useSearchParams();
  const openFile = params.get("file");
  const setOpenFile = useCallback((id: string | null) => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set("file", id);
      else next.delete("file");
      return next;
    });
  }, [setParams]);
  const [sending, setSending] = useState(false);
  const [typing, setTyping] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [proposing, setProposing] = useState(false);
  const [meetingForm, setMeetingForm] = useState(false);
  const scroller = useRef<HTMLOListElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const stickToBottom = useRef(true);
  const lastIndex = messages.at(-1)?.index ?? -1;
  const lastIndexRef = useRef(lastIndex);
  lastIndexRef.current = lastIndex;

  const markRead = useCallback(() => {
    if (document.visibilityState !== "visible") return;
    port.call(readConversation, { params: { sid }, body: {} }).then((c) => {
      setConversation(c);
      onChanged();
    }, () => undefined);
  }, [port, sid, onChanged]);

  // Open: the newest page, then read it; the room brings what follows.
  useEffect(() => {
    setMessages([]);
    setConversation(null);
    stickToBottom.current = true;
    let live = true;
    port.call(listMessages, { params: { sid }, query: {} }).then((page) => {
      if (!live) return;
      setMessages(page.list.slice().reverse());
      setHasMore(page.hasMore);
      setConversation(page.conversation);
      if (page.conversation.unreadCount > 0) markRead();
    }, () => live && setError("This conversation could not be loaded."));
    const leave = port.follow(sid);
    return () => {
      live = false;
      leave();
    };
  }, [port, sid, markRead]);

  /** Catches up from the last index we hold (after a gap, a reconnect or a missed event). */
  const resync = useCallback(() => {
    port.call(listMessages, { params: { sid }, query: { after: lastIndexRef.current, size: 100 } }).then((page) => {
      setMessages((m) => merge(m, page.list));
      setConversation(page.conversation);
      if (page.conversation.unreadCount > 0) markRead();
    }, () => undefined);
  }, [port, sid, markRead]);

  useEffect(() => port.on("message.created", ({ conversationSid, message }) => {
    if (conversationSid !== sid) return;
    if (message.index > lastIndexRef.current + 1) return resync();
    stickToBottom.current = true;
    setMessages((m) => merge(m, [message]));
    if (message.authorSide !== port.side) markRead();
  }), [port, sid, resync, markRead]);
  // A card's object moved (a quote countered, accepted, expired): the message is replaced in place.
  useEffect(() => port.on("message.updated", ({ conversationSid, message }) => {
    if (conversationSid === sid) setMessages((m) => (m.some((x) => x.index === message.index) ? merge(m, [message]) : m));
  }), [port, sid]);
  const onQuote = useCallback((quote: Quote) => {
    setMessages((m) => m.map((x) => (x.index === quote.messageIndex ? { ...x, quote } : x)));
    onChanged();
  }, [onChanged]);
  // A meeting answered here: its request card (and the meeting card it made) show the new state at once.
  const onMeeting = useCallback((meeting: Meeting) => {
    setMessages((m) => m.map((x) => (x.index === meeting.requestMessageIndex || x.index === meeting.meetingMessageIndex ? { ...x, meeting } : x)));
    resync();
    onChanged();
  }, [onChanged, resync]);
  useEffect(() => port.on("conversation.updated", (e) => {
    if (e.sid === sid && e.lastMessageIndex > lastIndexRef.current) resync();
  }), [port, sid, resync]);
  useEffect(() => {
    let timer = 0;
    const off = port.on("conversation.typing", (e) => {
      if (e.conversationSid !== sid || e.side === port.side) return;
      setTyping(e.typing ? e.name : null);
      window.clearTimeout(timer);
      if (e.typing) timer = window.setTimeout(() => setTyping(null), 6000);
    });
    return () => {
      off();
      window.clearTimeout(timer);
    };
  }, [port, sid]);

  // Keeps the view where the reader was: at the bottom for new messages, in place when older ones are prepended.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [messages, typing]);

  const loadOlder = useCallback(() => {
    const first = messages[0];
    if (!hasMore || !first) return;
    port.call(listMessages, { params: { sid }, query: { before: first.index } }).then((page) => {
      const el = scroller.current;
      keepFromBottom.current = el ? el.scrollHeight - el.scrollTop : null;
      stickToBottom.current = false;
      setMessages((m) => merge(page.list, m));
      setHasMore(page.hasMore);
    }, () => undefined);
  }, [port, sid, messages, hasMore]);

  const typingSent = useRef(0);
  const onType = (value: string) => {
    setText(value);
    // At most one typing hint every 3 seconds: cheap, and the other side's indicator lasts 6.
    if (value && Date.now() - typingSent.current > 3000) {
      typingSent.current = Date.now();
      port.call(sendTyping, { params: { sid }, body: { typing: true } }).catch(() => undefined);
    }
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (sending || !text.trim()) return;
    setSending(true);
    setError(null);
    try {
      const answer = await port.call(sendMessage, { params: { sid }, body: { type: "TEXT", body: text.trim() } }, { idempotencyKey: crypto.randomUUID() });
      stickToBottom.current = true;
      setMessages((m) => merge(m, answer.messages));
      setConversation(answer.conversation);
      onChanged();
      setText("");
      typingSent.current = 0;
      port.call(sendTyping, { params: { sid }, body: { typing: false } }).catch(() => undefined);
    } catch (err) {
      setError(err instanceof Error ? err.message : "The message was not sent. Try again.");
    } finally {
      setSending(false);
    }
  };

  /** Sends each chosen file at once, as its own message (the API checks it and sorts it by kind). */
  const attach = async (list: FileList | null) => {
    if (!list) return;
    setError(null);
    for (const file of Array.from(list)) {
      setAttaching((a) => [...a, file.name]);
      try {
        const sent = await port.attach(sid, file);
        stickToBottom.current = true;
        setMessages((m) => merge(m, [sent.message]));
        setFilesVersion((v) => v + 1);
        onChanged();
      } catch (err) {
        setError(err instanceof Error ? err.message : `${file.name} could not be sent.`);
      } finally {
        setAttaching((a) => a.filter((n) => n !== file.name));
      }
    }
  };

  const other = conversation ? (port.side === "STORE" ? conversation.supplierName : conversation.storeName) : "";
  const act = (fn: () => Promise<ConversationSummary>) => fn().then((c) => {
    setConversation(c);
    onChanged();
  }, () => undefined);
  return (
    <section className="inbox-pane" aria-label={other ? `Conversation with ${other}` : "Conversation"}>
      <header className="inbox-pane-head">
        <button type="button" className="button inbox-back" onClick={onBack} aria-label="Back to conversations">←</button>
        <h2>{other || "…"}</h2>
        {conversation && (
          <div className="inbox-pane-actions">
            <button type="button" className="button" aria-pressed={showFiles} onClick={() => { setShowFiles((v) => !v); setOpenFile(null); }}>Files</button>
            <button type="button" className="button" onClick={() => act(() => port.call(markConversationUnread, { params: { sid } }))}>Mark unread</button>
            <button type="button" className="button" onClick={() => act(() => port.call(archiveConversation, { params: { sid }, body: { archived: !conversation.archived } }))}>{conversation.archived ? "Move to inbox" : "Archive"}</button>
          </div>
        )}
      </header>
      {openFile && <ImagePins key={openFile} port={port} attachmentId={openFile} onClose={() => setOpenFile(null)} />}
      {showFiles && !openFile && <AttachmentsPanel port={port} sid={sid} version={filesVersion} onOpen={setOpenFile} onClose={() => setShowFiles(false)} />}
      <ol className={`inbox-messages${openFile || showFiles ? " inbox-hidden" : ""}`} ref={scroller} onScroll={(e) => {
        const el = e.currentTarget;
        stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        if (el.scrollTop < 40) loadOlder();
      }} aria-live="polite">
        {hasMore && <li className="inbox-older"><button type="button" className="link" onClick={loadOlder}>Load older messages</button></li>}
        {messages.map((m) => <MessageBubble key={m.index} message={m} mine={m.authorSide === port.side} port={port} onQuote={onQuote} onMeeting={onMeeting} onOpenFile={setOpenFile} />)}
        {conversation && messages.length === 0 && <li className="muted inbox-empty">Say hello to {other}.</li>}
      </ol>
      {typing && <p className="inbox-typing muted" role="status">{typing} is typing…</p>}
      {proposing && (
        <ProposeQuoteForm port={port} sid={sid} messages={messages} onCancel={() => setProposing(false)} onSent={() => {
          setProposing(false);
          stickToBottom.current = true;
          resync();
          onChanged();
        }} />
      )}
      {meetingForm && (
        <ProposeMeetingForm port={port} sid={sid} onCancel={() => setMeetingForm(false)} onSent={() => {
          setMeetingForm(false);
          stickToBottom.current = true;
          resync();
          onChanged();
        }} />
      )}
      <form className="inbox-composer" onSubmit={(e) => void send(e)}>
        {attaching.length > 0 && <ul className="inbox-pending" aria-label="Sending">{attaching.map((n) => <li key={n} className="chip">Sending {n}…</li>)}</ul>}
        {error && <p role="alert" className="error">{error}</p>}
        <div className="inbox-compose-row">
          <label className="button inbox-attach">
            Attach<input type="file" multiple hidden accept=".jpg,.jpeg,.png,.gif,.eps,.pdf,.ai,.mp4,.mkv,.mov,.xlsx,.xls,.csv" onChange={(e) => {
              void attach(e.target.files);
              e.target.value = "";
            }} />
          </label>
          <textarea aria-label="Message" placeholder={`Write to ${other || "them"}`} rows={2} value={text} maxLength={4000} onChange={(e) => onType(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }} />
          {!meetingForm && <button type="button" className="button" aria-label="Propose a meeting" title="Propose a meeting" onClick={() => setMeetingForm(true)}>Meeting</button>}
          {port.side === "SUPPLIER" && !proposing && <button type="button" className="button" onClick={() => setProposing(true)}>Send a quote</button>}
          <button type="submit" className="button primary" disabled={sending}>Send</button>
        </div>
      </form>
    </section>
  );
}
