import express from "express";
import { conflict, invalid, parsePart } from "@atelier/api/platform";
import { handle } from "../http-util";
import * as q from "../queries";
import * as s from "../schemas";
import { followRun } from "../sse";
import { createRun } from "./create-run";
import type { AppDeps } from "./deps";
import { requestRun, requestThread, stateOf } from "./owned";

const TERMINAL = new Set(["success", "error", "interrupted", "cancelled"]);

/** A thread's runs: start one (streamed or in the background), list, read, join, follow and cancel. */
export function runRoutes(deps: AppDeps): express.Router {
  const router = express.Router();

  router.post(
    "/threads/:threadId/runs/stream",
    handle(async (req, res) => {
      const { row, location, onDisconnect } = await createRun(deps, req, true);
      res.setHeader("Content-Location", location);
      res.setHeader("Location", `${location}/stream`);
      await followRun(deps, req, res, row.run_id, 0, onDisconnect === "cancel");
    }),
  );

  router.post(
    "/threads/:threadId/runs",
    handle(async (req, res) => {
      const { row, location } = await createRun(deps, req, false);
      res.setHeader("Content-Location", location);
      return runJson(row);
    }),
  );

  router.get(
    "/threads/:threadId/runs",
    handle(async (req) => {
      const thread = await requestThread(deps, req);
      return (await q.listRuns(deps.pool, thread.thread_id)).map(runJson);
    }),
  );

  router.get(
    "/threads/:threadId/runs/:runId",
    handle(async (req) => runJson((await requestRun(deps, req)).run)),
  );

  router.get(
    "/threads/:threadId/runs/:runId/join",
    handle(async (req) => {
      const { thread, run } = await requestRun(deps, req);
      const ended = await waitForEnd(deps, run.run_id);
      if (ended?.status === "error" && ended.error) return { __error__: ended.error };
      const fresh = (await q.getThreadById(deps.pool, thread.thread_id)) ?? thread;
      return (await stateOf(deps, fresh)).values;
    }),
  );

  router.get(
    "/threads/:threadId/runs/:runId/stream",
    handle(async (req, res) => {
      const { run } = await requestRun(deps, req);
      const header = req.headers["last-event-id"];
      const after = header === undefined ? 0 : Number(header);
      if (!Number.isInteger(after) || after < 0) throw invalid("Last-Event-ID", "must be the id of an event of this run");
      await followRun(deps, req, res, run.run_id, after, req.query.cancel_on_disconnect === "1");
    }),
  );

  router.post(
    "/threads/:threadId/runs/:runId/cancel",
    handle(async (req, res) => {
      const { run } = await requestRun(deps, req);
      const query = parsePart("query", s.cancelQuery, req.query);
      if (TERMINAL.has(run.status)) throw conflict(`The run already ended (${run.status}).`);
      await q.requestCancel(deps.pool, run.run_id, query.action);
      deps.runner.cancelLocal(run.run_id, query.action);
      if (query.wait === "1" || query.wait === "true") await waitForEnd(deps, run.run_id);
      res.status(202).end();
      return undefined;
    }),
  );
  return router;
}

/** A run in the LangGraph HTTP API's shape. */
function runJson(r: q.RunRow) {
  return {
    run_id: r.run_id,
    thread_id: r.thread_id,
    assistant_id: r.assistant_id,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    status: r.status,
    metadata: r.metadata,
    multitask_strategy: r.multitask_strategy,
    kwargs: { input: r.kwargs.input, command: r.kwargs.command, stream_mode: r.kwargs.streamMode, checkpoint_id: r.kwargs.checkpointId },
    ...(r.error ? { error: r.error } : {}),
  };
}

/** Resolves with the run once it has ended (null if it was deleted meanwhile). */
export async function waitForEnd(deps: AppDeps, runId: string) {
  for (;;) {
    const run = await q.getRunById(deps.pool, runId);
    if (!run || TERMINAL.has(run.status)) return run;
    await deps.runner.waitForAnyFinish(deps.pollMs);
  }
}
