import express from "express";
import { notFound, parsePart } from "@atelier/api/platform";
import { handle } from "../http-util";
import * as s from "../schemas";
import type { AppDeps } from "./deps";
import { principal } from "./owned";

type Drawable = { getGraphAsync?: (config?: unknown) => Promise<{ toJSON(): unknown }>; channels?: Record<string, unknown> };

/**
 * The rest of the SDK's read-only assistants API: `count`, `getGraph`, `getSchemas`,
 * `getSubgraphs` and `getVersions`. Assistants are the product's graphs, one version each;
 * creating, changing or deleting one is not offered (the routes answer 404 for those methods).
 */
export function assistantGraphRoutes(deps: AppDeps): express.Router {
  const router = express.Router();
  async function assistantOf(req: express.Request) {
    await principal(deps, req);
    const id = String(req.params.assistantId);
    if (!deps.graphs.has(id)) throw notFound("Assistant");
    return id;
  }

  router.post(
    "/assistants/count",
    handle(async (req) => {
      await principal(deps, req);
      const body = parsePart("body", s.searchAssistantsBody, req.body);
      return deps.graphs.ids.filter((id) => (!body.graph_id || id === body.graph_id) && (!body.name || deps.graphs.describe(id).name === body.name)).length;
    }),
  );

  router.get(
    "/assistants/:assistantId/graph",
    handle(async (req) => {
      const id = await assistantOf(req);
      const graph = deps.graphs.get(id) as unknown as Drawable;
      return graph.getGraphAsync ? (await graph.getGraphAsync()).toJSON() : { nodes: [], edges: [] };
    }),
  );

  router.get(
    "/assistants/:assistantId/schemas",
    handle(async (req) => {
      const id = await assistantOf(req);
      const graph = deps.graphs.get(id) as unknown as Drawable;
      const channels = Object.keys(graph.channels ?? {}).filter((c) => !c.startsWith("__") && !c.startsWith("branch:"));
      const state = { title: id, type: "object", properties: Object.fromEntries(channels.map((c) => [c, {}])) };
      const messages = { title: id, type: "object", properties: { messages: { type: "array", description: "The conversation's messages" } } };
      return {
        graph_id: id,
        input_schema: messages,
        output_schema: state,
        state_schema: state,
        config_schema: { type: "object", properties: {} },
        context_schema: { type: "object", properties: { atelier: { type: "object", description: "Set by the server from the caller's token and screen" } } },
      };
    }),
  );

  router.get(
    "/assistants/:assistantId/subgraphs",
    handle(async (req) => {
      await assistantOf(req);
      // No graph nests another: every assistant is one flat graph.
      return {};
    }),
  );

  router.post(
    "/assistants/:assistantId/versions",
    handle(async (req) => {
      const id = await assistantOf(req);
      const d = deps.graphs.describe(id);
      return [{ assistant_id: id, graph_id: id, name: d.name, description: d.description, config: {}, context: {}, metadata: {}, version: 1, created_at: deps.startedAt }];
    }),
  );
  return router;
}
