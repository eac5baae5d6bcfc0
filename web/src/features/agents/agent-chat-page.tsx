import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { ComposerPrimitive, ThreadPrimitive, type TextMessagePartProps } from "@assistant-ui/react";
import type { LangChainMessage } from "@assistant-ui/react-langgraph";
import { FollowedRun } from "../../chat/followed-run";
import { AgentRuntimeProvider } from "../../chat/agent-runtime";
import { Approval, ChatInput, MESSAGE_COMPONENTS, SendOrStop, UserMessage } from "../../chat/messages";
import { OfflineNote } from "../../chat/offline-note";
import { screenContextOf } from "../../chat/screen-context";
import { uploadAttachment } from "../../ui/upload";
import { AgentPageFrame } from "./agent-page-frame";
import { agentPageOf, threadStorageKey, type AgentPage } from "./agent-pages";
import { listAgentThreads, pageThreadListAdapter, type AgentThread } from "./agent-threads";
import { AttachmentChips } from "./attachment-chips";
import { attachmentLine, chatAttachmentType, splitAttachments, type ChatAttachment } from "./attachment-types";
import { errorSentence } from "../../api/error-catalogue";

/** /sourcing-agent, /tariff-rate-agent and /packaging-agent: a full-page chat with the matching agent. */
export function AgentChatPage() {
  const page = agentPageOf(useLocation().pathname);
  return (
    <AgentPageFrame page={page} title={page.title} intro={page.intro} action={<Link className="button" to={page.reviewPath} data-testid="open-review">Review</Link>}>
      <AgentChat key={page.assistant} page={page} />
    </AgentPageFrame>
  );
}

