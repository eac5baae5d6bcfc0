// `npm run bench:web`: the production build's initial JavaScript for /login and /homebase (KB
// gzip, from Vite's manifest) and the largest-contentful-paint of /homebase in headless Chromium
// against the local server (median of BENCH_LCP_RUNS, default 5). Target: ≤ 200 KB per route.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { createApiClient } from "@atelier/contracts";
import { loadConfig } from "../../api/src/config";
import { openDatabase } from "../../api/src/db/pool";
import { migrate } from "../../api/src/db/migrate";
import { startApi } from "../../api/src/server";
import { signUp } from "../../test/factories/accounts";
import { WEB_ROOT, mountWebApp } from "../../web/server/serve-web";
import { measureLcp, median } from "../lib/lcp";

const RUNS = Number(process.env.BENCH_LCP_RUNS ?? 5);
const TARGET_KB = 200;
// Its own output folder: the app's web/dist may be in use by a running server or the e2e tests.
const OUT_DIR = path.join(os.tmpdir(), `atelier-bench-web-${process.pid}`);

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The modules a route loads before it can paint: its lazily imported screens (as the router maps them). */
const ROUTE_MODULES: Record<string, string[]> = {
  "/login": ["src/features/auth/login-page.tsx"],
  "/homebase": ["src/shell/app-shell.tsx", "src/features/homebase/homebase-page.tsx"],
};

async function buildWithManifest(): Promise<Manifest> {
  const { build } = await import("vite");
  const started = performance.now();
  await build({ configFile: path.join(WEB_ROOT, "vite.config.ts"), root: WEB_ROOT, logLevel: "warn", build: { outDir: OUT_DIR, emptyOutDir: true, manifest: true } });
  console.log(`vite build: ${((performance.now() - started) / 1000).toFixed(1)} s → ${OUT_DIR}`);
  return JSON.parse(fs.readFileSync(path.join(OUT_DIR, ".vite", "manifest.json"), "utf8")) as Manifest;
}

/** A chunk and everything it imports statically, as manifest keys. */
function staticClosure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    staticClosure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

const gzipBytes = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(OUT_DIR, file)), { level: 9 }).length;

/** The entry chunk plus the route's screens and their static imports: the JavaScript fetched before the route paints. */
function initialJs(manifest: Manifest, route: string): { kb: number; files: number } {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error("the Vite manifest has no entry chunk");
  for (const m of ROUTE_MODULES[route]!) if (!manifest[m]) throw new Error(`${m} is not a chunk of the build: update ROUTE_MODULES to match web/src/app/router.tsx`);
  const keys = staticClosure(manifest, [entry, ...ROUTE_MODULES[route]!]);
  const files = [...new Set([...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith(".js")))];
  return { kb: files.reduce((sum, f) => sum + gzipBytes(f), 0) / 1024, files: files.length };
}

const manifest = await buildWithManifest();
const sizes = Object.keys(ROUTE_MODULES).map((route) => ({ route, ...initialJs(manifest, route) }));

// Production semantics, the API in-process serving the built app, a fresh store per run.
const config = loadConfig({ ...process.env, NODE_ENV: "production", PORT: "0", ATELIER_LOG_LEVEL: "warn", ATELIER_JWT_SECRET: process.env.ATELIER_JWT_SECRET ?? "bench-secret-that-is-long-enough-0123456789" });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, poolSize: config.poolSize });
await migrate(database.pool);
const api = await startApi({ config, database, migrate: false, extend: (app) => mountWebApp(app, { distDir: OUT_DIR }) });
const client = createApiClient({ baseUrl: api.url });
const session = await signUp(client, database.pool, { email: `bench-web-${Date.now()}@example.com`, password: "bench-password-123", storeName: "Bench store", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" });

// Strings, not functions: this file is type-checked without the DOM library.
const summary = JSON.stringify({ user: session.user, store: session.store, role: session.role });
let lcps: number[];
try {
  lcps = await measureLcp(
    {
      url: `${api.url}/homebase`,
      prepare: (context) => context.addInitScript({ content: `localStorage.setItem("atelier.token", ${JSON.stringify(session.token)}); localStorage.setItem("atelier.session", ${JSON.stringify(summary)});` }),
      ready: (page) => page.getByRole("heading").first().waitFor(),
    },
    RUNS,
  );
} finally {
  await api.close();
  await database.close();
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
}

console.log("\ninitial JavaScript (entry chunk + the route's screens and their static imports, gzip level 9):");
console.table(sizes.map((s) => ({ route: s.route, "KB gzip": Number(s.kb.toFixed(1)), chunks: s.files, [`≤ ${TARGET_KB} KB`]: s.kb <= TARGET_KB ? "✓" : "✗" })));
console.log(`largest-contentful-paint of /homebase, ${RUNS} runs (ms): ${lcps.map((v) => v.toFixed(0)).join(", ")}`);
console.log(`median LCP: ${median(lcps).toFixed(0)} ms (headless Chromium, local server, database: ${config.databaseUrl ? "Postgres (DATABASE_URL)" : "embedded PGlite"})`);
