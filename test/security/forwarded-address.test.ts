import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../api/src/db/pool";
import { migrate } from "../../api/src/db/migrate";
import { loadConfig, parseTrustProxy, type Config } from "../../api/src/config";
import { startApi, type ApiServer } from "../../api/src/server";
import { testConfig } from "../../api/test/harness";
import { startAgentServer, type AgentServer } from "../../agent-server/src/server";
import { testGraphs } from "../../agent-server/test/test-graph";
import { mountAgentProxy } from "../../web/server/agent-proxy";
import { fakeAddress, newClient, octet, send, type Reply } from "./clients";

// Issue 14, items 2 and 3, with several real clients at once (./clients.ts).

const PER_VISITOR = 2; // anonymous runs a minute per id; an address gets five times that
const PER_ADDRESS = PER_VISITOR * 5;

type Stack = { db: Database; api: ApiServer; agent: AgentServer; close(): Promise<void> };

/** The API with the /agent-api forwarder (as `npm start` mounts it) and an agent server, on a database of their own. */
async function startStack(overrides: Partial<Config> = {}): Promise<Stack> {
  const db = await openDatabase({ dataDir: null, poolSize: 10 });
  await migrate(db.pool);
  let agentUrl = "";
  const api = await startApi({
    config: testConfig(overrides),
    database: db,
    migrate: false,
    extend: (app, deps) => mountAgentProxy(app, "http://127.0.0.1:1", () => agentUrl, deps.tokens.forwarderKey),
  });
  const agent = await startAgentServer({ config: testConfig(overrides), pool: db.pool, graphs: testGraphs, apiBaseUrl: api.url, port: 0, pollMs: 50, anonymousRunsPerMinute: PER_VISITOR });
  agentUrl = agent.url;
  return {
    db,
    api,
    agent,
    async close() {
      await agent.close();
      await api.close();
      await db.close();
    },
  };
}

/** Starts one storefront-chat run as a new anonymous visitor (a new id each time): the run's status. */
async function runAsNewVisitor(base: string, from: string, headers: Record<string, string> = {}): Promise<Reply> {
  const all = { "x-anonymous-id": `visitor-${crypto.randomUUID()}`, ...headers };
  const thread = await send(`${base}/threads`, {}, all, from);
  expect(thread.status).toBe(200);
  return send(`${base}/threads/${thread.body.thread_id}/runs`, { assistant_id: "storefront-chat", input: { messages: [{ type: "human", content: "hello" }] } }, all, from);
}

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe("forwarded addresses (TRUST_PROXY unset)", () => {
  it("the agent server ignores a client's own X-Forwarded-For: a new fake address per run still meets the address limit", async () => {
    const from = newClient();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await runAsNewVisitor(stack.agent.url, from, { "x-forwarded-for": fakeAddress() })).status, `run ${i + 1}`).toBe(200);
    const refused = await runAsNewVisitor(stack.agent.url, from, { "x-forwarded-for": fakeAddress() });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Too many messages in a short time - please wait a minute and try again.");
  });

  it("the agent server ignores a visitor-address header without the forwarder's key", async () => {
    const from = newClient();
    const forged = () => ({ "x-atelier-visitor-address": fakeAddress(), "x-atelier-forwarder-key": "guessed" });
    for (let i = 0; i < PER_ADDRESS; i++) expect((await runAsNewVisitor(stack.agent.url, from, forged())).status).toBe(200);
    expect((await runAsNewVisitor(stack.agent.url, from, forged())).status).toBe(429);
  });

  it("the /agent-api forwarder writes the client's real address instead of relaying what the client sent", async () => {
    const from = newClient();
    const viaApi = `${stack.api.url}/agent-api`;
    for (let i = 0; i < PER_ADDRESS; i++) {
      const faked = { "x-forwarded-for": fakeAddress(), "x-atelier-visitor-address": fakeAddress(), "x-atelier-forwarder-key": "guessed" };
      expect((await runAsNewVisitor(viaApi, from, faked)).status, `run ${i + 1}`).toBe(200);
    }
    expect((await runAsNewVisitor(viaApi, from, { "x-forwarded-for": fakeAddress() })).status).toBe(429);
    const { rows } = await stack.db.pool.query<{ client_ip: string; n: number }>(
      "SELECT client_ip, count(*)::int AS n FROM agent_runs WHERE client_ip = $1 OR client_ip LIKE '203.0.113.%' GROUP BY client_ip",
      [from],
    );
    expect(rows).toEqual([{ client_ip: from, n: PER_ADDRESS }]);
  });

  it("through the forwarder each visitor has their own budget: one client's flood does not silence another", async () => {
    const viaApi = `${stack.api.url}/agent-api`;
    const flooder = newClient();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await runAsNewVisitor(viaApi, flooder)).status).toBe(200);
    expect((await runAsNewVisitor(viaApi, flooder)).status).toBe(429);
    const neighbour = newClient();
    expect((await runAsNewVisitor(viaApi, neighbour)).status).toBe(200);
  });

  it("the API's sign-in limit counts the real address, whatever X-Forwarded-For says", async () => {
    const limited = await startStack({ authRateLimitPerMinute: 3 });
    try {
      const from = newClient();
      const login = () => send(`${limited.api.url}/rest/main/login`, { email: `nobody-${crypto.randomUUID()}@example.com`, password: "wrong-password-1" }, { "x-forwarded-for": fakeAddress() }, from);
      for (let i = 0; i < 3; i++) expect((await login()).status).toBe(401);
      const refused = await login();
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe("Too many attempts. Please wait a minute and try again.");
    } finally {
      await limited.close();
    }
  });
});

describe("TRUST_PROXY", () => {
  it("believes X-Forwarded-For from the proxies it names, and only from them", async () => {
    const behindProxy = await startStack({ authRateLimitPerMinute: 2, trustProxy: ["loopback"] });
    try {
      const proxy = newClient();
      const login = (client: string) => send(`${behindProxy.api.url}/rest/main/login`, { email: "nobody@example.com", password: "wrong-password-1" }, { "x-forwarded-for": client }, proxy);
      const alice = fakeAddress();
      expect((await login(alice)).status).toBe(401);
      expect((await login(alice)).status).toBe(401);
      expect((await login(alice)).status).toBe(429);
      // Another client behind the same proxy keeps its own budget.
      expect((await login(`198.51.100.${octet()}`)).status).toBe(401);
    } finally {
      await behindProxy.close();
    }
  });

  it("is parsed at start: off by default, hop counts, addresses, subnets and names; anything else stops the start", () => {
    const env = (v?: string) => loadConfig({ NODE_ENV: "test", ...(v === undefined ? {} : { TRUST_PROXY: v }) }).trustProxy;
    expect(env()).toBe(false);
    expect(env("off")).toBe(false);
    expect(env("1")).toBe(1);
    expect(env("loopback, 10.0.0.0/8, fd00::/8, 192.168.1.20")).toEqual(["loopback", "10.0.0.0/8", "fd00::/8", "192.168.1.20"]);
    expect(() => env("true")).toThrow(/TRUST_PROXY: true would believe any client/);
    expect(() => env("10.0.0.0/33")).toThrow(/TRUST_PROXY: "10.0.0.0\/33" is not an address/);
    expect(() => parseTrustProxy("proxy.example.com")).toThrow(/is not an address/);
  });
});
