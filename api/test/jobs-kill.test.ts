import { spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { afterAll, expect, inject, it } from "vitest";
import { openDatabase } from "../src/db/pool";
import { createLogger } from "../src/logger";
import { createJobQueue, createMemoryJobEvents, defineJob } from "../src/jobs";

const here = path.dirname(fileURLToPath(import.meta.url));
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

it("finishes a job in another worker after the process running it is killed with SIGKILL", async () => {
  const type = `test.kill-${crypto.randomUUID().slice(0, 8)}`;
  const leaseMs = 400;
  const db = await openDatabase({ databaseUrl: inject("databaseUrl"), dataDir: null, poolSize: 3 });
  cleanups.push(() => db.close());

  const child = spawn(process.execPath, ["--import", "tsx", path.join(here, "fixtures/job-worker-child.ts")], {
    env: { ...process.env, TEST_DATABASE_URL: inject("databaseUrl"), TEST_JOB_TYPE: type, TEST_LEASE_MS: String(leaseMs) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  cleanups.push(() => void child.kill("SIGKILL"));
  let out = "";
  let err = "";
  child.stderr.on("data", (b: Buffer) => (err += b.toString()));
  const halfway = new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (b: Buffer) => {
      out += b.toString();
      const m = /HALFWAY (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`the worker exited (${code}) before it was killed: ${err}`)));
  });

  const definition = (handler: () => Promise<unknown>) =>
    defineJob({ type, payload: z.object({ rows: z.number() }), leaseMs, handler });
  const producer = createJobQueue({ pool: db.pool, log: createLogger("silent"), concurrency: 0 });
  const { job } = await producer.enqueue(definition(async () => null), { rows: 10 });

  expect(await halfway).toBe(job.id);
  const { rows: before } = await db.pool.query("SELECT status, worker_id, progress_percent, progress_message FROM jobs WHERE id = $1", [job.id]);
  expect(before[0]).toMatchObject({ status: "running", progress_percent: 50, progress_message: "Halfway through the rows." });
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGKILL");
  await exited;

  // A second worker in this process: it takes the job once the dead worker's lease has expired.
  const events = createMemoryJobEvents();
  const rescuer = createJobQueue({ pool: db.pool, log: createLogger("silent"), events, concurrency: 1, pollMs: 50 });
  cleanups.push(() => rescuer.stop());
  rescuer.register(definition(async () => ({ rows: 10 })));
  const completed = new Promise<void>((resolve) => events.subscribe((e) => e.event === "job.completed" && e.payload.job.id === job.id && resolve()));
  rescuer.start();
  await completed;

  const { rows } = await db.pool.query("SELECT status, attempt, result, worker_id FROM jobs WHERE id = $1", [job.id]);
  expect(rows[0]).toEqual({ status: "completed", attempt: 2, result: { rows: 10 }, worker_id: null });
  expect(before[0].worker_id).not.toBe(rescuer.workerId);
});
