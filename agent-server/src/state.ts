import type { RunnableConfig } from "@langchain/core/runnables";
import type { StateSnapshotLike } from "./graphs";
import { toJsonValue } from "./serialize";

/** A checkpoint reference as the SDK reads it. */
export function checkpointRef(threadId: string, config: RunnableConfig | undefined) {
  const c = config?.configurable ?? {};
  return { thread_id: threadId, checkpoint_ns: (c.checkpoint_ns as string | undefined) ?? "", checkpoint_id: (c.checkpoint_id as string | undefined) ?? null, checkpoint_map: null };
}

/** A state snapshot in the LangGraph HTTP API's ThreadState shape. */
export function threadState(threadId: string, s: StateSnapshotLike) {
  const tasks = s.tasks.map((t) => ({
    id: t.id,
    name: t.name,
    error: t.error ? String((t.error as Error).message ?? t.error) : null,
    interrupts: toJsonValue(t.interrupts ?? []) as unknown[],
    checkpoint: null,
    state: null,
    ...(t.result !== undefined ? { result: toJsonValue(t.result) } : {}),
  }));
  return {
    values: toJsonValue(s.values ?? {}),
    next: s.next ?? [],
    checkpoint: checkpointRef(threadId, s.config),
    metadata: toJsonValue(s.metadata ?? {}),
    created_at: s.createdAt ?? null,
    parent_checkpoint: s.parentConfig ? checkpointRef(threadId, s.parentConfig) : null,
    tasks,
    interrupts: tasks.flatMap((t) => t.interrupts),
  };
}

export type ThreadStateJson = ReturnType<typeof threadState>;

/** The state of a thread that never ran. */
export function emptyState(threadId: string): ThreadStateJson {
  return { values: {}, next: [], checkpoint: checkpointRef(threadId, undefined), metadata: {}, created_at: null, parent_checkpoint: null, tasks: [], interrupts: [] };
}
