import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../api/test/harness";
import { WEB_HEALTH_PATH, loadWebServerConfig, startWebServer, type WebServer } from "../web/server/web-server";

// The compose `web` service's process, in-process: a real API behind it, and a stand-in agent
// server that echoes what it received (the real one is tested in agent-server/test).
let api: TestApi;
let agent: http.Server;
let web: WebServer;
let distDir: string;

beforeAll(async () => {
  api = await startTestApi();
  agent = http.createServer((req, res) => void res.setHeader("content-type", "application/json").end(JSON.stringify({ agentSaw: req.url })));
  await new Promise<void>((resolve) => agent.listen(0, "127.0.0.1", resolve));
  // A stand-in build: the test needs the files served, not Vite's output.
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-web-dist-"));
  fs.writeFileSync(path.join(distDir, "index.html"), "<!doctype html><title>Atelier test page</title>");
  const agentPort = (agent.address() as AddressInfo).port;
  const config = loadWebServerConfig({ WEB_PORT: "0", ATELIER_API_URL: api.url, ATELIER_AGENT_URL: `http://127.0.0.1:${agentPort}` });
  web = await startWebServer({ ...config, distDir }, {});
});

afterAll(async () => {
  await web?.close();
  await new Promise((resolve) => agent?.close(resolve));
  await api?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe("the web process", () => {
  it("answers its health check and serves the app's page for any client route", async () => {
    expect((await fetch(`${web.url}${WEB_HEALTH_PATH}`)).status).toBe(200);
    for (const route of ["/", "/sourcing-agent", "/account/plan"]) {
      const page = await fetch(`${web.url}${route}`, { headers: { accept: "text/html" } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Atelier test page");
    }
    const runtime = await fetch(`${web.url}/web-config.json`);
    expect(await runtime.json()).toMatchObject({ agentUrl: "/agent-api", model: { kind: "offline" } });
  });

  it("forwards /rest/main to the API with the method, path, query and body", async () => {
    const healthRes = await fetch(`${web.url}/rest/main/health`);
    expect(healthRes.status).toBe(200);
    expect(await healthRes.json()).toEqual({ status: "ok" });
    const login = await fetch(`${web.url}/rest/main/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "nobody-at-web@example.com", password: "wrong-password" }),
    });
    expect(login.status).toBe(401);
    expect(((await login.json()) as { code: string }).code).toBe("UNAUTHORIZED");
    const unknownQuery = await fetch(`${web.url}/rest/main/health?foo=1`);
    expect(unknownQuery.status).toBe(400);
  });

  it("forwards /agent-api to the agent server without the prefix", async () => {
    const res = await fetch(`${web.url}/agent-api/ok?x=1`);
    expect(await res.json()).toEqual({ agentSaw: "/ok?x=1" });
  });

  it("answers 503 on its health check before the app is built, and 502 when the API is down", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-web-empty-"));
    const down = await startWebServer({ ...loadWebServerConfig({ WEB_PORT: "0", ATELIER_API_URL: "http://127.0.0.1:1" }), distDir: empty }, {});
    try {
      expect((await fetch(`${down.url}${WEB_HEALTH_PATH}`)).status).toBe(503);
      const res = await fetch(`${down.url}/rest/main/health`);
      expect(res.status).toBe(502);
      expect(((await res.json()) as { code: string }).code).toBe("BAD_GATEWAY");
    } finally {
      await down.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
