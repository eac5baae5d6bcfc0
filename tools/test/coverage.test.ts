import { describe, expect, it } from "vitest";
import type { Router } from "express";
import { allContracts, isMutating, type Contract } from "@atelier/contracts";
import { rawMounts, type RawMount } from "../../api/src/http/raw-mounts";
import type { AppDeps } from "../../api/src/context";
import { ALL_TOOL_SPECS, createTools, toolDefinition } from "../src/index";

/** Mutating contracts allowed to lack both a tool and a noToolReason: keep EMPTY. */
const KNOWN_EXCEPTIONS: string[] = [];

/**
 * Raw handlers (api/src/http/raw-mounts.ts: multipart, raw bytes, downloads) that change something
 * and have no contract of their own, with the reason no agent tool calls them. A raw handler in
 * front of a contract route (POST /upload parses the multipart body, then the contract answers)
 * is covered by that contract's tool or noToolReason instead.
 */
const RAW_HANDLER_REASONS: Record<string, string> = {
  "PUT /upload-large-file/:id":
    "Receives the bytes of a large file from the person's device at the one-time signed URL that POST /upload-large-file answered; agents pass URLs of files already uploaded.",
  "POST /app/meet/:token/join":
    "A person joining the local video provider's meeting room under their name, from the room page the meeting's link opens; agents schedule meetings (the meeting tools) but never sit in one.",
};

type RawRoute = { method: string; path: string };

/** The routes raw mounts register, read by mounting them on a recorder instead of Express. */
function rawRoutes(mounts: RawMount[]): RawRoute[] {
  const routes: RawRoute[] = [];
  const recorder = new Proxy({} as Router, {
    get: (_target, method) => (path: unknown) => {
      // router.use(handler) without a path reaches every path: recorded as "*".
      routes.push({ method: String(method).toUpperCase(), path: typeof path === "string" ? path : "*" });
      return recorder;
    },
  });
  for (const mount of mounts) mount(recorder, {} as AppDeps);
  return routes;
}

/** Raw routes that may change something (any method but GET and HEAD; "use" takes them all) and nothing accounts for. */
function unaccountedRawRoutes(routes: RawRoute[], contracts: Contract[], reasons: Record<string, string>): string[] {
  const contractRoutes = new Set(contracts.map((c) => `${c.method} ${c.path}`));
  return routes
    .filter((r) => !["GET", "HEAD"].includes(r.method))
    .map((r) => `${r.method} ${r.path}`)
    .filter((key) => !contractRoutes.has(key) && !reasons[key]?.trim());
}

describe("tool coverage", () => {
  it("gives every mutating contract a tool or a written noToolReason", () => {
    const covered = new Set(ALL_TOOL_SPECS.map((s) => s.contract.id));
    const missing = allContracts.filter((c) => isMutating(c) && !covered.has(c.id) && !c.noToolReason && !KNOWN_EXCEPTIONS.includes(c.id)).map((c) => `${c.method} ${c.path} (${c.id})`);
    expect(missing).toEqual([]);
  });

  it("accounts for every raw mutating handler: a contract of the same method and path, or a written reason", () => {
    const routes = rawRoutes(rawMounts);
    expect(routes).toEqual(expect.arrayContaining([{ method: "POST", path: "/upload" }, { method: "PUT", path: "/upload-large-file/:id" }]));
    expect(unaccountedRawRoutes(routes, allContracts, RAW_HANDLER_REASONS)).toEqual([]);
    // POST /upload is the multipart parser in front of the uploadFile contract, which says why it has no tool.
    expect(allContracts.find((c) => c.method === "POST" && c.path === "/upload")?.noToolReason).toBeTruthy();
    // No stale reason: each names a raw handler that is still mounted.
    const mounted = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const key of Object.keys(RAW_HANDLER_REASONS)) expect(mounted.has(key), key).toBe(true);
  });

  it("reports a new raw mutating handler that nothing accounts for", () => {
    const extra: RawMount = (router) => {
      router.delete("/upload/files/:id", () => undefined);
      router.get("/upload/thumbnails/:id", () => undefined);
      router.use(() => undefined);
    };
    const routes = rawRoutes([...rawMounts, extra]);
    expect(unaccountedRawRoutes(routes, allContracts, RAW_HANDLER_REASONS)).toEqual(["DELETE /upload/files/:id", "USE *"]);
    expect(unaccountedRawRoutes(routes, allContracts, {})).toEqual(["PUT /upload-large-file/:id", "POST /app/meet/:token/join", "DELETE /upload/files/:id", "USE *"]);
  });

  it("names tools snake_case verb_noun, once each, over contracts that exist", () => {
    const names = ALL_TOOL_SPECS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(_[a-z0-9]+)+$/);
    const ids = new Set(allContracts.map((c) => c.id));
    for (const spec of ALL_TOOL_SPECS) expect(ids.has(spec.contract.id), spec.name).toBe(true);
  });

  it("describes every argument and says when to use each tool", () => {
    const undocumented: string[] = [];
    for (const tool of createTools({ apiBaseUrl: "http://127.0.0.1:1" })) {
      const fn = toolDefinition(tool) as { description: string; parameters: { properties?: Record<string, { description?: string }> } };
      expect(fn.description.length, tool.name).toBeGreaterThan(30);
      for (const [arg, schema] of Object.entries(fn.parameters.properties ?? {})) if (!schema.description) undocumented.push(`${tool.name}.${arg}`);
    }
    expect(undocumented).toEqual([]);
  });
});
