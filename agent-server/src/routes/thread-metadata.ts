import express from "express";
import { invalid, parsePart } from "@atelier/api/platform";
import { z } from "zod";
import { handle } from "../http-util";
import * as q from "../queries";
import * as s from "../schemas";
import type { AppDeps } from "./deps";
import { principal, requestThread } from "./owned";
import { assistantOf, threadJson } from "./threads";

const updateThreadBody = z.object({ metadata: z.record(z.string(), z.unknown()).optional() });
const countThreadsBody = s.searchThreadsBody.pick({ metadata: true, status: true });
const PAGE = 1000;

/** The SDK's `threads.update` (merge metadata) and `threads.count`. */
export function threadMetadataRoutes(deps: AppDeps): express.Router {
  const router = express.Router();

  router.patch(
    "/threads/:threadId",
    handle(async (req) => {
      const thread = await requestThread(deps, req);
      const body = parsePart("body", updateThreadBody, req.body);
      // The assistant a thread belongs to is fixed when it is made; metadata cannot move it.
      const { problem, metadata, assistant } = assistantOf(body.metadata, deps.graphs);
      if (problem) throw invalid(problem.field, problem.reason);
      if (assistant && thread.assistant_id && assistant !== thread.assistant_id) throw invalid("metadata.graph_id", `must stay ${thread.assistant_id}: a thread cannot move to another assistant`);
      await q.updateThread(deps.pool, thread.thread_id, { metadata });
      return threadJson(deps, (await q.getThreadById(deps.pool, thread.thread_id)) ?? thread, false);
    }),
  );

  router.post(
    "/threads/count",
    handle(async (req) => {
      const p = await principal(deps, req);
      const body = parsePart("body", countThreadsBody, req.body);
      const { assistant, problem, metadata } = assistantOf(body.metadata, deps.graphs);
      if (problem) return 0;
      let count = 0;
      for (let offset = 0; ; offset += PAGE) {
        const rows = await q.searchThreads(deps.pool, p.owner, { assistantId: assistant ?? undefined, metadata, status: body.status, limit: PAGE, offset, sortBy: "thread_id", sortOrder: "asc" });
        count += rows.length;
        if (rows.length < PAGE) return count;
      }
    }),
  );
  return router;
}
