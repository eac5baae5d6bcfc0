import crypto from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Client } from "@langchain/langgraph-sdk";
import { commons, createApiClient, plans, team } from "@atelier/contracts";
import { buildScreenContext } from "@atelier/contracts/agent-context";
import type { ScriptStep } from "@atelier/graphs";
import { openDatabase, type Database } from "../../api/src/db/pool";
import { migrate } from "../../api/src/db/migrate";
import { collect, tablesHolding } from "./harness";
import { signUp } from "../../test/factories/accounts";

// The user's token reaches the tools through the run context and must be stored nowhere: not in
// the checkpoints, the run rows, the stream events, nor in what the API and the agent server log
// at debug level. The copilot runs on the scripted model and calls the API over HTTP with the
// token; both servers run in a child process, configured from the environment as in production,
// so everything their loggers write is read from its stdout. Its own database: the servers there
// serve the product graphs, and would claim the queued runs of files serving the test graph.

const here = path.dirname(fileURLToPath(import.meta.url));
const missingInvite = crypto.randomUUID();
const SCRIPT: ScriptStep[] = [
  {
    toolCalls: [
      { name: "get_plan", args: {} },
      { name: "get_business_settings", args: {} },
      { name: "get_team_member", args: { id: missingInvite } },
    ],
  },
  "Your plan, the fees, and no such team member.",
  // The script ends here: the next run's model call fails, and the run is logged as failed.
];

let db: Database;
let child: ChildProcess;
let output = "";
let apiUrl = "";
let agentUrl = "";

beforeAll(async () => {
  db = await openDatabase({ dataDir: null, poolSize: 5 });
  await migrate(db.pool);
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: db.url, PORT: "0", AGENT_PORT: "0", ATELIER_LOG_LEVEL: "debug", TEST_MODEL_SCRIPT: JSON.stringify(SCRIPT) };
  child = spawn(process.execPath, ["--import", "tsx", path.join(here, "fixtures/logging-servers.ts")], { env, stdio: ["ignore", "pipe", "pipe"] });
  [apiUrl, agentUrl] = await new Promise<[string, string]>((resolve, reject) => {
    const read = (b: Buffer) => {
      output += b.toString();
      const m = /READY (\S+) (\S+)/.exec(output);
      if (m) resolve([m[1]!, m[2]!]);
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`the servers exited (${code}): ${output}`)));
  });
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  await db?.close();
});

/** Stops the servers the way an operator does, so everything they logged is written out. */
async function stopServers(): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  await exited;
}

type LogLine = { level: number; service: string; msg: string; [key: string]: unknown };
type Msg = { type: string; content: unknown; name?: string; tool_calls?: { name: string }[] };

it("stores and logs the user's token nowhere, through a product graph calling the API with it", async () => {
  const api = createApiClient({ baseUrl: apiUrl });
  const email = `scan-${crypto.randomUUID().slice(0, 12)}@example.com`;
  const session = await signUp(api, db.pool, { email, password: "correct-horse-battery", storeName: "Scan store", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" });
  const token = session.token;
  const signature = token.split(".")[2]!;
  expect(signature.length).toBeGreaterThan(20);
  const client = new Client({ apiUrl: agentUrl, defaultHeaders: { authorization: `Bearer ${token}` }, callerOptions: { maxRetries: 0 } });

  const thread = await client.threads.create({ graphId: "copilot" });
  const question = "what is my plan, what are the fees, and who is on my team";
  let firstRun = "";
  const events = await collect(client.runs.stream(thread.thread_id, "copilot", {
    input: { messages: [{ type: "human", content: question }] },
    streamMode: ["values", "updates", "messages-tuple"],
    context: { screen: buildScreenContext({ route: "/settings/plan" }) },
    onRunCreated: (m) => (firstRun = m.run_id),
  }));
  const messages = ((events.filter((e) => e.event === "values").at(-1)!.data as { messages: Msg[] }).messages);
  expect(messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.name))).toEqual(["get_plan", "get_business_settings", "get_team_member"]);
  const result = (name: string) => JSON.parse(String(messages.find((m) => m.type === "tool" && m.name === name)!.content));
  // The tools reached the API with the user's token: the plan is the store's, the invite lookup a 404.
  expect(result("get_plan")).toMatchObject({ planType: expect.any(String) });
  expect(result("get_business_settings").fees).toBeTruthy();
  expect(result("get_team_member").error).toMatchObject({ status: 404 });
  expect((await client.runs.get(thread.thread_id, firstRun)).status).toBe("success");

  let failedRun = "";
  await collect(client.runs.stream(thread.thread_id, "copilot", { input: { messages: [{ type: "human", content: "and once more" }] }, onRunCreated: (m) => (failedRun = m.run_id) }));
  expect((await client.runs.get(thread.thread_id, failedRun)).status).toBe("error");
  await stopServers();

  // The scans can find what is there: the question is in the checkpoints' bytes, the runs and the events.
  expect(await tablesHolding(db.pool, question)).toEqual(expect.arrayContaining(["checkpoint_writes", "agent_runs", "agent_run_events"]));
  for (const secret of [token, signature]) expect(await tablesHolding(db.pool, secret)).toEqual([]);

  // Both loggers wrote at debug level during the runs: every request the tools made, and each run.
  const lines = output.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as LogLine);
  const apiRequest = (p: string) => lines.find((l) => l.service === "api" && l.msg === "request" && l.path === p);
  expect(apiRequest(plans.getPlanOverview.path)).toMatchObject({ level: 20, status: 200 });
  expect(apiRequest(commons.getBusinessSettings.path)).toMatchObject({ level: 20, status: 200 });
  expect(apiRequest(team.getTeamMemberInvite.path.replace(":id", missingInvite))).toMatchObject({ level: 30, status: 404 });
  const agentLine = (msg: string, runId: string) => lines.find((l) => l.service === "agent-server" && l.msg === msg && l.runId === runId);
  expect(agentLine("run started", firstRun)).toMatchObject({ level: 20 });
  expect(agentLine("run finished", firstRun)).toMatchObject({ level: 20, status: "success" });
  expect(agentLine("run failed", failedRun)).toMatchObject({ level: 50, err: expect.objectContaining({ message: expect.stringContaining("ran out of turns") }) });
  expect(agentLine("run finished", failedRun)).toMatchObject({ status: "error" });
  expect(output.split("\n").filter((l) => l.includes(signature))).toEqual([]);
}, 60_000);
