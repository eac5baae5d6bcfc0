// `npm run bench:creation`: a full offline business kit (all four generations, 3 brand ideas × 4
// pictures, 8 mood-board pictures, 6 SKU renders, 4 slide thumbnails) and its PDF export, on the
// demo catalogue, drawn cold (no stored pictures) and warm (the same kit again: pictures found by
// their hash). Targets: kit ≤ 3 s, PDF ≤ 3 s. Prints the median of BENCH_RUNS runs (default 3).
// Then the largest-contentful-paint of a shared kit's page (/bk/:id), logged out, in headless
// Chromium against the API serving the built app (median of BENCH_LCP_RUNS, default 5).
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import os from "node:os";
import { createApiClient } from "@atelier/contracts";
import { GENERATION_TYPES, createBrandKit, getBrandKit } from "@atelier/contracts/brand-kits";
import { emptyParts } from "@atelier/contracts/brand-kit-rules";
import { openDatabase } from "../../api/src/db/pool";
import { migrate } from "../../api/src/db/migrate";
import { seedDemoData } from "../../api/src/demo/seed";
import { applyDrawn, drawSlots, markMissingImages } from "../../api/src/services/brand-kits/fill-images";
import { exportKitPdf } from "../../api/src/services/brand-kits/export-pdf";
import { generateOffline, kitInputs, mergeGenerated } from "../../api/src/services/brand-kits/write-generation";
import { loadConfig } from "../../api/src/config";
import { startApi } from "../../api/src/server";
import { signUp } from "../../test/factories/accounts";
import { ensureWebBuild, mountWebApp } from "../../web/server/serve-web";
import { measureLcp, median } from "../lib/lcp";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: null, poolSize: 4 });
await migrate(database.pool);
console.log("seeding the demo catalogue…");
await seedDemoData(database.pool, { scale: Number(process.env.BENCH_SCALE ?? 0.2) });

async function fullKit(kitId: string) {
  const kit = kitInputs({ id: kitId, category: "Sauces & spices", productDescription: "Small-batch hot sauces and spice rubs with bold, regional flavours." });
  let parts = emptyParts();
  const t0 = performance.now();
  // Brand ideas first: SKUs and research are written for the selected idea, as in the product.
  for (const type of ["BRAND_IDEA", ...GENERATION_TYPES.filter((t) => t !== "BRAND_IDEA")] as const) parts = mergeGenerated(parts, await generateOffline(database.pool, kit, parts, type, new Date()));
  const text = performance.now() - t0;
  const { parts: marked, slots } = markMissingImages(kitId, parts);
  const drawn = await drawSlots(database.pool, slots, (err) => console.error(err));
  parts = applyDrawn(marked, drawn);
  const total = performance.now() - t0;
  const t1 = performance.now();
  const pdf = await exportKitPdf(database.pool, { id: kitId, category: kit.category, productDescription: kit.productDescription, parts });
  return { text, total, pictures: slots.length, pdf: performance.now() - t1, pdfBytes: pdf.bytes.length };
}

const cold: Awaited<ReturnType<typeof fullKit>>[] = [];
const warm: Awaited<ReturnType<typeof fullKit>>[] = [];
for (let i = 0; i < RUNS; i++) {
  const id = crypto.randomUUID();
  cold.push(await fullKit(id));
  warm.push(await fullKit(id));
}
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load ${os.loadavg()[0]!.toFixed(1)}; ${RUNS} runs, medians`);
console.log(`| case | text | whole kit (text + ${cold[0]!.pictures} pictures) | PDF export | PDF size |`);
console.log(`|---|---|---|---|---|`);
for (const [name, runs] of [["cold (pictures drawn)", cold], ["warm (pictures stored)", warm]] as const) {
  console.log(`| ${name} | ${fmt(median(runs.map((r) => r.text)))} | ${fmt(median(runs.map((r) => r.total)))} | ${fmt(median(runs.map((r) => r.pdf)))} | ${Math.round(median(runs.map((r) => r.pdfBytes)) / 1024)} KB |`);
}
console.log(`targets: whole kit ≤ 3 s, PDF ≤ 3 s`);

// The share page: a kit generated through the API (its jobs draw the pictures), opened logged out.
await ensureWebBuild();
const config = loadConfig({ ...process.env, NODE_ENV: "production", PORT: "0", ATELIER_LOG_LEVEL: "warn", ATELIER_JWT_SECRET: process.env.ATELIER_JWT_SECRET ?? "bench-secret-that-is-long-enough-0123456789" });
const api = await startApi({ config, database, migrate: false, extend: (app) => mountWebApp(app) });
try {
  const client = createApiClient({ baseUrl: api.url });
  const session = await signUp(client, database.pool, { email: `bench-kit-${Date.now()}@example.com`, password: "bench-password-123", storeName: "Bench kits", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" });
  const { id } = await client.call(createBrandKit, { body: { example: "coffee-and-tea" } }, { token: session.token, idempotencyKey: crypto.randomUUID() });
  for (let waited = 0; ; waited += 250) {
    const kit = await client.call(getBrandKit, { params: { id } }, { token: session.token });
    if (kit.tasks.length > 0 && kit.tasks.every((t) => t.status === "SUCCESS" || t.status === "FAILURE")) break;
    if (waited > 120_000) throw new Error("the kit's generation did not finish in 2 minutes");
    await sleep(250);
  }
  const lcpRuns = Number(process.env.BENCH_LCP_RUNS ?? 5);
  const lcps = await measureLcp({ url: `${api.url}/bk/${id}`, ready: (page) => page.getByRole("heading").first().waitFor() }, lcpRuns);
  console.log(`\nlargest-contentful-paint of /bk/:id (logged out, first visit), ${lcpRuns} runs (ms): ${lcps.map((v) => v.toFixed(0)).join(", ")}`);
  console.log(`median LCP: ${median(lcps).toFixed(0)} ms (headless Chromium, local server, database: ${process.env.DATABASE_URL ? "Postgres (DATABASE_URL)" : "embedded PGlite"})`);
} finally {
  await api.close();
}
await database.close();
