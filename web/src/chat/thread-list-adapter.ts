import { createAssistantStream } from "assistant-stream";
import type { RemoteThreadListAdapter } from "@assistant-ui/core";
import { agentClient } from "./agent-client";

type Thread = { thread_id: string; updated_at: string; metadata: Record<string, unknown> | null; values?: { messages?: { type: string; content: unknown }[] } | null };

/** A thread's title: the start of its first human message (the agent server keeps no titles). */
export function threadTitle(thread: Pick<Thread, "values">): string | undefined {
  const first = thread.values?.messages?.find((m) => m.type === "human");
  const text = typeof first?.content === "string" ? first.content : Array.isArray(first?.content) ? String((first.content[0] as { text?: string } | undefined)?.text ?? "") : "";
  return text ? text.slice(0, 60) : undefined;
}

/**
 * The assistant's threads on the agent server, as assistant-ui's thread list: the remote id is
 * the LangGraph thread id, so a stored id reopens the same thread after a reload.
 */
export function agentThreadListAdapter(assistant: string, source: string): RemoteThreadListAdapter {
  return {
    async list() {
      const threads = (await agentClient().threads.search({ metadata: { graph_id: assistant }, limit: 50 })) as unknown as Thread[];
      return { threads: threads.map((t) => ({ status: "regular" as const, remoteId: t.thread_id, externalId: t.thread_id, title: threadTitle(t), lastMessageAt: new Date(t.updated_at) })) };
    },
    async fetch(threadId) {
      const t = (await agentClient().threads.get(threadId)) as unknown as Thread;
      return { status: "regular", remoteId: t.thread_id, externalId: t.thread_id, title: threadTitle(t) };
    },
    async initialize() {
      const thread = await agentClient().threads.create({ metadata: { graph_id: assistant, source } });
      return { remoteId: thread.thread_id, externalId: thread.thread_id };
    },
    async delete(remoteId) {
      await agentClient().threads.delete(remoteId);
    },
    // The agent server keeps no titles or archive flag: a thread's title is its first message.
    async rename() {},
    async archive() {},
    async unarchive() {},
    async generateTitle(_remoteId, messages) {
      const first = messages.find((m) => m.role === "user");
      const text = first?.content.map((p) => (p.type === "text" ? p.text : "")).join(" ").slice(0, 60) ?? "";
      return createAssistantStream((controller) => {
        if (text) controller.appendText(text);
      });
    },
  };
}
