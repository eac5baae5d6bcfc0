import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "../api/src/config";
import { health } from "@atelier/contracts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Compose resolves "<<" merge keys (YAML 1.1); the yaml package does so only when asked.
const compose = parse(fs.readFileSync(path.join(root, "docker-compose.yml"), "utf8"), { merge: true });
const defaults = loadConfig({});

type Service = { image?: string; build?: string; environment: Record<string, string>; ports?: string[]; healthcheck: { test: string[] }; depends_on?: Record<string, { condition: string }>; command?: string[] };
const service = (name: string) => compose.services[name] as Service;

describe("docker-compose.yml", () => {
  it("has postgres with pgvector, the api and the agent server; the api serves the web app", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["agent-server", "api", "postgres"]);
    expect(service("postgres").image).toBe("pgvector/pgvector:pg16");
    expect(service("postgres").healthcheck.test.join(" ")).toContain("pg_isready");
    expect(fs.existsSync(path.join(root, service("api").build!, "Dockerfile"))).toBe(true);
  });

  it("uses the ports the code defaults to", () => {
    expect(defaults.port).toBe(3000);
    expect(defaults.agentPort).toBe(3001);
    expect(service("api").environment.PORT).toBe(String(defaults.port));
    expect(service("api").ports).toEqual([`${defaults.port}:${defaults.port}`]);
    expect(service("agent-server").environment.AGENT_PORT).toBe(String(defaults.agentPort));
    expect(service("agent-server").ports).toEqual([`${defaults.agentPort}:${defaults.agentPort}`]);
  });

  it("checks health where the code answers it", () => {
    const apiCheck = service("api").healthcheck.test.join(" ");
    expect(apiCheck).toContain(`:${defaults.port}/rest/main${health.getHealth.path}`);
    expect(service("agent-server").healthcheck.test.join(" ")).toContain(`:${defaults.agentPort}/ok`);
  });

  it("points both processes at the postgres service and starts them after it is healthy", () => {
    for (const name of ["api", "agent-server"]) {
      const s = service(name);
      expect(new URL(s.environment.DATABASE_URL!).hostname).toBe("postgres");
      expect(s.depends_on?.postgres?.condition).toBe("service_healthy");
      expect(loadConfig({ ...s.environment }).databaseUrl).toBe(s.environment.DATABASE_URL);
    }
    expect(service("api").command).toEqual(["npm", "start"]);
  });
});

