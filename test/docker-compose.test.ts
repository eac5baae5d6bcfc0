import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "../api/src/config";
import { health } from "@atelier/contracts";
import { WEB_HEALTH_PATH, loadWebServerConfig } from "../web/server/web-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Compose resolves "<<" merge keys (YAML 1.1); the yaml package does so only when asked.
const compose = parse(fs.readFileSync(path.join(root, "docker-compose.yml"), "utf8"), { merge: true });
const defaults = loadConfig({});
const webDefaults = loadWebServerConfig({});

type Service = { image?: string; build?: string; environment: Record<string, string>; ports?: string[]; healthcheck: { test: string[] }; depends_on?: Record<string, { condition: string }>; command?: string[] };
const service = (name: string) => compose.services[name] as Service;

describe("docker-compose.yml", () => {
  it("has postgres with pgvector, redis, the api, the agent server and the web app, each with a health check", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["agent-server", "api", "postgres", "redis", "web"]);
    expect(service("redis").healthcheck.test.join(" ")).toContain("redis-cli ping");
    // The API's socket.io adapter; the agent server publishes through Postgres (see docs/decisions.md).
    expect(service("api").environment.REDIS_URL).toBe("redis://redis:6379");
    expect(service("api").depends_on?.redis?.condition).toBe("service_healthy");
    expect(service("postgres").image).toBe("pgvector/pgvector:pg16");
    expect(service("postgres").healthcheck.test.join(" ")).toContain("pg_isready");
    for (const name of ["api", "agent-server", "web"]) {
      expect(fs.existsSync(path.join(root, service(name).build!, "Dockerfile"))).toBe(true);
      expect(service(name).healthcheck.test.length).toBeGreaterThan(0);
    }
  });

  it("starts each process from a file that exists", () => {
    expect(service("api").command).toEqual(["npm", "start"]);
    for (const name of ["agent-server", "web"]) {
      const [node, importFlag, loader, entry] = service(name).command!;
      expect([node, importFlag, loader]).toEqual(["node", "--import", "tsx"]);
      expect(fs.existsSync(path.join(root, entry!))).toBe(true);
    }
  });

  it("uses the ports the code defaults to", () => {
    expect(defaults.port).toBe(3000);
    expect(defaults.agentPort).toBe(3001);
    expect(webDefaults.port).toBe(8080);
    expect(service("api").environment.PORT).toBe(String(defaults.port));
    expect(service("api").ports).toEqual([`${defaults.port}:${defaults.port}`]);
    expect(service("agent-server").environment.AGENT_PORT).toBe(String(defaults.agentPort));
    expect(service("agent-server").ports).toEqual([`${defaults.agentPort}:${defaults.agentPort}`]);
    expect(service("web").environment.WEB_PORT).toBe(String(webDefaults.port));
    expect(service("web").ports).toEqual([`${webDefaults.port}:${webDefaults.port}`]);
    // The web process's defaults reach `npm start`'s API and agent server.
    expect(new URL(webDefaults.apiUrl).port).toBe(String(defaults.port));
    expect(new URL(webDefaults.agentUrl).port).toBe(String(defaults.agentPort));
  });

  it("points every process at the others' service names and ports", () => {
    const apiUrl = `http://api:${defaults.port}`;
    const agentUrl = `http://agent-server:${defaults.agentPort}`;
    expect(service("api").environment.ATELIER_AGENT_URL).toBe(agentUrl);
    expect(service("agent-server").environment.ATELIER_API_URL).toBe(apiUrl);
    const web = loadWebServerConfig(service("web").environment);
    expect(web).toMatchObject({ host: "0.0.0.0", port: webDefaults.port, apiUrl, agentUrl });
    expect(service("web").depends_on).toEqual({ api: { condition: "service_healthy" }, "agent-server": { condition: "service_healthy" } });
  });

  it("checks health where the code answers it", () => {
    const apiCheck = service("api").healthcheck.test.join(" ");
    expect(apiCheck).toContain(`:${defaults.port}/rest/main${health.getHealth.path}`);
    expect(service("agent-server").healthcheck.test.join(" ")).toContain(`:${defaults.agentPort}/ok`);
    expect(service("web").healthcheck.test.join(" ")).toContain(`:${webDefaults.port}${WEB_HEALTH_PATH}`);
  });

  it("points both database processes at the postgres service and starts them after it is healthy", () => {
    for (const name of ["api", "agent-server"]) {
      const s = service(name);
      expect(new URL(s.environment.DATABASE_URL!).hostname).toBe("postgres");
      expect(s.depends_on?.postgres?.condition).toBe("service_healthy");
      expect(loadConfig({ ...s.environment }).databaseUrl).toBe(s.environment.DATABASE_URL);
    }
  });

  it("builds the web app into the image with the web workspace's build script", () => {
    const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8");
    expect(dockerfile).toMatch(/^RUN npm run build --workspace web$/m);
    const webPackage = JSON.parse(fs.readFileSync(path.join(root, "web/package.json"), "utf8")) as { scripts?: Record<string, string> };
    expect(webPackage.scripts?.build).toMatch(/^vite build\b/);
    expect(dockerfile).toMatch(new RegExp(`^EXPOSE .*\\b${webDefaults.port}\\b`, "m"));
  });
});
