import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { AssistantRuntimeProvider, useAui } from "@assistant-ui/react";
import { useLangGraphRuntime, type LangChainMessage } from "@assistant-ui/react-langgraph";
import type { RemoteThreadListAdapter } from "@assistant-ui/core";
import { agentClient, runEvents } from "./agent-client";
import { branchHead, branchesOf, copyCheckpoint, findForkCheckpoint, readCheckpoints, type CheckpointMessages, type MessageBranches } from "./checkpoints";
import type { ScreenContext } from "./screen-context";
import { invalidatingAfterTools } from "./tool-invalidation";
import { FollowedRunContext, type Followed } from "./followed-run";
import { useRealtimeEvent } from "../realtime/use-realtime-event";

// The one place the LangGraph runtime is set up: the assistant panel and the agents' full-page
// chats only compose it with their own thread list, input and layout.

export type AgentRuntimeOptions = {
  /** The assistant (graph) the runs go to. */
  assistant: string;
  /** The open thread; undefined for a new conversation. */
  threadId: string | undefined;
  /** A new thread was created, or the runtime settled on one. */
  onThreadId: (threadId: string) => void;
  threadListAdapter: RemoteThreadListAdapter;
  /** What the agent is told about the screen the user is on. */
  screen: ScreenContext;
  /** Builds a run's input from the messages to send (default `{ messages }`, nothing for a resume or a retry). */
  input?: (messages: LangChainMessage[]) => Record<string, unknown> | null;
  /** Called after each run's stream ends. */
  onRunEnd?: () => void;
  onError: (message: string) => void;
  /** Text put in the composer when `id` changes (a screen opening the panel with a prompt). */
  prefill?: { id: number; text: string };
  children: ReactNode;
};

/** The branches of the shown conversation, for the branch picker. */
type BranchApi = { branchesOf: (messageId: string) => MessageBranches | null; switchTo: (messageId: string, siblingId: string) => void };

const BranchContext = createContext<BranchApi>({ branchesOf: () => null, switchTo: () => undefined });

/** The variants of a shown message and how to show another one (see BranchPicker in messages.tsx). */
export function useMessageBranches(): BranchApi {
  return useContext(BranchContext);
}

type StreamCallback = Parameters<typeof useLangGraphRuntime>[0]["stream"];

const messageOf = (e: unknown) => (typeof e === "object" && e && "message" in e ? String((e as { message: unknown }).message) : String(e));

/** Whether any run of the thread forked from a checkpoint: only then can it have branches to show. */
async function hasForks(threadId: string): Promise<boolean> {
  const runs = (await agentClient().runs.list(threadId, { limit: 100 })) as unknown as { kwargs?: { checkpoint_id?: string | null } }[];
  return runs.some((r) => Boolean(r.kwargs?.checkpoint_id));
}

/**
 * The LangGraph runtime of one assistant's thread, with editing and retrying as forks from the
 * edited message's checkpoint, and a branch picker over the forks the thread's history holds.
 * The LangGraph runtime cannot switch branches itself (it keeps no branch tree), so showing
 * another branch loads the thread at that branch's newest checkpoint, and the next message forks
 * from there.
 */
export function AgentRuntimeProvider(props: AgentRuntimeOptions) {
  const { threadId, onError } = props;
  const [checkpoints, setCheckpoints] = useState<CheckpointMessages[]>([]);
  // The branch shown when it is not the thread's newest checkpoint; `view` remounts the runtime to load it.
  const [shownHead, setShownHead] = useState<string | null>(null);
  const [view, setView] = useState(0);
  const headRef = useRef<string | null>(null);
  headRef.current = shownHead;
  const own = useRef<OwnRuns>({ streaming: 0, runIds: new Set() });
  const [followed, setFollowed] = useState<Followed>(null);

  useEffect(() => {
    setCheckpoints([]);
    setShownHead(null);
    setFollowed(null);
  }, [threadId]);

  // Another tab of this user runs the shown thread: follow it live, then load the thread as stored.
  const othersRun = (p: { threadId: string; runId: string }) => p.threadId === threadId && !own.current.streaming && !own.current.runIds.has(p.runId);
  useRealtimeEvent("run.started", (p) => {
    if (othersRun(p)) setFollowed({ threadId: p.threadId, runId: p.runId });
  });
  useRealtimeEvent("run.ended", (p) => {
    if (!othersRun(p)) return;
    setFollowed(null);
    setView((v) => v + 1);
  });

  const refreshBranches = useCallback(
    async (id: string) => {
      try {
        setCheckpoints((await hasForks(id)) ? (await readCheckpoints(agentClient(), id)).checkpoints : []);
      } catch (e) {
        onError(`The conversation's branches could not be read: ${messageOf(e)}`);
      }
    },
    [onError],
  );

  const shown = useMemo(() => {
    const head = shownHead ? checkpoints.find((c) => c.checkpointId === shownHead) : checkpoints[0];
    return head?.messageIds ?? [];
  }, [checkpoints, shownHead]);
  const branches = useMemo(() => branchesOf(checkpoints, shown), [checkpoints, shown]);

  const api = useMemo<BranchApi>(
    () => ({
      branchesOf: (messageId) => branches.get(messageId) ?? null,
      switchTo(messageId, siblingId) {
        const at = branches.get(messageId);
        if (!at) return;
        const head = branchHead(checkpoints, [...shown.slice(0, at.index), siblingId]);
        if (!head) return;
        setShownHead(head === checkpoints[0]?.checkpointId ? null : head);
        setView((v) => v + 1);
      },
    }),
    [branches, checkpoints, shown],
  );

  return (
    <BranchContext.Provider value={api}>
      <FollowedRunContext.Provider value={followed}>
        <RuntimeHost key={view} {...props} own={own.current} headRef={headRef} onForked={refreshBranches} onLoaded={refreshBranches} onLeftBranch={() => setShownHead(null)} onForkFailed={() => setView((v) => v + 1)} />
      </FollowedRunContext.Provider>
    </BranchContext.Provider>
  );
}

