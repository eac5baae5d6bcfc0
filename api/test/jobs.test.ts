import crypto from "node:crypto";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { jobs as jobContracts, type Job } from "@atelier/contracts";
import { openDatabase, withTransaction, type Database } from "../src/db/pool";
import { createLogger } from "../src/logger";
import { createJobQueue, createMemoryJobEvents, defineJob, nextRunAfter, PermanentJobError, type JobDefinition, type JobQueue } from "../src/jobs";
import { claimJob } from "../src/queries/jobs";
import { as, registerUser, startTestApi, type TestApi } from "./harness";

let db: Database;
let api: TestApi;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: inject("databaseUrl"), dataDir: null, poolSize: 4 });
  api = await startTestApi();
});
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  await api.close();
  await db.close();
});

/** A job type of this test alone: workers of other files never claim it. */
const uniqueType = (name: string) => `test.${name}-${crypto.randomUUID().slice(0, 8)}`;

function worker(definitions: JobDefinition[], overrides: { concurrency?: number } = {}) {
  const events = createMemoryJobEvents();
  const queue = createJobQueue({ pool: db.pool, log: createLogger("silent"), events, concurrency: overrides.concurrency ?? 2, pollMs: 20 });
  for (const d of definitions) queue.register(d);
  queue.start();
  stops.push(() => queue.stop(2000));
  return { queue, events };
}

/** Resolves with the job's first event of the given name. */
function nextEvent(events: ReturnType<typeof createMemoryJobEvents>, jobId: string, name: string): Promise<Job> {
  const seen = events.published.find((e) => e.event === name && e.payload.job.id === jobId);
  if (seen) return Promise.resolve(seen.payload.job);
  return new Promise((resolve) => {
    const off = events.subscribe((e) => {
      if (e.event !== name || e.payload.job.id !== jobId) return;
      off();
      resolve(e.payload.job);
    });
  });
}

async function row(id: string) {
  const { rows } = await db.pool.query("SELECT * FROM jobs WHERE id = $1", [id]);
  return rows[0];
}

