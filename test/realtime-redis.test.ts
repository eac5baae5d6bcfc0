import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { ROOM_JOIN, createApiClient, inbox, payments, plans, type RealtimePayload, type RoomAnswer } from "@atelier/contracts";
import type { Message } from "@atelier/contracts/inbox/contracts";
import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedServer } from "../api/src/db/embedded";
import { signUp } from "./factories/accounts";
import { createSupplier } from "./factories/suppliers";
import { supplierMember } from "./factories/inbox";

// Two API processes (real child processes, as two containers behind a load balancer) and a real
// Redis: an event emitted in one reaches a socket connected to the other through the Redis
// streams adapter. Redis is Debian's redis-server, started here; CI installs it (.ci/run).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;
if (!hasRedis && process.env.CI) throw new Error("redis-server is missing: CI installs Debian's redis-server (see .ci/run).");
if (!hasRedis) console.warn("realtime-redis.test.ts skipped: redis-server is not installed (apt-get install redis-server).");

const children: ChildProcess[] = [];
const dirs: string[] = [];
const sockets: Socket[] = [];

afterAll(() => {
  for (const s of sockets) s.close();
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts a child process; resolves when its output contains `ready`, fails with its output if it exits first. */
function startChild(command: string, args: string[], env: NodeJS.ProcessEnv, ready: string): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes(ready)) resolve(child);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${command} exited (${code}) before it was ready:\n${output}`)));
  });
}

const secret = crypto.randomBytes(32).toString("base64url");

/** One API process on the shared database (as two containers on one Postgres). */
async function startApiProcess(redisUrl: string, databaseUrl: string): Promise<string> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-realtime-"));
  dirs.push(dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "test", PORT: String(port), REDIS_URL: redisUrl, DATABASE_URL: databaseUrl, ATELIER_JWT_SECRET: secret, ATELIER_DATA_DIR: dataDir, ATELIER_LOG_LEVEL: "warn" };
  await startChild(process.execPath, ["--import", "tsx", "api/src/main.ts"], env, "Atelier API on");
  return `http://127.0.0.1:${port}`;
}

let first = "";
let second = "";
let database: EmbeddedServer | null = null;

beforeAll(async () => {
  if (!hasRedis) return;
  const redisPort = await freePort();
  await startChild("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], process.env, "Ready to accept connections");
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  // One database for both processes: a socket's token is checked against the member's row (docs/security.md, item 5).
  database = await startEmbeddedPostgres({ dataDir: null });
  first = await startApiProcess(redisUrl, database.url);
  second = await startApiProcess(redisUrl, database.url);
}, 180_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await database?.stop();
});

describe.skipIf(!hasRedis)("realtime across API processes (Redis streams adapter)", () => {
  it("delivers a plan change committed in one process to the store's socket connected to the other", { timeout: 60_000 }, async () => {
    const client = createApiClient({ baseUrl: first });
    const db = new pg.Pool({ connectionString: database!.url, max: 1 });
    const session = await signUp(client, db, { email: `redis-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "correct-horse-battery", storeName: "Two processes", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" }).finally(() => db.end());
    const socket = connect(second, { auth: { token: session.token }, transports: ["websocket"], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    const heard: RealtimePayload<"plan.changed">[] = [];
    const active = new Promise<void>((resolve) =>
      socket.on("plan.changed", (payload: RealtimePayload<"plan.changed">) => {
        heard.push(payload);
        if (payload.subscriptionStatus === "ACTIVE") resolve();
      }),
    );
    const token = session.token;
    await client.call(payments.attachPaymentMethod, { body: { cardNumber: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: "123", makeDefault: true } }, { token });
    await client.call(plans.upgradePlan, { body: { targetPlan: "TIER_2" } }, { token });
    await active;
    expect(heard.at(-1)).toEqual({ storeId: session.store.id, planType: "TIER_2", subscriptionStatus: "ACTIVE" });
  });

  it("delivers a store's inbox message sent through one process to the supplier's socket on the other, in the conversation's room", { timeout: 60_000 }, async () => {
    const client = createApiClient({ baseUrl: first });
    const db = new pg.Pool({ connectionString: database!.url, max: 1 });
    try {
      const session = await signUp(client, db, { email: `redis-inbox-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "correct-horse-battery", storeName: "Two processes", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" });
      const factoryApi = { client: createApiClient({ baseUrl: second }), db };
      const supplierId = await createSupplier(factoryApi, { name: "Redis Looms" });
      const rep = await supplierMember(factoryApi, supplierId);
      const { sid } = await client.call(inbox.startConversation, { body: { supplierId } }, { token: session.token });
      // The supplier is connected to the second process and joins the conversation's room there.
      const socket = connect(second, { auth: { token: rep.token }, transports: ["websocket"], reconnection: false, forceNew: true });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      expect(await (socket.timeout(5000).emitWithAck(ROOM_JOIN, { kind: "conversation", id: sid }) as Promise<RoomAnswer>)).toEqual({ ok: true });
      const heard = new Promise<{ conversationSid: string; message: Message }>((resolve) => socket.once("message.created", resolve));
      await client.call(inbox.sendMessage, { params: { sid }, body: { type: "TEXT", body: "Sent through the first process." } }, { token: session.token });
      expect(await heard).toMatchObject({ conversationSid: sid, message: { index: 0, authorSide: "STORE", body: "Sent through the first process." } });
    } finally {
      await db.end();
    }
  });
});
