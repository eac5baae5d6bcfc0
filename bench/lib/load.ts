// Shared by the benchmarks: one load run with autocannon, a correctness probe before it, and a
// drain after it so that requests a run left in flight never count against the next one.
import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { fileURLToPath } from "node:url";
import type pg from "pg";

/** A load target; a `reference` is a baseline printed beside the others, not judged against the target. */
export type Target = { label: string; url: string; method?: "GET" | "POST"; body?: string; headers?: Record<string, string>; reference?: boolean };
export type Figures = { label: string; completed: number; rps: number; p50: number; p99: number; non2xx: number; errors: number; timeouts: number; statuses: string; cpuUsPerRequest: number };

/**
 * One autocannon run against a target; `completed` is how many responses arrived in the window.
 * autocannon runs in a child process (`autocannon-child.mjs`): in this process it would share the
 * server's event loop and charge the cost of reading each answer (larger for richer answers) to the
 * server being measured.
 */
export async function measure(t: Target, connections: number, durationS: number): Promise<Figures> {
  // A queued request on the embedded database can wait seconds: a generous timeout records its
  // latency instead of dropping it (timeouts are still counted and printed).
  // CPU time of this whole process (its threads included: the embedded database's worker) per
  // completed response: steadier than req/s on a machine shared with other work.
  const cpuBefore = process.cpuUsage();
  const r = await runAutocannon({ url: t.url, method: t.method ?? "GET", body: t.body, headers: t.headers, connections, duration: durationS, timeout: 60 });
  const cpu = process.cpuUsage(cpuBefore);
  const statuses = Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => `${code}×${s.count}`).join(" ");
  return { label: t.label, completed: r.requests.total, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, statuses, cpuUsPerRequest: r.requests.total ? Math.round((cpu.user + cpu.system) / r.requests.total) : 0 };
}

type AutocannonResult = {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
};

function runAutocannon(options: Record<string, unknown>): Promise<AutocannonResult> {
  const child = spawn(process.execPath, [fileURLToPath(new URL("./autocannon-child.mjs", import.meta.url)), JSON.stringify(options)], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(JSON.parse(out) as AutocannonResult) : reject(new Error(`the load generator exited with ${code}`))));
  });
}

/**
 * Sends the target `times` times one after the other (a warm-up that leaves nothing queued) and
 * fails with the status and the start of the body when any answer is not 2xx.
 */
export async function probe(t: Target, times = 5): Promise<void> {
  for (let n = 0; n < times; n++) {
    const res = await fetch(t.url, { method: t.method ?? "GET", body: t.body, headers: t.headers });
    const text = await res.text();
    if (!res.ok) throw new Error(`${t.label}: ${t.method ?? "GET"} ${t.url} answered ${res.status}: ${text.slice(0, 500)}`);
  }
}

/**
 * Waits until the pool has had no checked-out or waiting client for `quietMs`: autocannon stops at
 * the end of its window and abandons its in-flight requests, but the server still runs them, and
 * on the single-session embedded database that backlog would be measured as the next run's latency.
 */
export async function drain(pool: pg.Pool, quietMs = 300, maxMs = 300_000): Promise<number> {
  const started = Date.now();
  let quietSince = Date.now();
  while (Date.now() - started < maxMs) {
    const busy = pool.totalCount - pool.idleCount + pool.waitingCount;
    if (busy > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the server was still busy ${maxMs / 1000} s after the load run`);
}

/** The rows of the result table shared by both benchmarks. */
export function row(r: Figures): Record<string, string | number> {
  return { endpoint: r.label, completed: r.completed, "req/s": Math.round(r.rps), "p50 ms": r.p50, "p99 ms": r.p99, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, statuses: r.statuses, "cpu µs/req": r.cpuUsPerRequest };
}

/** Whether a run's figures can be used: something completed, and nothing failed. */
export function usable(r: Figures): boolean {
  return r.completed > 0 && r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
}

/** After a run with failures: `n` concurrent requests, and the first non-2xx answer (status and body start), if any. */
export async function sampleFailure(t: Target, n: number): Promise<string | null> {
  const answers = await Promise.all(
    Array.from({ length: n }, async () => {
      try {
        const res = await fetch(t.url, { method: t.method ?? "GET", body: t.body, headers: t.headers });
        const text = await res.text();
        return res.ok ? null : `${res.status}: ${text.slice(0, 500)}`;
      } catch (err) {
        return `request failed: ${(err as Error).message}`;
      }
    }),
  );
  return answers.find((a) => a !== null) ?? null;
}

/**
 * The reference both benchmarks compare against: a bare Express handler doing one primary-key query
 * (`SELECT id, title FROM stores WHERE id = $1`) through the same pool, with no auth, validation or
 * middleware: about the cheapest request that reads the database.
 */
export function startBarePrimaryKeyServer(pool: pg.Pool, storeId: string): Promise<BareServer> {
  return startBareServer("bare Express + SELECT by id", "get", async (_req, res) => {
    const { rows } = await pool.query("SELECT id, title FROM stores WHERE id = $1", [storeId]);
    res.json(rows[0]);
  });
}

export type BareServer = { target: Target; close: () => Promise<void> };

/**
 * A bare Express handler sending fixed bytes: what answers of that size cost on this machine (the
 * load generator reads them on the same cores) with no work on the server's side. POST parses its
 * JSON body as the API does.
 */
export function startBareBytesServer(label: string, method: "get" | "post", bytes: Buffer, headers: Record<string, string>): Promise<BareServer> {
  const send: express.RequestHandler = (_req, res) => void res.set(headers).send(bytes);
  return startBareServer(label, method, method === "post" ? [express.json({ limit: "1mb" }), send] : [send]);
}

async function startBareServer(label: string, method: "get" | "post", handlers: express.RequestHandler | express.RequestHandler[]): Promise<BareServer> {
  const bare = express();
  bare[method]("/bare", handlers);
  const server = http.createServer(bare);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    target: { label, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bare`, method: method === "post" ? "POST" : "GET", reference: true },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
