import express from "express";
import { ZodError, type z } from "zod";
import { conflict, invalid, notFound, parsePart } from "@atelier/api/platform";
import { handle } from "../http-util";
import * as q from "../queries";
import * as s from "../schemas";
import { threadState } from "../state";
import type { AppDeps } from "./deps";
import { checkRunPayload } from "../limits";
import { ownedThread, principal, requestThread, stateOf } from "./owned";

type HistoryBody = z.infer<typeof s.historyBody>;
type UpdateStateBody = z.infer<typeof s.updateStateBody>;

/** A thread's state: read it (now, at a checkpoint, its history) and update it by hand. */
export function threadStateRoutes(deps: AppDeps): express.Router {
  const router = express.Router();

  router.get(
    "/threads/:threadId/state",
    handle(async (req) => stateOf(deps, await requestThread(deps, req))),
  );

  router.get(
    "/threads/:threadId/state/:checkpointId",
    handle(async (req) => stateOf(deps, await requestThread(deps, req), parsePart("checkpoint_id", s.checkpointIdParam, String(req.params.checkpointId)))),
  );

  router.post(
    "/threads/:threadId/state/checkpoint",
    handle(async (req) => {
      const thread = await requestThread(deps, req);
      const body = parsePart("body", s.historyBody.pick({ checkpoint: true }), req.body);
      return stateOf(deps, thread, body.checkpoint?.checkpoint_id);
    }),
  );

  router.post(
    "/threads/:threadId/history",
    handle(async (req) => {
      const thread = await requestThread(deps, req);
      return stateHistory(deps, thread, parsePart("body", s.historyBody, req.body));
    }),
  );

  router.post(
    "/threads/:threadId/state",
    handle(async (req) => {
      const p = await principal(deps, req);
      const thread = await ownedThread(deps, p, String(req.params.threadId));
      const body = parsePart("body", s.updateStateBody, req.body);
      checkRunPayload(deps.limits, p, { values: body.values });
      return updateState(deps, thread, body);
    }),
  );
  return router;
}

/** The thread's states, newest first, from a checkpoint and before another. */
async function stateHistory(deps: AppDeps, thread: q.ThreadRow, body: HistoryBody) {
  if (!thread.assistant_id || !deps.graphs.has(thread.assistant_id)) return [];
  const graph = deps.graphs.get(thread.assistant_id);
  const configurable: Record<string, unknown> = { thread_id: thread.thread_id };
  if (body.checkpoint?.checkpoint_id) configurable.checkpoint_id = body.checkpoint.checkpoint_id;
  const beforeId =
    typeof body.before === "string"
      ? body.before
      : ((body.before as { configurable?: { checkpoint_id?: string } } | undefined)?.configurable?.checkpoint_id ?? (body.before as { checkpoint_id?: string } | undefined)?.checkpoint_id);
  const states = [];
  for await (const snapshot of graph.getStateHistory(
    { configurable },
    { limit: body.limit, filter: body.metadata, before: beforeId ? { configurable: { checkpoint_id: beforeId } } : undefined },
  )) {
    states.push(threadState(thread.thread_id, snapshot));
  }
  return states;
}

/** Writes values into the thread's state as if a node returned them; refused while a run is active. */
async function updateState(deps: AppDeps, thread: q.ThreadRow, body: UpdateStateBody) {
  if (!thread.assistant_id || !deps.graphs.has(thread.assistant_id)) throw conflict("This thread has no assistant yet: start a run first.");
  if ((await q.activeRuns(deps.pool, thread.thread_id)).length) throw conflict("The thread is busy with a run; update its state when the run ends.");
  const graph = deps.graphs.get(thread.assistant_id);
  const configurable: Record<string, unknown> = { thread_id: thread.thread_id };
  const checkpointId = body.checkpoint_id ?? body.checkpoint?.checkpoint_id;
  if (checkpointId) {
    if (!(await q.checkpointExists(deps.pool, thread.thread_id, checkpointId))) throw notFound("Checkpoint");
    configurable.checkpoint_id = checkpointId;
  }
  let next: Awaited<ReturnType<typeof graph.updateState>>;
  try {
    next = await graph.updateState({ configurable }, body.values ?? null, body.as_node);
  } catch (err) {
    // LangGraph rejects unknown nodes and ambiguous updates with plain errors, and a zod state
    // schema rejects bad values with a ZodError: all the caller's input.
    if (err instanceof ZodError) throw invalid(["values", ...(err.issues[0]?.path ?? []).map(String)].join("."), err.issues[0]?.message ?? "is invalid");
    if (err instanceof Error && /node|ambiguous|channel|update/i.test(err.message)) throw invalid("as_node", err.message);
    throw err;
  }
  await q.updateThread(deps.pool, thread.thread_id, {});
  const ref = { thread_id: thread.thread_id, checkpoint_ns: "", checkpoint_id: (next.configurable?.checkpoint_id as string | undefined) ?? null };
  // The SDK types this response as a config; the server has also always sent `checkpoint`.
  return { checkpoint: { ...ref, checkpoint_map: null }, configurable: ref };
}
