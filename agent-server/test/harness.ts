import type pg from "pg";
import { Client } from "@langchain/langgraph-sdk";
import { openDatabase, type Database } from "../../api/src/db/pool";
import { startTestApi, registerUser, testConfig, type TestApi, type TestUser } from "../../api/test/harness";
import { startAgentServer, type AgentServer, type AgentServerOptions } from "../src/server";
import type { Config } from "../../api/src/config";
import { startIsolatedApi } from "../../test/isolated-api";
import { teamMember } from "../../test/factories/accounts";
import { testGraphs } from "./test-graph";
import { inject } from "vitest";

export type AgentEnv = {
  api: TestApi;
  db: Database;
  agent: AgentServer;
  /** Another agent server process (same graphs) on the same database: the queue and the events are shared. */
  startPeer(): Promise<AgentServer>;
  close(): Promise<void>;
};

export type AgentEnvOptions = {
  leaseMs?: number;
  anonymousRunsPerMinute?: number;
  /** The agent server's TRUST_PROXY (default: none). */
  trustProxy?: Config["trustProxy"];
  /**
   * A fresh embedded database (API included) instead of the run's shared one: every agent server
   * on a database claims its queued runs, so a file that starts extra servers, or holds runs on the
   * test graph's gate, keeps other files' servers from running its runs, and its own from running
   * theirs (the gate is per process).
   */
  ownDatabase?: boolean;
  /** Where the server's realtime run events go (none by default). */
  publish?: AgentServerOptions["publish"];
};

/** The API (for real tokens) and the agent server with the test graph. */
export async function startAgentEnv(options: AgentEnvOptions = {}): Promise<AgentEnv> {
  let api: TestApi;
  let db: Database;
  let closeData: () => Promise<void>;
  if (options.ownDatabase) {
    // The agent server shares the API's pool: a larger one.
    const isolated = await startIsolatedApi({}, { poolSize: 10 });
    db = isolated.database;
    // What the API harness's helpers (registerUser, as, setPlan) need; no `raw`.
    api = isolated as unknown as TestApi;
    closeData = () => isolated.close(); // the API and its database
  } else {
    api = await startTestApi();
    db = await openDatabase({ databaseUrl: inject("databaseUrl"), dataDir: null, poolSize: 5 });
    closeData = async () => {
      await api.close();
      await db.close();
    };
  }
  const start = (pool: pg.Pool) =>
    startAgentServer({
      config: testConfig(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
      pool,
      graphs: testGraphs,
      apiBaseUrl: api.url,
      port: 0,
      pollMs: 50,
      leaseMs: options.leaseMs ?? 3000,
      anonymousRunsPerMinute: options.anonymousRunsPerMinute,
      publish: options.publish,
    });
  const agent = await start(db.pool);
  const peers: { agent: AgentServer; db: Database }[] = [];
  return {
    api,
    db,
    agent,
    async startPeer() {
      // Its own pool, as a second process would have.
      const peerDb = await openDatabase({ databaseUrl: db.url, dataDir: null, poolSize: 5 });
      const peer = await start(peerDb.pool);
      peers.push({ agent: peer, db: peerDb });
      return peer;
    },
    async close() {
      for (const p of peers) {
        await p.agent.close();
        await p.db.close();
      }
      await agent.close();
      await closeData();
    },
  };
}

/** The official SDK client acting as this user (or an anonymous visitor, with headers), on this env's server or a peer. */
export function sdk(env: AgentEnv, user: TestUser | null, headers: Record<string, string> = {}, server: AgentServer = env.agent) {
  return new Client({
    apiUrl: server.url,
    defaultHeaders: { ...(user ? { authorization: `Bearer ${user.token}` } : {}), ...headers },
    callerOptions: { maxRetries: 0 },
  });
}

export { registerUser };

/**
 * A second user of the owner's store, through the API's invite and accept flow: the session it
 * returns is for the owner's store. The store is moved to the Professional plan (room for seats).
 */
export function joinStore(api: TestApi, owner: TestUser, role: "ADMIN" | "CX"): Promise<TestUser> {
  return teamMember(api, owner, role);
}

/** Collects a stream's events. */
export async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const e of stream) out.push(e);
  return out;
}

/** Raw HTTP for malformed requests the SDK cannot send. */
export async function raw(env: AgentEnv, method: string, path: string, init: { token?: string; body?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json", ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${env.agent.url}${path}`, { method, headers, body: init.body });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the test sees the text
  }
  return { status: res.status, body: body as any };
}

/** Every table the agent server writes: the checkpointer's, the runs', the events' and the message times'. */
export const AGENT_TABLES = ["checkpoints", "checkpoint_blobs", "checkpoint_writes", "agent_threads", "agent_runs", "agent_run_events", "agent_thread_messages"];

/**
 * The agent tables holding `needle` anywhere: in a row's text, or inside a bytea column (a row's
 * text shows bytea as hex, where the text of a serialised checkpoint blob would never match).
 */
export async function tablesHolding(pool: pg.Pool, needle: string): Promise<string[]> {
  const { rows: binary } = await pool.query<{ table_name: string; column_name: string }>(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND data_type = 'bytea' AND table_name = ANY($1::text[])",
    [AGENT_TABLES],
  );
  const found: string[] = [];
  for (const table of AGENT_TABLES) {
    const inBytes = binary.filter((c) => c.table_name === table).map((c) => `position(convert_to($1, 'UTF8') in t.${c.column_name}) > 0`);
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} t WHERE position($1 in t::text) > 0${inBytes.map((c) => ` OR ${c}`).join("")}`, [needle]);
    if (rows[0]!.n > 0) found.push(table);
  }
  return found;
}