function AgentChat({ page }: { page: AgentPage }) {
  const assistant = page.assistant;
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const [threadId, setThreadId] = useState<string | undefined>(() => search.get("id") ?? window.localStorage.getItem(threadStorageKey(assistant)) ?? undefined);
  const [threads, setThreads] = useState<AgentThread[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<ChatAttachment[]>([]);
  const [uploading, setUploading] = useState(false);
  // The stream callback reads the attachments at send time, after React state has moved on.
  const pendingRef = useRef<ChatAttachment[]>([]);
  pendingRef.current = pending;
  const screen = useMemo(() => screenContextOf(location.pathname, location.search), [location.pathname, location.search]);

  const refreshThreads = useCallback(() => {
    listAgentThreads(assistant).then(setThreads, (e: unknown) => setError(errorSentence(e, "The conversations could not be loaded.")));
  }, [assistant]);
  useEffect(refreshThreads, [refreshThreads]);

  // The open thread lives in the URL (a link reopens it) and in storage (the next visit does).
  const open = useCallback(
    (id: string | undefined) => {
      if (id) window.localStorage.setItem(threadStorageKey(assistant), id);
      else window.localStorage.removeItem(threadStorageKey(assistant));
      setSearch(id ? { id } : {}, { replace: true });
      setThreadId(id);
    },
    [assistant, setSearch],
  );
  const choose = (id: string | undefined) => {
    open(id);
    setPending([]);
  };

  const threadListAdapter = useMemo(() => pageThreadListAdapter(assistant), [assistant]);
  const onThreadId = useCallback(
    (id: string) => {
      if (id !== threadId) open(id);
    },
    [open, threadId],
  );
  // The attachments go with the message being sent (read at send time, after React state has moved on).
  const input = useCallback((messages: LangChainMessage[]) => {
    const attachments = pendingRef.current;
    setPending([]);
    const sent = withAttachments(messages, attachments);
    if (!sent.length) return null;
    return { messages: sent, ...(attachments.length ? { attachments: attachments.map((a) => ({ url: a.url, name: a.name, contentType: a.type })) } : {}) };
  }, []);

  const addFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    setUploading(true);
    setError(null);
    for (const file of Array.from(files)) {
      try {
        const uploaded = await uploadAttachment(file);
        setPending((list) => [...list, { url: uploaded.url, name: uploaded.fileName, type: chatAttachmentType(uploaded.fileName) }]);
      } catch (err) {
        setError(`${file.name}: ${errorSentence(err, "could not be uploaded")}`);
      }
    }
    setUploading(false);
  };

  return (
    <div className="agent-layout">
      <nav className="agent-threads card" aria-label="Conversations">
        <button type="button" className="primary" onClick={() => choose(undefined)}>New conversation</button>
        <ul>
          {threads.map((t) => (
            <li key={t.threadId}>
              <button type="button" className={`nav-link${t.threadId === threadId ? " nav-current" : ""}`} aria-current={t.threadId === threadId ? "true" : undefined} onClick={() => choose(t.threadId)}>
                {t.title}
                <span className="muted small">{new Date(t.updatedAt).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="agent-chat card" data-assistant={assistant}>
        <OfflineNote />
        {error && <p className="form-error" role="alert">{error}</p>}
        <AgentRuntimeProvider assistant={assistant} threadId={threadId} onThreadId={onThreadId} threadListAdapter={threadListAdapter} screen={screen} input={input} onRunEnd={refreshThreads} onError={setError}>
          <ThreadPrimitive.Root className="chat-thread">
            <ThreadPrimitive.Viewport className="chat-viewport agent-viewport">
              <ThreadPrimitive.Empty>
                <div className="muted">
                  <p>Try:</p>
                  {page.examples.map((e) => (
                    <ThreadPrimitive.Suggestion key={e} prompt={e} method="replace" className="button suggestion">{e}</ThreadPrimitive.Suggestion>
                  ))}
                </div>
              </ThreadPrimitive.Empty>
              <ThreadPrimitive.Messages components={{ ...MESSAGE_COMPONENTS, UserMessage: AgentUserMessage }} />
              <Approval />
              <FollowedRun />
            </ThreadPrimitive.Viewport>
            <AttachmentChips testId="pending-attachments" list={pending} onRemove={(a) => setPending((list) => list.filter((x) => x.url !== a.url))} />
            <ComposerPrimitive.Root className="chat-composer">
              <label className="button attach-button" title="Attach files (video, image, PDF, AI…)">
                {uploading ? "Uploading…" : "Attach"}
                <input type="file" multiple hidden aria-label="Attach files" disabled={uploading} onChange={(e) => void addFiles(e.target.files).then(() => (e.target.value = ""))} />
              </label>
              <ChatInput autoFocus placeholder={`Message the ${page.title.toLowerCase()}`} className="chat-input" />
              <SendOrStop disabled={uploading} />
            </ComposerPrimitive.Root>
          </ThreadPrimitive.Root>
        </AgentRuntimeProvider>
        {threadId && <p className="muted small"><Link to={`${page.reviewPath}?id=${threadId}`}>Review this conversation</Link>: matched factories, review form, tariff country, price and MOQ.</p>}
      </div>
    </div>
  );
}

/** Adds the attachment lines to the last human message: the agent reads them whatever its model. */
export function withAttachments(messages: LangChainMessage[], attachments: ChatAttachment[]): LangChainMessage[] {
  if (!attachments.length) return messages;
  const lines = attachments.map(attachmentLine).join("\n");
  const index = messages.map((m) => m.type).lastIndexOf("human");
  if (index < 0) return messages;
  return messages.map((m, i) => {
    if (i !== index || m.type !== "human") return m;
    const content = typeof m.content === "string" ? `${m.content}\n${lines}` : [...m.content, { type: "text" as const, text: lines }];
    return { ...m, content } as LangChainMessage;
  });
}

/** A user's text with its attachment lines drawn as chips and thumbnails. */
function UserText({ text }: TextMessagePartProps) {
  const split = splitAttachments(text);
  return (
    <>
      {split.text && <span>{split.text}</span>}
      <AttachmentChips list={split.attachments} />
    </>
  );
}

/** The shared user message, with attachment lines drawn as chips. */
function AgentUserMessage() {
  return <UserMessage Text={UserText} />;
}