describe("running jobs", () => {
  it("runs a job, stores and publishes its progress, and completes with its result", async () => {
    const type = uniqueType("export");
    const definition = defineJob({
      type,
      payload: z.object({ rows: z.number().int() }),
      async handler(payload, ctx) {
        await ctx.progress(40, "Writing rows.");
        await ctx.progress(140, "Almost done.");
        return { written: payload.rows, attempt: ctx.attempt };
      },
    });
    const { queue, events } = worker([definition]);
    const { job, created } = await queue.enqueue(definition, { rows: 3 }, { storeId: null });
    expect(created).toBe(true);
    const done = await nextEvent(events, job.id, "job.completed");
    expect(done).toMatchObject({ status: "completed", result: { written: 3, attempt: 1 }, progress: { percent: 100 }, error: null });
    const progressed = events.published.filter((e) => e.event === "job.progressed" && e.payload.job.id === job.id).map((e) => e.payload.job.progress);
    expect(progressed).toEqual([
      { percent: 40, message: "Writing rows." },
      { percent: 100, message: "Almost done." },
    ]);
  });

  it("rejects a payload that does not match the job's schema at enqueue", async () => {
    const definition = defineJob({ type: uniqueType("strict"), payload: z.object({ rows: z.number() }), handler: async () => null });
    const queue = createJobQueue({ pool: db.pool, log: createLogger("silent"), concurrency: 0 });
    await expect(queue.enqueue(definition, { rows: "many" } as never)).rejects.toThrow(/rows/);
  });

  it("retries a failing job with exponential backoff, then fails it for good with the error kept", async () => {
    const type = uniqueType("flaky");
    let calls = 0;
    const definition = defineJob({
      type,
      payload: z.object({}),
      maxAttempts: 3,
      backoffMs: 0,
      async handler() {
        calls++;
        throw new Error(`The carrier did not answer (try ${calls}).`);
      },
    });
    const { queue, events } = worker([definition]);
    const { job } = await queue.enqueue(definition, {});
    const failed = await nextEvent(events, job.id, "job.failed");
    expect(failed).toMatchObject({ status: "failed", attempt: 3, maxAttempts: 3, error: "The carrier did not answer (try 3)." });
    expect(calls).toBe(3);
    const retries = events.published.filter((e) => e.event === "job.progressed" && e.payload.job.id === job.id).map((e) => e.payload.job);
    expect(retries.map((j) => [j.status, j.error])).toEqual([
      ["queued", "The carrier did not answer (try 1)."],
      ["queued", "The carrier did not answer (try 2)."],
    ]);
  });

  it("waits backoff × 2^(attempt − 1) before each retry", async () => {
    const type = uniqueType("backoff");
    const definition = defineJob({
      type,
      payload: z.object({}),
      maxAttempts: 5,
      backoffMs: 60_000,
      handler: async () => {
        throw new Error("Not yet.");
      },
    });
    const { queue, events } = worker([definition]);
    const { job } = await queue.enqueue(definition, {});
    await nextEvent(events, job.id, "job.progressed");
    const first = await row(job.id);
    expect(first.status).toBe("queued");
    expect(first.run_at.getTime() - first.updated_at.getTime()).toBe(60_000);
    // The second attempt, made due now, waits twice as long after it fails.
    const again = new Promise<void>((resolve) => events.subscribe((e) => e.payload.job.id === job.id && e.payload.job.attempt === 2 && resolve()));
    await db.pool.query("UPDATE jobs SET run_at = now() WHERE id = $1", [job.id]);
    queue.kick();
    await again;
    const second = await row(job.id);
    expect(second.run_at.getTime() - second.updated_at.getTime()).toBe(120_000);
  });

  it("fails at once, without retries, on a PermanentJobError", async () => {
    const definition = defineJob({
      type: uniqueType("permanent"),
      payload: z.object({}),
      handler: async () => {
        throw new PermanentJobError("The file has no header row.");
      },
    });
    const { queue, events } = worker([definition]);
    const { job } = await queue.enqueue(definition, {});
    expect(await nextEvent(events, job.id, "job.failed")).toMatchObject({ attempt: 1, error: "The file has no header row." });
  });

  it("fails a stored payload that no longer matches the schema, with a sentence", async () => {
    const type = uniqueType("drift");
    const old = defineJob({ type, payload: z.object({ rows: z.number() }), handler: async () => null });
    const producer = createJobQueue({ pool: db.pool, log: createLogger("silent"), concurrency: 0 });
    const { job } = await producer.enqueue(old, { rows: 1 });
    const current = defineJob({ type, payload: z.object({ rows: z.number(), format: z.enum(["csv"]) }), handler: async () => null });
    const { events } = worker([current]);
    expect((await nextEvent(events, job.id, "job.failed")).error).toMatch(/^The job's input is not valid \(format /);
  });
});

describe("enqueueing", () => {
  it("creates a job inside the caller's transaction only if it commits", async () => {
    const definition = defineJob({ type: uniqueType("tx"), payload: z.object({}), handler: async () => null });
    const queue = createJobQueue({ pool: db.pool, log: createLogger("silent"), concurrency: 0 });
    let rolledBack = "";
    await expect(
      withTransaction(db.pool, async (client) => {
        rolledBack = (await queue.enqueue(definition, {}, { db: client })).job.id;
        throw new Error("the caller's write failed");
      }),
    ).rejects.toThrow("the caller's write failed");
    expect(await row(rolledBack)).toBeUndefined();
    const committed = await withTransaction(db.pool, async (client) => (await queue.enqueue(definition, {}, { db: client })).job.id);
    expect((await row(committed)).status).toBe("queued");
  });

  it("returns the queued job for a singleton key instead of a second one, per store", async () => {
    const definition = defineJob({ type: uniqueType("single"), payload: z.object({ n: z.number() }), handler: async () => null });
    const queue = createJobQueue({ pool: db.pool, log: createLogger("silent"), concurrency: 0 });
    const a = await registerUser(api);
    const b = await registerUser(api);
    const first = await queue.enqueue(definition, { n: 1 }, { storeId: a.store.id, singletonKey: "catalog" });
    const again = await queue.enqueue(definition, { n: 2 }, { storeId: a.store.id, singletonKey: "catalog" });
    const otherStore = await queue.enqueue(definition, { n: 3 }, { storeId: b.store.id, singletonKey: "catalog" });
    expect(again).toEqual({ job: first.job, created: false });
    expect(otherStore.created).toBe(true);
    // Once the first has finished, the key is free again.
    await db.pool.query("UPDATE jobs SET status = 'completed', finished_at = now() WHERE id = $1", [first.job.id]);
    expect((await queue.enqueue(definition, { n: 4 }, { storeId: a.store.id, singletonKey: "catalog" })).created).toBe(true);
  });

  it("does not run a scheduled job before its time", async () => {
    const type = uniqueType("later");
    const definition = defineJob({ type, payload: z.object({}), handler: async () => "ran" });
    const queue = createJobQueue({ pool: db.pool, log: createLogger("silent"), concurrency: 0 });
    const { job } = await queue.enqueue(definition, {}, { runAt: new Date(Date.now() + 3_600_000) });
    expect(await claimJob(db.pool, "probe", [type])).toBeNull();
    await db.pool.query("UPDATE jobs SET run_at = now() WHERE id = $1", [job.id]);
    const { events } = worker([definition]);
    expect((await nextEvent(events, job.id, "job.completed")).result).toBe("ran");
  });
});

describe("recurring jobs", () => {
  it("enqueues a due schedule's job, runs it, and sets the next run from the rule", async () => {
    const type = uniqueType("every");
    const name = `${type}-schedule`;
    const definition = defineJob({ type, payload: z.object({ what: z.string() }), handler: async (p) => p.what });
    const { queue, events } = worker([definition]);
    await queue.schedule(name, definition, { what: "sweep" }, { everyMs: 3_600_000 });
    const { rows: before } = await db.pool.query("SELECT next_run_at, now() AS now FROM job_schedules WHERE name = $1", [name]);
    // An hour from when it was scheduled (a moment before this read).
    const ahead = before[0].next_run_at.getTime() - before[0].now.getTime();
    expect(ahead).toBeGreaterThan(3_000_000);
    expect(ahead).toBeLessThanOrEqual(3_600_000);
    const completed = new Promise<Job>((resolve) => events.subscribe((e) => e.event === "job.completed" && e.payload.job.type === type && resolve(e.payload.job)));
    await db.pool.query("UPDATE job_schedules SET next_run_at = now() WHERE name = $1", [name]);
    const job = await completed;
    expect(job.result).toBe("sweep");
    expect((await row(job.id)).schedule_name).toBe(name);
    const { rows: after } = await db.pool.query("SELECT next_run_at, updated_at FROM job_schedules WHERE name = $1", [name]);
    expect(after[0].next_run_at.getTime() - after[0].updated_at.getTime()).toBe(3_600_000);
    await queue.unschedule(name);
  });

  it("computes cron and interval rules, and says which expression never parses", () => {
    const from = new Date("2026-11-25T10:15:30Z");
    expect(nextRunAfter({ cron: "17 3 * * *" }, from).toISOString()).toBe("2026-11-26T03:17:00.000Z");
    expect(nextRunAfter({ cron: "*/5 * * * *" }, from).toISOString()).toBe("2026-11-25T10:20:00.000Z");
    expect(nextRunAfter({ everyMs: 60_000 }, from).toISOString()).toBe("2026-11-25T10:16:30.000Z");
    expect(() => nextRunAfter({ cron: "not a cron" }, from)).toThrow();
    expect(() => nextRunAfter({ everyMs: 0 }, from)).toThrow(/positive whole number/);
  });
});

describe("cancel and stop", () => {
  it("cancels a running job over HTTP: its worker sees the request and its handler stops", async () => {
    const user = await registerUser(api);
    const type = uniqueType("cancel");
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const definition = defineJob({
      type,
      payload: z.object({}),
      leaseMs: 300,
      handler: (_p, ctx) =>
        new Promise((_resolve, reject) => {
          started();
          ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason as Error));
        }),
    });
    const { queue, events } = worker([definition]);
    const { job } = await queue.enqueue(definition, {}, { storeId: user.store.id, userId: user.user.id });
    await running;
    // Through the API's own queue: the request reaches this worker through the database.
    const answer = await as(api, user.token, jobContracts.cancelJob, { params: { id: job.id } });
    expect(answer.status).toBe("running");
    const cancelled = await nextEvent(events, job.id, "job.cancelled");
    expect(cancelled.status).toBe("cancelled");
    const stored = events.published.find((e) => e.event === "job.cancelled");
    expect(stored?.to).toEqual({ storeId: user.store.id, userId: user.user.id });
  });

  it("cancels a queued job at once and never runs it", async () => {
    const user = await registerUser(api);
    const definition = defineJob({ type: uniqueType("queued-cancel"), payload: z.object({}), handler: async () => "ran" });
    const queue = createJobQueue({ pool: db.pool, log: createLogger("silent"), concurrency: 0 });
    const { job } = await queue.enqueue(definition, {}, { storeId: user.store.id, runAt: new Date(Date.now() + 3_600_000) });
    const answer = await as(api, user.token, jobContracts.cancelJob, { params: { id: job.id } });
    expect(answer).toMatchObject({ status: "cancelled", attempt: 0 });
    expect(await claimJob(db.pool, "probe", [definition.type])).toBeNull();
  });

  it("gives running jobs back to the queue on a graceful stop, without counting the attempt", async () => {
    const type = uniqueType("stop");
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const definition = defineJob({
      type,
      payload: z.object({}),
      handler: (_p, ctx) =>
        new Promise((_resolve, reject) => {
          started();
          ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason as Error));
        }),
    });
    const events = createMemoryJobEvents();
    const queue: JobQueue = createJobQueue({ pool: db.pool, log: createLogger("silent"), events, concurrency: 1, pollMs: 20 });
    queue.register(definition);
    queue.start();
    const { job } = await queue.enqueue(definition, {});
    await running;
    await queue.stop(0);
    expect(await row(job.id)).toMatchObject({ status: "queued", attempt: 0, worker_id: null });
    expect(queue.activeCount()).toBe(0);
  });
});

