import express from "express";
import { notFound, parsePart } from "@atelier/api/platform";
import { handle } from "../http-util";
import * as s from "../schemas";
import type { AppDeps } from "./deps";
import { principal } from "./owned";

/** /assistants: one assistant per graph, read-only. */
export function assistantRoutes(deps: AppDeps): express.Router {
  const router = express.Router();
  const assistantJson = (id: string) => {
    const d = deps.graphs.describe(id);
    return { assistant_id: id, graph_id: id, name: d.name, description: d.description, config: {}, context: {}, metadata: {}, version: 1, created_at: deps.startedAt, updated_at: deps.startedAt };
  };

  router.post(
    "/assistants/search",
    handle(async (req) => {
      await principal(deps, req);
      const body = parsePart("body", s.searchAssistantsBody, req.body);
      return deps.graphs.ids
        .filter((id) => (!body.graph_id || id === body.graph_id) && (!body.name || deps.graphs.describe(id).name === body.name))
        .slice(body.offset, body.offset + body.limit)
        .map(assistantJson);
    }),
  );

  router.get(
    "/assistants/:assistantId",
    handle(async (req) => {
      await principal(deps, req);
      const id = String(req.params.assistantId);
      if (!deps.graphs.has(id)) throw notFound("Assistant");
      return assistantJson(id);
    }),
  );
  return router;
}
