import { useCallback, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import { ComposerPrimitive, ThreadPrimitive } from "@assistant-ui/react";
import type { ChatIntent } from "./chat-intents";
import { closeChat } from "./chat-intents";
import { agentClient, threadStorageKey } from "./agent-client";
import { screenContextOf } from "./screen-context";
import { Approval, ChatInput, MESSAGE_COMPONENTS, SendOrStop } from "./messages";
import { FollowedRun } from "./followed-run";
import { AgentRuntimeProvider } from "./agent-runtime";
import { OfflineNote } from "./offline-note";
import { agentThreadListAdapter } from "./thread-list-adapter";
import { errorSentence } from "../api/error-catalogue";

type ThreadSummary = { thread_id: string; updated_at: string; metadata: Record<string, unknown> | null };

/** The dockable assistant panel: thread list, the thread, tool cards, approvals, the screen as context. */
export function ChatDock({ intent }: { intent: ChatIntent }) {
  const assistant = intent.assistant;
  const location = useLocation();
  const [threadId, setThreadId] = useState<string | undefined>(() => (intent.newThread ? undefined : (window.localStorage.getItem(threadStorageKey(assistant)) ?? undefined)));
  const [threads, setThreads] = useState<ThreadSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  const screen = useMemo(() => screenContextOf(location.pathname, location.search), [location.pathname, location.search]);

  useEffect(() => {
    if (intent.newThread) setThreadId(undefined);
  }, [intent.id, intent.newThread]);
  const refreshThreads = useCallback(() => {
    agentClient().threads.search({ metadata: { graph_id: assistant }, limit: 20 }).then((list) => setThreads(list as unknown as ThreadSummary[]), (e: unknown) => setError(errorSentence(e, "The conversations could not be loaded.")));
  }, [assistant]);
  useEffect(refreshThreads, [refreshThreads]);

  const threadListAdapter = useMemo(() => agentThreadListAdapter(assistant, intent.source), [assistant, intent.source]);
  const onThreadId = useCallback(
    (id: string) => {
      window.localStorage.setItem(threadStorageKey(assistant), id);
      setThreadId(id);
      refreshThreads();
    },
    [assistant, refreshThreads],
  );

  return (
    <aside className="chat-dock" aria-label="Assistant" data-source={intent.source} data-assistant={assistant}>
      <div className="chat-head">
        <strong>AI Copilot</strong>
        <select aria-label="Conversation" value={threadId ?? ""} onChange={(e) => setThreadId(e.target.value || undefined)}>
          <option value="">New conversation</option>
          {threads.map((t) => <option key={t.thread_id} value={t.thread_id}>{new Date(t.updated_at).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })}</option>)}
        </select>
        <button type="button" aria-label="Close assistant" onClick={closeChat}>×</button>
      </div>
      <OfflineNote />
      {error && <p className="form-error" role="alert">{error}</p>}
      <AgentRuntimeProvider assistant={assistant} threadId={threadId} onThreadId={onThreadId} threadListAdapter={threadListAdapter} screen={screen} onError={setError} prefill={{ id: intent.id, text: intent.text }}>
        <ThreadPrimitive.Root className="chat-thread">
          <ThreadPrimitive.Viewport className="chat-viewport">
            <ThreadPrimitive.Empty>
              <p className="muted">Ask anything about {screen.entity ? `this ${screen.entity.type.replace(/_/g, " ")}` : "this page"}: the assistant sees the screen you are on.</p>
            </ThreadPrimitive.Empty>
            <ThreadPrimitive.Messages components={MESSAGE_COMPONENTS} />
            <Approval />
            <FollowedRun />
          </ThreadPrimitive.Viewport>
          <ComposerPrimitive.Root className="chat-composer">
            <ChatInput autoFocus placeholder="Message the assistant" className="chat-input" />
            <SendOrStop />
          </ComposerPrimitive.Root>
        </ThreadPrimitive.Root>
      </AgentRuntimeProvider>
    </aside>
  );
}
