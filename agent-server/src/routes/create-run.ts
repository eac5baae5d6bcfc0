import crypto from "node:crypto";
import type express from "express";
import type { z } from "zod";
import { AppError, conflict, forbidden, invalid, notFound, parsePart, type Queryable, withTransaction } from "@atelier/api/platform";
import { ANONYMOUS_ASSISTANTS, clientAddress, type Principal } from "../auth";
import { checkMetadata, checkRunPayload, checkThreadQuota, checkVisitorThreadRuns } from "../limits";
import * as q from "../queries";
import * as s from "../schemas";
import type { Runner } from "../runner";
import type { AppDeps } from "./deps";
import { principal } from "./owned";
import { parseRunContextBody } from "../run-screen";

type RunBody = z.infer<typeof s.runBody>;
type Inserted = { row: q.RunRow; cancelled: string[] };

/** Creates a run; `streaming` runs start in this process at once when they can (see below). */
export async function createRun(deps: AppDeps, req: express.Request, streaming: boolean) {
  const p = await principal(deps, req);
  const threadId = parsePart("thread_id", s.uuidParam, String(req.params.threadId));
  const body = parsePart("body", s.runBody, req.body);
  if (!deps.graphs.has(body.assistant_id)) throw notFound("Assistant");
  if (p.kind === "anonymous" && !ANONYMOUS_ASSISTANTS.has(body.assistant_id)) throw forbidden("Log in to use this assistant.");
  if (body.input != null && body.command) throw invalid("command", "cannot be sent together with input");
  checkRunPayload(deps.limits, p, { input: body.input, command: body.command, context: body.context, config: body.config });
  checkMetadata(deps.limits, p, "metadata", body.metadata);
  const clientIp = clientAddress(req, deps.tokens);
  const kwargs = runKwargs(body);
  const strategy = body.multitask_strategy ?? "reject";
  // A caller waiting on the stream gets the run started by this process when the thread is free
  // and it has a slot: the run is inserted already claimed, without a trip through the queue.
  // A background run goes through the queue, and is created `pending` as LangGraph's are.
  const claim = streaming ? deps.runner.reserve() : null;
  let run: Inserted;
  try {
    const newRun = (active: boolean): q.NewRun => ({
      runId: crypto.randomUUID(),
      threadId,
      assistantId: body.assistant_id,
      strategy,
      kwargs,
      metadata: body.metadata ?? {},
      owner: p.owner,
      role: p.kind === "user" ? p.claims.role : null,
      isPreview: p.kind === "user" ? p.claims.isPreview : false,
      clientIp,
      claim: active ? null : claim,
    });
    // A signed-in user's run on a free thread is one statement; everything else (a busy thread,
    // a fork, a new or missing thread, a visitor's rate limit) takes the thread's lock below.
    const quick = p.kind === "user" && !kwargs.checkpointId ? await q.insertRunIfThreadFree(deps.pool, newRun(false)) : null;
    run = quick ? { row: quick, cancelled: [] } : await withTransaction(deps.pool, (db) => insertLocked(deps, db, { p, threadId, body, strategy, checkpointId: kwargs.checkpointId, clientIp, newRun }));
  } catch (err) {
    if (claim) deps.runner.unreserve();
    throw err;
  }
  startRun(deps, run, { strategy, claim, callerToken: p.kind === "user" ? p.token : null });
  const location = `/threads/${threadId}/runs/${run.row.run_id}`;
  return { row: run.row, location, onDisconnect: body.on_disconnect ?? "continue" };
}

/** What the run does, as stored with it (the client's context without the keys the server owns). */
function runKwargs(body: RunBody): q.RunKwargs {
  const runContext = parseRunContextBody(body.context);
  return {
    input: body.input ?? null,
    command: body.command ?? null,
    streamMode: body.stream_mode === undefined ? ["values"] : Array.isArray(body.stream_mode) ? body.stream_mode : [body.stream_mode],
    checkpointId: body.checkpoint_id ?? body.checkpoint?.checkpoint_id ?? null,
    interruptBefore: body.interrupt_before ?? null,
    interruptAfter: body.interrupt_after ?? null,
    context: runContext.context,
    screen: runContext.screen,
    recursionLimit: body.config?.recursion_limit ?? null,
  };
}

type LockedInsert = {
  p: Principal;
  threadId: string;
  body: RunBody;
  strategy: q.MultitaskStrategy;
  checkpointId: string | null;
  clientIp: string | null;
  newRun: (active: boolean) => q.NewRun;
};

/**
 * Inserts the run under the thread's lock: creates a missing thread when asked, checks the fork
 * point and a visitor's rate limit, and applies the multitask strategy to the runs in progress.
 */
async function insertLocked(deps: AppDeps, db: Queryable, { p, threadId, body, strategy, checkpointId, clientIp, newRun }: LockedInsert): Promise<Inserted> {
  let thread = await q.lockThreadForRun(db, threadId, p.owner);
  if (!thread && body.if_not_exists === "create") {
    await checkThreadQuota(db, deps.limits, p, clientIp);
    const created = await q.insertThread(db, { threadId, owner: p.owner, assistantId: body.assistant_id, metadata: {}, clientIp });
    thread = created ? { ...created, active_run_ids: [] } : null;
  }
  if (!thread) throw notFound("Thread");
  if (checkpointId && !(await q.checkpointExists(db, threadId, checkpointId))) throw notFound("Checkpoint");
  await checkVisitorThreadRuns(db, deps.limits, p, threadId);
  if (p.kind === "anonymous") {
    const recent = await q.recentAnonymousRuns(db, p.owner.anonymousId, clientIp);
    if (recent.by_id >= deps.anonymousRunsPerMinute || recent.by_ip >= deps.anonymousRunsPerMinute * 5) {
      throw new AppError("RATE_LIMITED", "Too many messages in a short time - please wait a minute and try again.");
    }
  }
  const active = thread.active_run_ids;
  if (active.length && strategy === "reject") throw conflict("The thread is busy with another run. Wait for it, or send with multitask_strategy enqueue, interrupt or rollback.");
  if (strategy === "interrupt" || strategy === "rollback") {
    for (const id of active) await q.requestCancel(db, id, strategy);
  }
  const row = await q.insertRun(db, newRun(active.length > 0));
  return { row, cancelled: strategy === "interrupt" || strategy === "rollback" ? active : [] };
}

type StartOptions = { strategy: q.MultitaskStrategy; claim: ReturnType<Runner["reserve"]>; callerToken: string | null };

/** Cancels the runs the strategy interrupts, then starts the new run here or hands it to the queue. */
function startRun(deps: AppDeps, run: Inserted, { strategy, claim, callerToken }: StartOptions): void {
  for (const id of run.cancelled) deps.runner.cancelLocal(id, strategy as "interrupt" | "rollback");
  if (claim && run.row.status === "running") deps.runner.startClaimed(run.row, callerToken);
  else {
    if (claim) deps.runner.unreserve();
    deps.runner.kick(run.row.run_id, callerToken);
  }
}
