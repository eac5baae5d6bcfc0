// `npm run bench:agent`: what the agent server adds to a chat turn, how fast a long thread's
// messages load, and how many bytes a long thread stores.
//  1. One chat turn with one tool call (get_business_settings over HTTP to the API), zero-latency
//     scripted model: through the agent server (HTTP + SSE + Postgres checkpointer + run queue)
//     against the same copilot graph invoked in-process with MemorySaver. Target: overhead ≤ 10 ms p50.
//  2. GET /agent/history-messages/:threadId on a 200-message thread. Target: p99 ≤ 20 ms.
//  3. Stored checkpoint bytes of a 200-turn thread. Target: ≤ 1 MB.
// Database: the embedded PGlite in memory, or Postgres with DATABASE_URL (an empty database).
import crypto from "node:crypto";
import pg from "pg";
import { Client } from "@langchain/langgraph-sdk";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { HumanMessage } from "@langchain/core/messages";
import { createApiClient } from "@atelier/contracts";
import { buildGraph, createScriptedModelFactory, type ScriptStep } from "@atelier/graphs";
import { runContextOf } from "@atelier/tools";
import { loadConfig } from "../../api/src/config";
import { openDatabase } from "../../api/src/db/pool";
import { migrate } from "../../api/src/db/migrate";
import { startApi } from "../../api/src/server";
import { signUp } from "../../test/factories/accounts";
import { startAgentServer } from "../../agent-server/src/server";
import { productGraphs } from "../../agent-server/src/product-graphs";

const TURNS = Number(process.env.BENCH_TURNS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const TRACE_TURNS = process.env.BENCH_TRACE ? 20 : 0;
const TRACE_SERVER_TURNS = TRACE_TURNS * 2;
const HISTORY_READS = Number(process.env.BENCH_HISTORY_READS ?? 300);
const LONG_THREAD_TURNS = 200;
const HISTORY_THREAD_TURNS = 100; // a question and an answer each: 200 messages

// Realistic sizes: a typed question and a paragraph of answer.
const question = (i: number) => `Question ${i}: how much does fulfilment cost for an order of ${i} items shipped to Canada, and is storage extra?`;
const answer = (i: number) => `Answer ${i}: ${"Fulfilment is charged per order and storage per bin per SKU; the full table is under Pricing. ".repeat(4)}`;
const TOOL_TURN: ScriptStep[] = [{ toolCalls: [{ name: "get_business_settings", args: {} }] }, "Fulfilment costs $3.50 per order."];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
function summary(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99), mean: s.reduce((a, b) => a + b, 0) / s.length };
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

// Production semantics (no response validation), and one secret for both servers.
const config = loadConfig({
  ...process.env,
  NODE_ENV: "production",
  PORT: "0",
  AGENT_PORT: "0",
  ATELIER_LOG_LEVEL: "warn",
  ATELIER_JWT_SECRET: process.env.ATELIER_JWT_SECRET ?? "bench-secret-that-is-long-enough-0123456789",
  ATELIER_SKIP_DEMO_SEED: "1",
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, poolSize: config.poolSize });
// Counts the statements of one measured turn (API and agent server share this pool), by text.
let tracing: Map<string, { count: number; ms: number }> | null = null;
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  if (!tracing) return clientQuery.apply(this, args);
  const first = args[0];
  const text = (typeof first === "string" ? first : ((first as { text?: string })?.text ?? "?")).replace(/\s+/g, " ").slice(0, 90);
  const started = performance.now();
  const log = tracing;
  const done = () => {
    const entry = log.get(text) ?? { count: 0, ms: 0 };
    entry.count++;
    entry.ms += performance.now() - started;
    log.set(text, entry);
  };
  // pg.Pool#query passes a callback; a client's own query returns a promise.
  const callback = args.at(-1);
  if (typeof callback === "function") {
    args[args.length - 1] = (...out: unknown[]) => {
      done();
      return (callback as (...a: unknown[]) => unknown)(...out);
    };
    return clientQuery.apply(this, args);
  }
  const result = clientQuery.apply(this, args) as Promise<unknown>;
  result.then(done, done);
  return result;
};
await migrate(database.pool);
const api = await startApi({ config, database, migrate: false });

