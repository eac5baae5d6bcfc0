import type express from "express";
import { notFound, parsePart } from "@atelier/api/platform";
import { authenticate, type Principal } from "../auth";
import * as q from "../queries";
import * as s from "../schemas";
import { emptyState, threadState } from "../state";
import type { AppDeps } from "./deps";

/** The caller of a request (see authenticate). */
export function principal(deps: Pick<AppDeps, "tokens" | "pool">, req: express.Request): Promise<Principal> {
  return authenticate(req, deps.tokens, deps.pool);
}

/** The thread `rawId` names, if the caller owns it; otherwise 404. */
export async function ownedThread(deps: Pick<AppDeps, "pool">, p: Principal, rawId: string): Promise<q.ThreadRow> {
  const threadId = parsePart("thread_id", s.uuidParam, rawId);
  const thread = await q.getOwnedThread(deps.pool, threadId, p.owner);
  if (!thread) throw notFound("Thread");
  return thread;
}

/** The thread of the request's `:threadId`, authenticated and owned by the caller. */
export async function requestThread(deps: Pick<AppDeps, "pool" | "tokens">, req: express.Request): Promise<q.ThreadRow> {
  return ownedThread(deps, await principal(deps, req), String(req.params.threadId));
}

/** The run of the request's `:threadId/runs/:runId`, on a thread the caller owns. */
export async function requestRun(deps: Pick<AppDeps, "pool" | "tokens">, req: express.Request) {
  const thread = await requestThread(deps, req);
  const runId = parsePart("run_id", s.uuidParam, String(req.params.runId));
  const run = await q.getRun(deps.pool, thread.thread_id, runId);
  if (!run) throw notFound("Run");
  return { thread, run };
}

/** A thread's state at its head or at one of its checkpoints (an empty state before any run). */
export async function stateOf(deps: Pick<AppDeps, "pool" | "graphs">, thread: q.ThreadRow, checkpointId?: string) {
  if (!thread.assistant_id || !deps.graphs.has(thread.assistant_id)) return emptyState(thread.thread_id);
  const graph = deps.graphs.get(thread.assistant_id);
  const configurable: Record<string, unknown> = { thread_id: thread.thread_id };
  if (checkpointId) {
    if (!(await q.checkpointExists(deps.pool, thread.thread_id, checkpointId))) throw notFound("Checkpoint");
    configurable.checkpoint_id = checkpointId;
  }
  const snapshot = await graph.getState({ configurable });
  return threadState(thread.thread_id, snapshot);
}
