// Serving the built web app from the API process: static files plus the single-page fallback.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";

export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const WEB_DIST = path.join(WEB_ROOT, "dist");

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/** True when web/dist is missing or older than any source, the page or the build config. */
export function webBuildIsStale(): boolean {
  const index = path.join(WEB_DIST, "index.html");
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  const sources = [path.join(WEB_ROOT, "src"), path.join(WEB_ROOT, "index.html"), path.join(WEB_ROOT, "vite.config.ts"), path.resolve(WEB_ROOT, "../contracts/src")];
  return sources.some((s) => fs.existsSync(s) && newestMtime(s) > built);
}

/** Builds the web app with Vite when it is stale; `force` always builds. */
export async function ensureWebBuild(options: { force?: boolean; env?: Record<string, string> } = {}): Promise<void> {
  if (!options.force && !webBuildIsStale()) return;
  for (const [k, v] of Object.entries(options.env ?? {})) process.env[k] = v;
  const { build } = await import("vite");
  await build({ configFile: path.join(WEB_ROOT, "vite.config.ts"), root: WEB_ROOT, logLevel: "warn" });
}

export type WebRuntimeConfig = {
  /** Where the browser finds the agent server. */
  agentUrl: string;
  /** Which model answers the agents: the panel says plainly when it is the offline assistant. */
  model: { kind: string; label: string };
};

/**
 * The app's Content-Security-Policy (docs/security.md, item 13): scripts only from our origin (no
 * inline script, no eval) and Google's sign-in script; the session token in localStorage is then out
 * of reach of injected markup. Styles allow inline: React's style attributes need it, and a style
 * cannot read storage. Images may come from any https address (supplier pictures, links a user pastes).
 */
export const WEB_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://accounts.google.com/gsi/client",
  "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://accounts.google.com/gsi/",
  "frame-src https://accounts.google.com/gsi/",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Mounts the built app: hashed assets cached for a year, every other non-API GET gets index.html. */
export function mountWebApp(app: express.Express, options: { distDir?: string; runtime?: WebRuntimeConfig } = {}): void {
  const distDir = options.distDir ?? WEB_DIST;
  if (options.runtime) {
    const runtime = options.runtime;
    app.get("/web-config.json", (_req, res) => void res.setHeader("cache-control", "no-cache").json(runtime));
  }
  app.use("/assets", express.static(path.join(distDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }));
  app.use(express.static(distDir, { index: false, setHeaders: (res, file) => file.endsWith(".html") && res.setHeader("content-security-policy", WEB_CONTENT_SECURITY_POLICY) }));
  app.get(/^(?!\/rest\/).*/, (req, res, next) => {
    if (!req.accepts("html")) return next();
    res.setHeader("cache-control", "no-cache");
    res.setHeader("content-security-policy", WEB_CONTENT_SECURITY_POLICY);
    res.sendFile(path.join(distDir, "index.html"));
  });
}

/** What the browser needs at run time: the agent server's address and which model answers. */
export async function webRuntimeConfig(env: Record<string, string | undefined>): Promise<WebRuntimeConfig> {
  const { createModelFactoryFromEnv } = await import("../../graphs/src/models/model-factory");
  const factory = createModelFactoryFromEnv(env);
  return { agentUrl: "/agent-api", model: { kind: factory.kind, label: factory.label } };
}