describe("GET /web/jobs/{id}", () => {
  it("answers a store its own job, 404 to another store, 400 for a bad id and 401 without a token", async () => {
    const owner = await registerUser(api);
    const other = await registerUser(api);
    const definition = defineJob({ type: uniqueType("read"), payload: z.object({}), handler: async () => null });
    const queue = createJobQueue({ pool: db.pool, log: createLogger("silent"), concurrency: 0 });
    const { job } = await queue.enqueue(definition, {}, { storeId: owner.store.id });
    await db.pool.query("UPDATE jobs SET progress_percent = 30, progress_message = 'Reading the file.' WHERE id = $1", [job.id]);

    const mine = await as(api, owner.token, jobContracts.getJob, { params: { id: job.id } });
    expect(mine).toMatchObject({ id: job.id, status: "queued", progress: { percent: 30, message: "Reading the file." }, error: null });

    const theirs = await api.raw("GET", `/web/jobs/${job.id}`, { token: other.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe("NOT_FOUND");
    expect((await api.raw("POST", `/web/jobs/${job.id}/cancel`, { token: other.token })).status).toBe(404);
    expect((await row(job.id)).status).toBe("queued");

    const bad = await api.raw("GET", "/web/jobs/not-a-uuid", { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_FAILED");
    expect((await api.raw("GET", `/web/jobs/${job.id}`)).status).toBe(401);
  });
});
