import type express from "express";
import * as q from "./queries";
import type { AppDeps } from "./app";

const HEARTBEAT_MS = 5000;

function frame(e: q.EventRow): string {
  return `id: ${e.seq}\nevent: ${e.event}\ndata: ${JSON.stringify(e.data ?? null)}\n\n`;
}

/**
 * Streams a run's events after `afterSeq` as SSE until its `end` event: from memory when the run
 * executes in this process, from Postgres otherwise (another process, or already finished).
 */
export async function followRun(deps: Pick<AppDeps, "pool" | "runner" | "pollMs">, req: express.Request, res: express.Response, runId: string, afterSeq: number, cancelOnDisconnect: boolean) {
  res.status(200);
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", "no-cache, no-transform");
  res.setHeader("Connection", "keep-alive");
  res.setHeader("X-Accel-Buffering", "no");
  res.flushHeaders();
  let closed = false;
  let finished = false;
  res.on("close", () => {
    closed = true;
    if (!finished && cancelOnDisconnect) {
      void q.requestCancel(deps.pool, runId, "interrupt").then(
        () => deps.runner.cancelLocal(runId, "interrupt"),
        (err: unknown) => console.error("agent-server: cancelling a run on disconnect failed", err),
      );
    }
  });
  const heartbeat = setInterval(() => {
    if (!closed) res.write(": heartbeat\n\n");
  }, HEARTBEAT_MS);
  let last = afterSeq;
  const send = (events: q.EventRow[]) => {
    for (const e of events) {
      if (e.seq <= last) continue;
      res.write(frame(e));
      last = e.seq;
      if (e.event === "end") finished = true;
    }
  };
  try {
    while (!closed && !finished) {
      const log = deps.runner.localLog(runId);
      if (log) {
        // Events stored before this process took the run (a reclaimed run) come from Postgres.
        const first = log.events[0];
        if (first && first.seq > last + 1) send(await q.eventsAfter(deps.pool, runId, last));
        send(log.events);
        if (!finished) await log.next();
        continue;
      }
      send(await q.eventsAfter(deps.pool, runId, last));
      if (finished) break;
      const run = await q.getRunById(deps.pool, runId);
      if (!run) break;
      if (run.status !== "pending" && run.status !== "running") {
        // Ended without an end event (its process died before writing it): close cleanly.
        send(await q.eventsAfter(deps.pool, runId, last));
        break;
      }
      await deps.runner.waitForLog(runId, deps.pollMs);
    }
  } finally {
    clearInterval(heartbeat);
    finished = true;
    if (!closed) res.end();
  }
}
