import { useCallback, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import { AssistantRuntimeProvider, ComposerPrimitive, MessagePrimitive, ThreadPrimitive, ActionBarPrimitive, BranchPickerPrimitive } from "@assistant-ui/react";
import { useLangGraphRuntime, useLangGraphInterruptState, useLangGraphSendCommand, type LangChainMessage } from "@assistant-ui/react-langgraph";
import type { ChatIntent } from "./chat-intents";
import { closeChat } from "./chat-intents";
import { agentClient, threadStorageKey } from "./agent-client";
import { screenContextOf } from "./screen-context";
import { ToolCard } from "./tool-uis";
import { agentThreadListAdapter } from "./thread-list-adapter";

type ThreadSummary = { thread_id: string; updated_at: string; metadata: Record<string, unknown> | null };
type WebConfig = { model?: { kind: string; label: string } };

/** The dockable assistant panel: thread list, the thread, tool cards, approvals, the screen as context. */
export function ChatDock({ intent }: { intent: ChatIntent }) {
  const assistant = intent.assistant;
  const location = useLocation();
  const [threadId, setThreadId] = useState<string | undefined>(() => (intent.newThread ? undefined : (window.localStorage.getItem(threadStorageKey(assistant)) ?? undefined)));
  const [threads, setThreads] = useState<ThreadSummary[]>([]);
  const [config, setConfig] = useState<WebConfig>({});
  const [error, setError] = useState<string | null>(null);
  const screen = useMemo(() => screenContextOf(location.pathname, location.search), [location.pathname, location.search]);

  useEffect(() => {
    if (intent.newThread) setThreadId(undefined);
  }, [intent.id, intent.newThread]);
  useEffect(() => {
    fetch("/web-config.json").then((r) => (r.ok ? r.json() : {})).then((c: WebConfig) => setConfig(c), () => setConfig({}));
  }, []);
  const refreshThreads = useCallback(() => {
    agentClient().threads.search({ metadata: { assistant_id: assistant }, limit: 20 }).then((list) => setThreads(list as unknown as ThreadSummary[]), (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [assistant]);
  useEffect(refreshThreads, [refreshThreads]);

  const threadListAdapter = useMemo(() => agentThreadListAdapter(assistant, intent.source), [assistant, intent.source]);
  const runtime = useLangGraphRuntime({
    threadId,
    unstable_allowCancellation: true,
    // Only settled ids: the runtime reports undefined while a thread is still being set up.
    onThreadIdChange: (id) => {
      if (!id) return;
      window.localStorage.setItem(threadStorageKey(assistant), id);
      setThreadId(id);
      refreshThreads();
    },
    unstable_threadListAdapter: threadListAdapter,
    load: async (id) => {
      const state = await agentClient().threads.getState<{ messages?: LangChainMessage[] }>(id);
      const interrupts = state.tasks.flatMap((t) => t.interrupts ?? []);
      return { messages: state.values?.messages ?? [], interrupts };
    },
    // Editing or regenerating forks the thread from the checkpoint before that message.
    getCheckpointId: async (id, parentMessages) => {
      const history = await agentClient().threads.getHistory<{ messages?: LangChainMessage[] }>(id, { limit: 100 });
      const ids = parentMessages.map((m) => m.id);
      const match = history.find((s) => {
        const msgs = s.values?.messages ?? [];
        return msgs.length === ids.length && msgs.every((m, i) => m.id === ids[i]);
      });
      return match?.checkpoint.checkpoint_id ?? null;
    },
    stream: async function* (messages, { initialize, command, checkpointId, abortSignal }) {
      const { externalId } = await initialize();
      if (!externalId) throw new Error("The thread could not be created.");
      yield* agentClient().runs.stream(externalId, assistant, {
        input: messages.length ? { messages } : null,
        command,
        checkpointId,
        streamMode: ["messages-tuple", "values", "updates"],
        context: { screen },
        signal: abortSignal,
        onDisconnect: "cancel",
      }) as AsyncGenerator<{ event: string; data: unknown }>;
    },
    eventHandlers: { onError: (e) => setError(typeof e === "object" && e && "message" in e ? String((e as { message: unknown }).message) : String(e)) },
  });

  // A screen that opens the panel with a prompt puts it in the composer; the nav's entry sends none.
  useEffect(() => {
    if (intent.text) runtime.thread.composer.setText(intent.text);
  }, [intent.id, intent.text, runtime]);

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
      {config.model?.kind === "offline" && (
        <p className="offline-banner" role="note" data-testid="offline-banner">
          You are talking to the built-in offline assistant: it understands common requests and uses the same tools. To connect a real model, set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server such as Ollama) and ATELIER_MODEL, then restart.
        </p>
      )}
      {error && <p className="form-error" role="alert">{error}</p>}
      <AssistantRuntimeProvider runtime={runtime}>
        <ThreadPrimitive.Root className="chat-thread">
          <ThreadPrimitive.Viewport className="chat-viewport">
            <ThreadPrimitive.Empty>
              <p className="muted">Ask anything about {screen.entity ? `this ${screen.entity.type.replace(/_/g, " ")}` : "this page"}: the assistant sees the screen you are on.</p>
            </ThreadPrimitive.Empty>
            <ThreadPrimitive.Messages components={{ UserMessage, AssistantMessage }} />
            <Approval />
          </ThreadPrimitive.Viewport>
          <ComposerPrimitive.Root className="chat-composer">
            <ComposerPrimitive.Input autoFocus placeholder="Message the assistant" className="chat-input" />
            <ThreadPrimitive.If running={false}>
              <ComposerPrimitive.Send className="button primary">Send</ComposerPrimitive.Send>
            </ThreadPrimitive.If>
            <ThreadPrimitive.If running>
              <ComposerPrimitive.Cancel className="button">Stop</ComposerPrimitive.Cancel>
            </ThreadPrimitive.If>
          </ComposerPrimitive.Root>
        </ThreadPrimitive.Root>
      </AssistantRuntimeProvider>
    </aside>
  );
}

function UserMessage() {
  return (
    <MessagePrimitive.Root className="chat-msg user" data-role="user">
      <MessagePrimitive.Parts />
      <ActionBarPrimitive.Root className="chat-actions">
        <ActionBarPrimitive.Edit className="link-button">Edit</ActionBarPrimitive.Edit>
      </ActionBarPrimitive.Root>
      <MessagePrimitive.If hasBranches>
        <BranchPickerPrimitive.Root className="chat-branches">
          <BranchPickerPrimitive.Previous>‹</BranchPickerPrimitive.Previous>
          <BranchPickerPrimitive.Number />/<BranchPickerPrimitive.Count />
          <BranchPickerPrimitive.Next>›</BranchPickerPrimitive.Next>
        </BranchPickerPrimitive.Root>
      </MessagePrimitive.If>
    </MessagePrimitive.Root>
  );
}

function AssistantMessage() {
  return (
    <MessagePrimitive.Root className="chat-msg assistant" data-role="assistant">
      <MessagePrimitive.Parts components={{ tools: { Fallback: ToolCard } }} />
      <ActionBarPrimitive.Root className="chat-actions">
        <ActionBarPrimitive.Reload className="link-button">Retry</ActionBarPrimitive.Reload>
        <ActionBarPrimitive.Copy className="link-button">Copy</ActionBarPrimitive.Copy>
      </ActionBarPrimitive.Root>
    </MessagePrimitive.Root>
  );
}

/** The approve/reject card of an interrupt: writes that spend money or contact people wait here. */
function Approval() {
  const interrupt = useLangGraphInterruptState();
  const send = useLangGraphSendCommand();
  const value = interrupt?.value as { type?: string; tool?: string; summary?: string; args?: Record<string, unknown> } | undefined;
  if (!value) return null;
  return (
    <div className="tool-card approval" role="group" aria-label="Approval needed" data-testid="approval-card">
      <strong>Approval needed{value.tool ? `: ${value.tool.replace(/_/g, " ")}` : ""}</strong>
      <p>{value.summary ?? "The assistant wants to take an action."}</p>
      <div className="dialog-actions">
        <button type="button" onClick={() => void send({ resume: "reject" })}>Reject</button>
        <button type="button" className="primary" onClick={() => void send({ resume: "approve" })}>Approve</button>
      </div>
    </div>
  );
}
