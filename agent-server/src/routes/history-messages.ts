import express from "express";
import { notFound, parsePart } from "@atelier/api/platform";
import { deltaChain } from "../queries/checkpoint-saver";
import { handle } from "../http-util";
import { LruCache } from "../lru-cache";
import * as q from "../queries";
import * as s from "../schemas";
import { toJsonValue } from "../serialize";
import type { AppDeps } from "./deps";
import { requestThread, stateOf } from "./owned";

type MessagesRead = { checkpointId: string | null; createdAt: string | null; messages: Record<string, unknown>[] };

/** The spec's history-messages path: a thread's messages with roles and first-seen times. */
export function historyMessagesRoutes(deps: AppDeps): express.Router {
  const router = express.Router();
  const read = messagesReader(deps);

  router.get(
    "/agent/history-messages/:threadId",
    handle(async (req) => {
      const thread = await requestThread(deps, req);
      const query = parsePart("query", s.historyMessagesQuery, req.query);
      const messages = (await read.fromStorage(thread, query.checkpointId ?? null)) ?? (await read.fromState(thread, query.checkpointId));
      const times = await q.messageTimes(deps.pool, thread.thread_id);
      const fallback = messages.createdAt ?? thread.created_at.toISOString();
      return {
        threadId: thread.thread_id,
        checkpointId: messages.checkpointId,
        messages: messages.messages.map((m) => historyMessage(m, times, fallback)),
      };
    }),
  );
  return router;
}

/** Reads a thread's messages at a checkpoint, keeping recent reads and snapshots in memory. */
function messagesReader(deps: AppDeps) {
  // Deserialising a snapshot of a long thread (hundreds of messages) costs more than every query of
  // the read together; snapshots are immutable, so the last few stay in memory (the reducer copies,
  // never mutates, the value it starts from).
  const snapshots = new LruCache<unknown>(64);
  // What a checkpoint holds never changes either: a client reloading a thread reads its messages again.
  const reads = new LruCache<MessagesRead>(64);

  async function fromState(thread: q.ThreadRow, checkpointId?: string): Promise<MessagesRead> {
    const state = await stateOf(deps, thread, checkpointId);
    const values = state.values as { messages?: unknown[] };
    const messages = (Array.isArray(values.messages) ? values.messages : []) as Record<string, unknown>[];
    return { checkpointId: state.checkpoint.checkpoint_id, createdAt: state.created_at, messages };
  }

  /** The messages snapshot a delta chain starts from (undefined when it starts empty). */
  async function seedOf(thread: q.ThreadRow, parts: DeltaParts, snapshotVersion: string | null): Promise<unknown> {
    if (!snapshotVersion) return undefined;
    // A version's blob never changes (stored once per thread); the thread's creation time tells a
    // deleted thread from a new one given the same id.
    const key = `${thread.thread_id}/${thread.created_at.getTime()}/v${snapshotVersion}`;
    let seed = snapshots.get(key);
    if (seed === undefined) {
      const blob = await q.channelBlob(deps.pool, thread.thread_id, "messages", snapshotVersion);
      if (blob?.blob) seed = await parts.serde.loadsTyped(blob.type, blob.blob);
      if (seed !== undefined) snapshots.set(key, seed);
    }
    return seed;
  }

  /**
   * The messages at a checkpoint read straight from the delta channel's storage (one walk to the
   * nearest snapshot, replayed through the graph's own channel), without rebuilding the rest of
   * the state or the next tasks. Null when the graph keeps messages some other way: the caller
   * then rebuilds the full state.
   */
  async function fromStorage(thread: q.ThreadRow, checkpointId: string | null): Promise<MessagesRead | null> {
    if (!thread.assistant_id || !deps.graphs.has(thread.assistant_id)) return null;
    const parts = deltaParts(deps.graphs.get(thread.assistant_id));
    if (!parts) return null;
    const head = await q.checkpointHead(deps.pool, thread.thread_id, checkpointId);
    if (!head) {
      if (checkpointId) throw notFound("Checkpoint");
      return { checkpointId: null, createdAt: null, messages: [] };
    }
    const cacheKey = `${thread.thread_id}/${thread.created_at.getTime()}/${head.checkpoint_id}`;
    const cached = reads.get(cacheKey);
    if (cached) return cached;
    const chain = await deltaChain(deps.pool, { threadId: thread.thread_id, ns: "", checkpointId: head.checkpoint_id, channel: "messages", withSeed: false });
    const seed = await seedOf(thread, parts, chain.snapshotVersion);
    const writes: [string, string, unknown][] = [];
    for (const w of chain.writes) writes.push([w.taskId, "messages", await parts.serde.loadsTyped(w.type, w.blob)]);
    const channel = parts.channel.fromCheckpoint(seed);
    channel.replayWrites(writes);
    const messages = channel.isAvailable() ? channel.get() : [];
    const result = { checkpointId: head.checkpoint_id, createdAt: head.ts, messages: toJsonValue(Array.isArray(messages) ? messages : []) as Record<string, unknown>[] };
    reads.set(cacheKey, result);
    return result;
  }

  return { fromState, fromStorage };
}

const ROLES: Record<string, string> = { human: "user", ai: "assistant", tool: "tool", system: "system" };

/** One message of history-messages: role, text or parts, tool calls, and when it was first seen. */
function historyMessage(m: Record<string, unknown>, times: Map<string, Date>, fallback: string) {
  const id = typeof m.id === "string" ? m.id : null;
  const toolCalls = Array.isArray(m.tool_calls) ? (m.tool_calls as { id?: string; name: string; args: unknown }[]) : [];
  return {
    id,
    role: ROLES[String(m.type)] ?? String(m.type),
    content: m.content,
    toolCalls: toolCalls.map((c) => ({ id: c.id ?? null, name: c.name, args: c.args })),
    ...(typeof m.tool_call_id === "string" ? { toolCallId: m.tool_call_id } : {}),
    ...(typeof m.name === "string" ? { name: m.name } : {}),
    createdAt: (id && times.get(id)?.toISOString()) || fallback,
  };
}

type DeltaChannelLike = {
  fromCheckpoint(seed: unknown): DeltaChannelLike;
  replayWrites(writes: [string, string, unknown][]): void;
  isAvailable(): boolean;
  get(): unknown;
};
type SerdeLike = { loadsTyped(type: string, data: Uint8Array | string): Promise<unknown> };
type DeltaParts = { channel: DeltaChannelLike; serde: SerdeLike };

/** The graph's messages channel and its checkpointer's serializer, when messages are a delta channel. */
function deltaParts(graph: unknown): DeltaParts | null {
  // A compiled LangGraph graph carries both; ServableGraph does not type them (any copy of LangGraph).
  const g = graph as { channels?: Record<string, { lc_graph_name?: string }>; checkpointer?: { serde?: SerdeLike } };
  const channel = g.channels?.messages;
  const serde = g.checkpointer?.serde;
  if (!channel || channel.lc_graph_name !== "DeltaChannel" || typeof serde?.loadsTyped !== "function") return null;
  return { channel: channel as unknown as DeltaChannelLike, serde };
}
