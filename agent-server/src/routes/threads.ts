import crypto from "node:crypto";
import express from "express";
import { conflict, forbidden, invalid, parsePart, withTransaction } from "@atelier/api/platform";
import { ANONYMOUS_ASSISTANTS, clientAddress } from "../auth";
import type { GraphRegistry } from "../graphs";
import { handle } from "../http-util";
import { checkMetadata, checkThreadQuota } from "../limits";
import * as q from "../queries";
import * as s from "../schemas";
import type { AppDeps } from "./deps";
import { principal, requestThread, stateOf } from "./owned";

/** /threads: create, search, read and delete the caller's threads. */
export function threadRoutes(deps: AppDeps): express.Router {
  const router = express.Router();

  router.post(
    "/threads",
    handle(async (req) => {
      const p = await principal(deps, req);
      const body = parsePart("body", s.createThreadBody, req.body);
      const { assistant, problem, metadata } = assistantOf(body.metadata, deps.graphs);
      if (problem) throw invalid(problem.field, problem.reason);
      if (p.kind === "anonymous" && assistant && !ANONYMOUS_ASSISTANTS.has(assistant)) throw forbidden("Log in to use this assistant.");
      const assistantId = assistant ?? (p.kind === "anonymous" ? "storefront-chat" : null);
      checkMetadata(deps.limits, p, "metadata", metadata);
      const threadId = body.thread_id ?? crypto.randomUUID();
      const clientIp = p.kind === "anonymous" ? clientAddress(req, deps.tokens) : null;
      const row = await withTransaction(deps.pool, async (db) => {
        // An id already taken is answered below (do_nothing or conflict), whatever the caps say.
        if (body.thread_id && (await q.getThreadById(db, threadId))) return null;
        await checkThreadQuota(db, deps.limits, p, clientIp);
        return q.insertThread(db, { threadId, owner: p.owner, assistantId, metadata, clientIp });
      });
      if (row) return threadJson(deps, row, false);
      const existing = await q.getOwnedThread(deps.pool, threadId, p.owner);
      if (existing && body.if_exists === "do_nothing") return threadJson(deps, existing, true);
      throw conflict("A thread with this id already exists.");
    }),
  );

  router.post(
    "/threads/search",
    handle(async (req) => {
      const p = await principal(deps, req);
      const body = parsePart("body", s.searchThreadsBody, req.body);
      const { assistant, problem, metadata } = assistantOf(body.metadata, deps.graphs);
      // A name that is no assistant, or two names that disagree, match no thread.
      if (problem) return [];
      const rows = await q.searchThreads(deps.pool, p.owner, { assistantId: assistant ?? undefined, metadata, ids: body.ids, status: body.status, limit: body.limit, offset: body.offset, sortBy: body.sort_by, sortOrder: body.sort_order });
      return Promise.all(rows.map((r) => threadJson(deps, r, false)));
    }),
  );

  router.get(
    "/threads/:threadId",
    handle(async (req) => threadJson(deps, await requestThread(deps, req), true)),
  );

  router.delete(
    "/threads/:threadId",
    handle(async (req) => {
      const thread = await requestThread(deps, req);
      for (const run of await q.activeRuns(deps.pool, thread.thread_id)) {
        await q.requestCancel(deps.pool, run.run_id, "interrupt");
        deps.runner.cancelLocal(run.run_id, "interrupt");
      }
      await withTransaction(deps.pool, (db) => q.deleteThreadRows(db, thread.thread_id));
      return undefined;
    }),
  );
  return router;
}

/** A thread in the LangGraph HTTP API's shape; with its state's values and interrupts when asked. */
export async function threadJson(deps: AppDeps, thread: q.ThreadRow, withValues: boolean) {
  const state = withValues ? await stateOf(deps, thread) : null;
  const interrupts: Record<string, unknown[]> = {};
  for (const t of state?.tasks ?? []) if (t.interrupts.length) interrupts[t.id] = t.interrupts;
  return {
    thread_id: thread.thread_id,
    created_at: thread.created_at.toISOString(),
    updated_at: thread.updated_at.toISOString(),
    state_updated_at: thread.updated_at.toISOString(),
    metadata: { ...thread.metadata, ...(thread.assistant_id ? { graph_id: thread.assistant_id, assistant_id: thread.assistant_id } : {}) },
    status: thread.status,
    values: state?.values ?? {},
    interrupts,
    config: {},
  };
}

/**
 * The assistant a thread's metadata names, by `graph_id` or `assistant_id` (LangGraph stamps both on
 * a thread; here an assistant's id is its graph's id, so the two are one name), and the rest of the
 * metadata. `problem` says why the name is unusable: not an assistant, or two names that disagree.
 */
export function assistantOf(input: Record<string, unknown> | undefined, graphs: Pick<GraphRegistry, "has" | "ids">) {
  const { graph_id: graphId, assistant_id: assistantId, ...metadata } = input ?? {};
  const [field, name] = graphId !== undefined ? ["metadata.graph_id", graphId] : ["metadata.assistant_id", assistantId];
  let problem: { field: string; reason: string } | null = null;
  if (graphId !== undefined && assistantId !== undefined && graphId !== assistantId) problem = { field: "metadata.assistant_id", reason: "must name the same assistant as metadata.graph_id" };
  else if (name !== undefined && name !== null && (typeof name !== "string" || !graphs.has(name))) problem = { field, reason: `is not an assistant (one of ${graphs.ids.join(", ")})` };
  return { assistant: typeof name === "string" ? name : null, problem, metadata };
}
