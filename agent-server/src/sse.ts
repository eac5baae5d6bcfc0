import type express from "express";
import * as q from "./queries";
import { eventJson } from "./queries/run-rows";
import type { AppDeps } from "./routes/deps";

const HEARTBEAT_MS = 5000;

function frame(e: q.EventRow): string {
  return `id: ${e.seq}\nevent: ${e.event}\ndata: ${eventJson(e)}\n\n`;
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
  // Frames go out in one write per wake-up: a model streaming tokens pushes many at once.
  const send = (events: q.EventRow[], from = 0) => {
    let out = "";
    for (let i = from; i < events.length; i++) {
      const e = events[i]!;
      if (e.seq <= last) continue;
      out += frame(e);
      last = e.seq;
      if (e.event === "end") finished = true;
    }
    if (out) res.write(out);
  };
  try {
    while (!closed && !finished) {
      const log = deps.runner.localLog(runId);
      if (log) {
        // Events stored before this process took the run (a reclaimed run) come from Postgres.
        const first = log.events[0];
        if (first && first.seq > last + 1) send(await q.eventsAfter(deps.pool, runId, last));
        // Follow this log object to its end: the run leaves the runner's table as it publishes
        // `end`, and looking it up again then would read Postgres for an event already in memory.
        for (;;) {
          // The log's sequence numbers are consecutive: start at the first one not sent yet.
          const head = log.events[0];
          send(log.events, head ? Math.max(0, last + 1 - head.seq) : 0);
          if (finished || closed || log.ended) break;
          await log.next();
        }
        if (finished || closed) break;
        // The log closed without an end event (storing the end failed): Postgres decides below.
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
