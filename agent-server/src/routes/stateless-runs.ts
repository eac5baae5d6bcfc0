import crypto from "node:crypto";
import express from "express";
import { conflict, withTransaction } from "@atelier/api/platform";
import { handle } from "../http-util";
import * as q from "../queries";
import { followRun } from "../sse";
import { createRun } from "./create-run";
import type { AppDeps } from "./deps";
import { requestRun, stateOf } from "./owned";
import { waitForEnd } from "./runs";

const TERMINAL = new Set(["success", "error", "interrupted", "cancelled"]);

/**
 * The rest of LangGraph's runs API as the SDK calls it: `runs.wait` on a thread and without one,
 * stateless `runs.stream` and `runs.create` (thread_id null: a thread of their own, deleted when
 * the run ends unless `on_completion` is "keep"), and `runs.delete`.
 */
export function statelessRunRoutes(deps: AppDeps): express.Router {
  const router = express.Router();

  router.post(
    "/threads/:threadId/runs/wait",
    handle(async (req) => {
      const { row } = await createRun(deps, req, false);
      return valuesWhenEnded(deps, row.run_id, row.thread_id);
    }),
  );

  router.post(
    "/runs/wait",
    handle(async (req) => {
      const keep = statelessThread(req);
      const { row } = await createRun(deps, req, false);
      try {
        return await valuesWhenEnded(deps, row.run_id, row.thread_id);
      } finally {
        if (!keep) await deleteThread(deps, row.thread_id);
      }
    }),
  );

  router.post(
    "/runs/stream",
    handle(async (req, res) => {
      const keep = statelessThread(req);
      const { row, location, onDisconnect } = await createRun(deps, req, true);
      res.setHeader("Content-Location", location);
      try {
        await followRun(deps, req, res, row.run_id, 0, onDisconnect === "cancel");
      } finally {
        if (!keep) await deleteThreadWhenEnded(deps, row.run_id, row.thread_id);
      }
    }),
  );

  router.post(
    "/runs",
    handle(async (req, res) => {
      const keep = statelessThread(req);
      const { row, location } = await createRun(deps, req, false);
      res.setHeader("Content-Location", location);
      // The caller does not wait: the thread goes once the run has ended, in the background.
      if (!keep) void deleteThreadWhenEnded(deps, row.run_id, row.thread_id).catch((err: unknown) => deps.log.error({ err, runId: row.run_id }, "could not delete a stateless run's thread"));
      return { run_id: row.run_id, thread_id: row.thread_id, assistant_id: row.assistant_id, status: row.status, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString(), metadata: row.metadata, multitask_strategy: row.multitask_strategy };
    }),
  );

  router.delete(
    "/threads/:threadId/runs/:runId",
    handle(async (req) => {
      const { run } = await requestRun(deps, req);
      if (!TERMINAL.has(run.status)) throw conflict("The run has not ended: cancel it first, then delete it.");
      await q.deleteRun(deps.pool, run.run_id);
      return undefined;
    }),
  );
  return router;
}

/** Gives a stateless request a thread of its own; true when the caller asked to keep it. */
function statelessThread(req: express.Request): boolean {
  const body = (req.body ?? {}) as Record<string, unknown>;
  req.params.threadId = crypto.randomUUID();
  req.body = { ...body, if_not_exists: "create" };
  return body.on_completion === "keep";
}

/** What `runs.wait` answers: the thread's values once the run has ended, or the run's error. */
async function valuesWhenEnded(deps: AppDeps, runId: string, threadId: string) {
  const ended = await waitForEnd(deps, runId);
  if (ended?.status === "error" && ended.error) return { __error__: ended.error };
  const thread = await q.getThreadById(deps.pool, threadId);
  return thread ? (await stateOf(deps, thread)).values : {};
}

async function deleteThread(deps: AppDeps, threadId: string) {
  await withTransaction(deps.pool, (db) => q.deleteThreadRows(db, threadId));
}

async function deleteThreadWhenEnded(deps: AppDeps, runId: string, threadId: string) {
  await waitForEnd(deps, runId);
  await deleteThread(deps, threadId);
}