/** The runs this tab streams itself (a count while one starts, then their ids): their realtime events are not followed. */
type OwnRuns = { streaming: number; runIds: Set<string> };

type HostProps = AgentRuntimeOptions & {
  own: OwnRuns;
  headRef: { current: string | null };
  onLoaded: (threadId: string) => void;
  onForked: (threadId: string) => void;
  /** A run started from the shown branch's head: from now on it is the thread's newest checkpoint. */
  onLeftBranch: () => void;
  /** An edit or retry could not fork: the thread is loaded again as stored. */
  onForkFailed: () => void;
};

function RuntimeHost({ assistant, threadId, onThreadId, threadListAdapter, screen, input, onRunEnd, onError, prefill, children, own, headRef, onLoaded, onForked, onLeftBranch, onForkFailed }: HostProps) {
  // A failed fork: the runtime already cut the thread at the edited or retried message, so the
  // thread is loaded again as stored, and the reason is shown.
  const forkFailed = (e: unknown): never => {
    onError(messageOf(e));
    onForkFailed();
    throw e;
  };
  const copyForRetry = (id: string, checkpointId: string) => copyCheckpoint(agentClient(), id, checkpointId).catch(forkFailed);
  const runtime = useLangGraphRuntime({
    threadId,
    unstable_allowCancellation: true,
    // Only settled ids: the runtime reports undefined while a thread is still being set up.
    onThreadIdChange: (id) => {
      if (id) onThreadId(id);
    },
    unstable_threadListAdapter: threadListAdapter,
    load: async (id) => {
      const head = headRef.current;
      const state = await agentClient().threads.getState<{ messages?: LangChainMessage[] }>(id, head ?? undefined);
      onLoaded(id);
      return { messages: state.values?.messages ?? [], interrupts: state.tasks.flatMap((t) => t.interrupts ?? []) };
    },
    // Editing or retrying forks the thread from the checkpoint holding exactly the earlier messages.
    getCheckpointId: async (id, parentMessages) => {
      return findForkCheckpoint(agentClient(), id, parentMessages.map((m) => m.id ?? "")).catch(forkFailed);
    },
    stream: async function* (messages, { initialize, command, checkpointId, abortSignal }) {
      own.streaming += 1;
      try {
        yield* ownStream(messages, { initialize, command, checkpointId, abortSignal });
      } finally {
        own.streaming -= 1;
      }
    },
    eventHandlers: { onError: (e) => onError(messageOf(e)) },
  });
  /** Streams one run of this tab, noting its id so its realtime events are not followed as another tab's. */
  async function* ownStream(...[messages, { initialize, command, checkpointId, abortSignal }]: Parameters<StreamCallback>) {
    const { externalId } = await initialize();
    if (!externalId) throw new Error("The thread could not be created.");
    // A retry (no message, a checkpoint) runs again from a copy of that checkpoint; a message or
    // an approval sent while an older branch is shown continues that branch.
    const retry = Boolean(checkpointId) && messages.length === 0 && !command;
    const from = retry ? await copyForRetry(externalId, checkpointId!) : (checkpointId ?? headRef.current ?? undefined);
    if (headRef.current) onLeftBranch();
    try {
      // A tool that changed data (the assistant paid, upgraded…) makes the screens load again.
      const parts = invalidatingAfterTools(runEvents(agentClient().runs.stream(externalId, assistant, {
        input: input ? input(messages) : messages.length ? { messages } : null,
        command,
        checkpointId: from,
        streamMode: ["messages-tuple", "values", "updates"],
        context: { screen },
        signal: abortSignal,
        onDisconnect: "cancel",
      }) as AsyncGenerator<{ event: string; data: unknown }>));
      for await (const part of parts) {
        const runId = part.event === "metadata" ? (part.data as { run_id?: unknown } | null)?.run_id : undefined;
        if (typeof runId === "string") own.runIds.add(runId);
        yield part;
      }
    } finally {
      if (from) onForked(externalId);
      onRunEnd?.();
    }
  }
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      {prefill && <Prefill id={prefill.id} text={prefill.text} />}
      {children}
    </AssistantRuntimeProvider>
  );
}

/** Puts a screen's prompt in the composer; the nav's entry sends none. */
function Prefill({ id, text }: { id: number; text: string }) {
  const aui = useAui();
  useEffect(() => {
    if (text) aui.composer.setText(text);
  }, [aui, id, text]);
  return null;
}
