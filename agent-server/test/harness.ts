import { Client } from "@langchain/langgraph-sdk";
import { openDatabase, type Database } from "../../api/src/db/pool";
import { startTestApi, registerUser, testConfig, type TestApi, type TestUser } from "../../api/test/harness";
import { startAgentServer, type AgentServer } from "../src/server";
import { testGraphs } from "./test-graph";
import { inject } from "vitest";

export type AgentEnv = { api: TestApi; db: Database; agent: AgentServer; close(): Promise<void> };

/** The API (for real tokens) and the agent server with the test graph, on the run's database. */
export async function startAgentEnv(options: { leaseMs?: number; anonymousRunsPerMinute?: number } = {}): Promise<AgentEnv> {
  const api = await startTestApi();
  const db = await openDatabase({ databaseUrl: inject("databaseUrl"), dataDir: null, poolSize: 5 });
  const agent = await startAgentServer({
    config: testConfig(),
    pool: db.pool,
    graphs: testGraphs,
    apiBaseUrl: api.url,
    port: 0,
    pollMs: 50,
    leaseMs: options.leaseMs ?? 3000,
    anonymousRunsPerMinute: options.anonymousRunsPerMinute,
  });
  return {
    api,
    db,
    agent,
    async close() {
      await agent.close();
      await db.close();
      await api.close();
    },
  };
}

/** The official SDK client acting as this user. */
export function sdk(env: AgentEnv, user: TestUser | null, headers: Record<string, string> = {}) {
  return new Client({
    apiUrl: env.agent.url,
    defaultHeaders: { ...(user ? { authorization: `Bearer ${user.token}` } : {}), ...headers },
    callerOptions: { maxRetries: 0 },
  });
}

export { registerUser };

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
