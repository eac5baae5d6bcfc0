import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// `npm start` as a person runs it: a child process on a fresh data directory, stopped with Ctrl-C.
// The web build is skipped (ATELIER_SKIP_WEB_BUILD=1): building is the e2e setup's job, and a
// Vite build here would make this test take minutes on a cold machine.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-start-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Started = { child: ChildProcess; output: () => string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>; port: number; agentPort: number };

async function start(): Promise<Started> {
  const [port, agentPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = { ...process.env, ATELIER_DATA_DIR: dataDir, ATELIER_SKIP_DEMO_SEED: "1", ATELIER_SKIP_WEB_BUILD: "1", PORT: String(port), AGENT_PORT: String(agentPort) };
  // This run's own embedded database and its own agent server, whatever the caller's shell says.
  delete env.DATABASE_URL;
  delete env.ATELIER_AGENT_URL;
  // A person's first start: initdb and every migration on the blank directory, not the test run's
  // migrated template (which other tests' fresh data directories start from).
  delete env.ATELIER_PG_TEMPLATE;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exited, port, agentPort };
}

/** Polls until url answers 200; fails at once if the process exits, with what it printed. */
async function waitFor(started: Started, url: string, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void started.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`npm start exited before ${url} answered:\n${started.output()}`);
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${started.output()}`);
}

const lockFile = path.join(dataDir, "atelier.lock");

describe("npm start", () => {
  it("serves the API and the agent server, and exits 0 on Ctrl-C, releasing the data directory", { timeout: 240_000 }, async () => {
    const started = await start();
    await waitFor(started, `http://127.0.0.1:${started.port}/rest/main/health`);
    await waitFor(started, `http://127.0.0.1:${started.agentPort}/ok`);
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(started.child.pid));

    started.child.kill("SIGINT");
    const exit = await started.exited;
    expect(exit, started.output()).toEqual({ code: 0, signal: null });
    expect(started.output()).toContain("SIGINT: shutting down");
    expect(fs.existsSync(lockFile)).toBe(false);
    await expect(fetch(`http://127.0.0.1:${started.port}/rest/main/health`)).rejects.toThrow();
  });

  it("starts again on the same data directory, and a second Ctrl-C forces the exit", { timeout: 240_000 }, async () => {
    const started = await start();
    await waitFor(started, `http://127.0.0.1:${started.port}/rest/main/health`);
    await waitFor(started, `http://127.0.0.1:${started.agentPort}/ok`);
    started.child.kill("SIGINT");
    started.child.kill("SIGINT");
    const exit = await started.exited;
    // The second signal usually lands mid-shutdown (forced, 130); on a fast machine the first may
    // already have finished (0). Either way the process is gone and never hangs.
    expect([0, 130], started.output()).toContain(exit.code);
    if (exit.code === 130) expect(started.output()).toContain("SIGINT again: exiting without finishing the shutdown.");
  });
});
