import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@langchain/langgraph-sdk";
import { afterAll, expect, inject, it } from "vitest";
import { openDatabase } from "../../api/src/db/pool";
import { registerUser, startTestApi, testConfig } from "../../api/test/harness";
import { startAgentServer } from "../src/server";
import { twoStepGraphs } from "./fixtures/two-step-graph";

const here = path.dirname(fileURLToPath(import.meta.url));
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

it("resumes a run from its last checkpoint after its process is killed", async () => {
  const api = await startTestApi();
  cleanups.push(() => api.close());
  const user = await registerUser(api);
  const child = spawn(process.execPath, ["--import", "tsx", path.join(here, "fixtures/child-server.ts")], {
    env: { ...process.env, TEST_DATABASE_URL: inject("databaseUrl") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  cleanups.push(() => void child.kill("SIGKILL"));
  const childUrl = await new Promise<string>((resolve, reject) => {
    let out = "";
    let err = "";
    child.stderr.on("data", (b: Buffer) => (err += b.toString()));
    child.stdout.on("data", (b: Buffer) => {
      out += b.toString();
      const m = /READY (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`child exited ${code}: ${err}`)));
  });
  const headers = { authorization: `Bearer ${user.token}` };
  const viaChild = new Client({ apiUrl: childUrl, defaultHeaders: headers, callerOptions: { maxRetries: 0 } });
  const thread = await viaChild.threads.create({ graphId: "copilot" });
  const run = await viaChild.runs.create(thread.thread_id, "copilot", { input: { messages: [{ type: "human", content: "go" }] } });
  for (let i = 0; (await viaChild.threads.getState(thread.thread_id)).next[0] !== "slow"; i++) {
    if (i > 400) throw new Error("the child never reached the slow node");
    await new Promise((r) => setTimeout(r, 25));
  }
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGKILL");
  await exited;

  const db = await openDatabase({ databaseUrl: inject("databaseUrl"), dataDir: null, poolSize: 3 });
  const server = await startAgentServer({ config: testConfig(), pool: db.pool, graphs: twoStepGraphs(false), port: 0, pollMs: 50, leaseMs: 1000 });
  cleanups.push(async () => {
    await server.close();
    await db.close();
  });
  const viaNew = new Client({ apiUrl: server.url, defaultHeaders: headers, callerOptions: { maxRetries: 0 } });
  const result = (await viaNew.runs.join(thread.thread_id, run.run_id)) as { messages: { content: string }[] };
  expect(result.messages.map((m) => m.content)).toEqual(["go", "first done", "slow done"]);
  const finished = await viaNew.runs.get(thread.thread_id, run.run_id);
  expect(finished.status).toBe("success");
  const { rows } = await db.pool.query("SELECT attempt FROM agent_runs WHERE run_id = $1", [run.run_id]);
  expect(rows[0].attempt).toBe(2);
  const events = [];
  for await (const e of viaNew.runs.joinStream(thread.thread_id, run.run_id)) events.push(e);
  expect(events.filter((e) => e.event === "metadata").map((e) => (e.data as { attempt: number }).attempt)).toEqual([1, 2]);
  expect(events.at(-1)!.event).toBe("end");
});
