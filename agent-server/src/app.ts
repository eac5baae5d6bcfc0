import express from "express";
import { errorHandler, notFound } from "@atelier/api/platform";
import { checkBody, edgeErrors } from "./edge";
import { assistantRoutes } from "./routes/assistants";
import { assistantGraphRoutes } from "./routes/assistant-graphs";
import type { AppDeps } from "./routes/deps";
import { historyMessagesRoutes } from "./routes/history-messages";
import { runRoutes } from "./routes/runs";
import { statelessRunRoutes } from "./routes/stateless-runs";
import { threadMetadataRoutes } from "./routes/thread-metadata";
import { threadRoutes } from "./routes/threads";
import { threadStateRoutes } from "./routes/thread-state";

export type { AppDeps };

/** The LangGraph-compatible HTTP API plus the spec's history-messages path. */
export function createAgentApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", deps.trustProxy ?? false);
  app.use(express.json({ limit: "2mb" }));
  // LangGraph's API reads a missing body as an empty one (its bodies' keys are all optional or checked).
  app.use((req, _res, next) => {
    req.body ??= {};
    next();
  });
  app.use(checkBody);

  app.get("/ok", (_req, res) => {
    res.json({ ok: true });
  });

  // The order is the match order: a router's paths do not overlap another's.
  app.use(assistantRoutes(deps));
  app.use(threadRoutes(deps));
  app.use(threadStateRoutes(deps));
  app.use(runRoutes(deps));
  app.use(historyMessagesRoutes(deps));
  // The rest of what the LangGraph SDK calls (runs.wait, stateless runs, threads.update/count, assistant graphs).
  app.use(assistantGraphRoutes(deps));
  app.use(threadMetadataRoutes(deps));
  app.use(statelessRunRoutes(deps));

  app.use((_req, _res, next) => next(notFound("Route")));
  app.use(edgeErrors);
  app.use(errorHandler(deps.log));
  return app;
}