// The server's graphs play one queue, in the order the phases below call the model.
const serverSteps: ScriptStep[] = [];
for (let i = 0; i < WARMUP + TURNS + TRACE_SERVER_TURNS; i++) serverSteps.push(...TOOL_TURN);
for (let i = 0; i < HISTORY_THREAD_TURNS; i++) serverSteps.push(answer(i));
for (let i = 0; i < LONG_THREAD_TURNS; i++) serverSteps.push(answer(i));
const serverModel = createScriptedModelFactory(serverSteps);
const localModel = createScriptedModelFactory(Array.from({ length: WARMUP + TURNS + TRACE_TURNS }, () => TOOL_TURN).flat());

const agent = await startAgentServer({ config, pool: database.pool, graphs: productGraphs(api.url, serverModel), apiBaseUrl: api.url, port: 0, tokens: api.deps.tokens });
const session = await signUp(createApiClient({ baseUrl: api.url }), database.pool, { email: `bench-${Date.now()}@example.com`, password: "bench-password-123", storeName: "Bench store", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" });
const client = new Client({ apiUrl: agent.url, defaultHeaders: { authorization: `Bearer ${session.token}` }, callerOptions: { maxRetries: 0 } });
const local = buildGraph("copilot", { modelFactory: localModel, checkpointer: new MemorySaver(), apiBaseUrl: api.url });
const localContext = runContextOf({ apiToken: session.token, apiBaseUrl: api.url, storeId: session.store.id, userId: session.user.id });

const input = { messages: [{ type: "human", content: "how much does fulfilment cost" }] };

async function serverTurn(): Promise<number> {
  const thread = await client.threads.create({ graphId: "copilot" });
  const start = performance.now();
  let ended = false;
  for await (const event of client.runs.stream(thread.thread_id, "copilot", { input, streamMode: ["values", "messages-tuple"] })) {
    if (event.event === "error") throw new Error(`run failed: ${JSON.stringify(event.data)}`);
    if (event.event === "end") ended = true;
  }
  const took = performance.now() - start;
  if (!ended && (await client.threads.get(thread.thread_id)).status !== "idle") throw new Error("the run did not finish");
  return took;
}

async function localTurn(): Promise<number> {
  const start = performance.now();
  const stream = await local.stream(
    { messages: [new HumanMessage("how much does fulfilment cost")] },
    { configurable: { thread_id: crypto.randomUUID() }, context: localContext, streamMode: ["values", "updates", "messages"] },
  );
  for await (const chunk of stream) void chunk;
  return performance.now() - start;
}

console.log(`database: ${config.databaseUrl ? "Postgres (DATABASE_URL)" : "embedded PGlite, in memory"}`);
console.log(`1. one chat turn with one tool call: ${WARMUP} warm-up + ${TURNS} measured turns each, alternating…`);
for (let i = 0; i < WARMUP; i++) {
  await serverTurn();
  await localTurn();
}
const serverTimes: number[] = [];
const localTimes: number[] = [];
for (let i = 0; i < TURNS; i++) {
  serverTimes.push(await serverTurn());
  localTimes.push(await localTurn());
}
if (process.env.BENCH_TRACE) {
  // Where a server turn's time goes, as the client sees it: ms since the request, per event.
  const marks = new Map<string, number[]>();
  for (let i = 0; i < TRACE_TURNS; i++) {
    const thread = await client.threads.create({ graphId: "copilot" });
    const start = performance.now();
    let n = 0;
    for await (const event of client.runs.stream(thread.thread_id, "copilot", { input, streamMode: ["values", "messages-tuple"] })) {
      const key = `${String(n++).padStart(2)} ${event.event}`;
      marks.set(key, [...(marks.get(key) ?? []), performance.now() - start]);
    }
    marks.set("zz stream closed", [...(marks.get("zz stream closed") ?? []), performance.now() - start]);
  }
  for (const [key, times] of [...marks.entries()].sort()) console.log(`  ${key.padEnd(24)} p50 ${ms(summary(times).p50)}`);

  for (const [name, turn] of [["agent server", serverTurn], ["in-process", localTurn]] as const) {
    tracing = new Map();
    for (let i = 0; i < TRACE_TURNS; i++) await turn();
    const entries = [...tracing.entries()].sort((a, b) => b[1].count - a[1].count);
    tracing = null;
    const total = entries.reduce((n, [, e]) => n + e.count, 0);
    console.log(`${name}: ${(total / TRACE_TURNS).toFixed(1)} statements per turn (API's included)`);
    for (const [text, e] of entries) console.log(`  ${(e.count / TRACE_TURNS).toFixed(2).padStart(6)} × ${(e.ms / e.count).toFixed(2).padStart(5)} ms  ${text}`);
  }
}
const viaServer = summary(serverTimes);
const inProcess = summary(localTimes);
const overhead = viaServer.p50 - inProcess.p50;
console.table({
  "agent server (HTTP + SSE + Postgres)": { "p50 ms": +viaServer.p50.toFixed(1), "p99 ms": +viaServer.p99.toFixed(1), "mean ms": +viaServer.mean.toFixed(1) },
  "in-process graph + MemorySaver": { "p50 ms": +inProcess.p50.toFixed(1), "p99 ms": +inProcess.p99.toFixed(1), "mean ms": +inProcess.mean.toFixed(1) },
});
console.log(`overhead p50: ${ms(overhead)} (target ≤ 10 ms) ${overhead <= 10 ? "✓" : "✗"}; p99: ${ms(viaServer.p99 - inProcess.p99)}`);

async function chatThread(turns: number): Promise<string> {
  const thread = await client.threads.create({ graphId: "copilot" });
  for (let i = 0; i < turns; i++) {
    const run = await client.runs.create(thread.thread_id, "copilot", { input: { messages: [{ type: "human", content: question(i) }] } });
    await client.runs.join(thread.thread_id, run.run_id);
  }
  return thread.thread_id;
}

console.log(`\n2. history-messages on a ${HISTORY_THREAD_TURNS * 2}-message thread: ${HISTORY_READS} reads…`);
const historyThread = await chatThread(HISTORY_THREAD_TURNS);
const historyUrl = `${agent.url}/agent/history-messages/${historyThread}`;
const headers = { authorization: `Bearer ${session.token}` };
const first = (await (await fetch(historyUrl, { headers })).json()) as { messages: unknown[] };
if (first.messages.length !== HISTORY_THREAD_TURNS * 2) throw new Error(`expected ${HISTORY_THREAD_TURNS * 2} messages, got ${first.messages.length}`);
const historyTimes: number[] = [];
for (let i = 0; i < HISTORY_READS + 20; i++) {
  const start = performance.now();
  const res = await fetch(historyUrl, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`history-messages answered ${res.status}`);
  if (i >= 20) historyTimes.push(performance.now() - start);
}
const history = summary(historyTimes);
console.log(`repeated reads of the latest checkpoint: p50 ${ms(history.p50)}, p99 ${ms(history.p99)} (target p99 ≤ 20 ms) ${history.p99 <= 20 ? "✓" : "✗"}`);
// First reads: each of the thread's last checkpoints once (what a client pays after each new step).
const checkpoints = (await client.threads.getHistory(historyThread, { limit: 100 })).map((h) => h.checkpoint.checkpoint_id!);
const coldTimes: number[] = [];
for (const id of checkpoints) {
  const start = performance.now();
  const res = await fetch(`${historyUrl}?checkpointId=${id}`, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`history-messages answered ${res.status}`);
  coldTimes.push(performance.now() - start);
}
const cold = summary(coldTimes);
console.log(`first read of each of the last ${coldTimes.length} checkpoints: p50 ${ms(cold.p50)}, p99 ${ms(cold.p99)}`);

console.log(`\n3. stored checkpoint bytes of a ${LONG_THREAD_TURNS}-turn thread…`);
const longThread = await chatThread(LONG_THREAD_TURNS);
const { rows } = await database.pool.query<{ checkpoints: number; blobs: number; writes: number; count: number }>(
  `SELECT (SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM checkpoints t WHERE thread_id = $1) AS checkpoints,
          (SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM checkpoint_blobs t WHERE thread_id = $1) AS blobs,
          (SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM checkpoint_writes t WHERE thread_id = $1) AS writes,
          (SELECT count(*) FROM checkpoints t WHERE thread_id = $1) AS count`,
  [longThread],
);
const stored = rows[0]!;
const bytes = Number(stored.checkpoints) + Number(stored.blobs) + Number(stored.writes);
console.log(
  `${stored.count} checkpoints; checkpoints ${(stored.checkpoints / 1024).toFixed(0)} KiB, blobs ${(stored.blobs / 1024).toFixed(0)} KiB, writes ${(stored.writes / 1024).toFixed(0)} KiB`,
);
console.log(`total ${(bytes / 1_000_000).toFixed(2)} MB (target ≤ 1 MB) ${bytes <= 1_000_000 ? "✓" : "✗"}`);
if (serverModel.remaining() !== 0 || localModel.remaining() !== 0) console.log(`warning: scripted turns left over (server ${serverModel.remaining()}, local ${localModel.remaining()})`);

await agent.close();
await api.close();
await database.close();
process.exit(0);
