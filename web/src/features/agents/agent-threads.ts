import type { RemoteThreadListAdapter } from "@assistant-ui/core";
import { agentClient } from "../../chat/agent-client";
import { agentThreadListAdapter, threadTitle } from "../../chat/thread-list-adapter";

/** A thread of one assistant as the page lists it. */
export type AgentThread = { threadId: string; title: string; updatedAt: string };

type RawThread = { thread_id: string; updated_at: string; values?: { messages?: { type: string; content: unknown }[] } | null };

/** The caller's 20 latest threads with this assistant (the agent server filters by its graph); titles need each thread's state. */
export async function listAgentThreads(assistant: string): Promise<AgentThread[]> {
  const threads = (await agentClient().threads.search({ metadata: { graph_id: assistant }, limit: 20, sortBy: "updated_at", sortOrder: "desc" })) as unknown as RawThread[];
  const withTitles = await Promise.all(threads.map(async (t) => (t.values?.messages ? t : ((await agentClient().threads.get(t.thread_id).catch(() => t)) as unknown as RawThread))));
  return withTitles.map((t) => ({ threadId: t.thread_id, title: threadTitle(t)?.split("\n")[0] || "New conversation", updatedAt: t.updated_at }));
}

/** The dock's thread list adapter, but threads are created already bound to the assistant so they list at once. */
export function pageThreadListAdapter(assistant: string): RemoteThreadListAdapter {
  const base = agentThreadListAdapter(assistant, "page");
  return {
    ...base,
    async initialize() {
      const thread = await agentClient().threads.create({ metadata: { graph_id: assistant, source: "page" } });
      return { remoteId: thread.thread_id, externalId: thread.thread_id };
    },
  };
}
