// `npm run bench:search` (node --import tsx bench/search/run.ts): keyword search, filtered search
// and image search over the full demo catalogue (1,240 suppliers, ~21k items), 50 concurrent
// clients, beside the API bench's bare primary-key handler and the API's primary-key endpoint (GET
// /web/stores/me) in the same run, and image search beside a bare handler sending its own answer's
// bytes (what answers of that size cost on this machine). Prints p50/p99 and req/s, the ratio to the
// bare handler, and EXPLAIN ANALYZE of the main queries.
// Target: search p99 ≤ 30 ms (meant for real Postgres: DATABASE_URL=postgres://… npm run bench:search).
import http from "node:http";
import os from "node:os";
import { createApiClient } from "@atelier/contracts";
import { loadConfig } from "../../api/src/config";
import { openDatabase } from "../../api/src/db/pool";
import { migrate } from "../../api/src/db/migrate";
import { startApi } from "../../api/src/server";
import { signUp } from "../../test/factories/accounts";
import { seedDemoData } from "../../api/src/demo/seed";
import { encodePng } from "../../api/src/images/codec";
import { rasterizeSvg } from "../../api/src/images/svg";
import { itemImageSvg } from "../../api/src/images/item-image";
import { pictureKindOf } from "../../api/src/images/picture-kinds";
import { indexItemImages } from "../../api/src/services/marketplace/index-item-images";
import { brotliCopiesMade } from "../../api/src/json-answer";
import { drain, measure, probe, row, sampleFailure, startBareBytesServer, startBarePrimaryKeyServer, usable, type BareServer, type Figures, type Target } from "../lib/load";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// BENCH_ONLY=image runs the primary-key endpoint and the searches whose label contains it;
// BENCH_UNCACHED=0 skips the second table (the API with its search cache off).
const ONLY = process.env.BENCH_ONLY;

const config = loadConfig({ ...process.env, NODE_ENV: "production", PORT: "0", ATELIER_LOG_LEVEL: "warn", ATELIER_JWT_SECRET: process.env.ATELIER_JWT_SECRET ?? "bench-secret-that-is-long-enough-0123456789" });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, poolSize: config.poolSize });
await migrate(database.pool);
console.log("seeding the demo catalogue (kept as it is when the database already has one)…");
await seedDemoData(database.pool, { scale: Number(process.env.BENCH_SCALE ?? 1) });
const { rows: counts } = await database.pool.query<{ suppliers: number; items: number }>("SELECT (SELECT count(*) FROM suppliers)::int AS suppliers, (SELECT count(*) FROM catalog_items)::int AS items");
console.log(`${counts[0]!.suppliers} suppliers, ${counts[0]!.items} items`);
const api = await startApi({ config, database, migrate: false });
console.log("indexing item pictures…");
const started = Date.now();
const indexed = await indexItemImages(database.pool, api.deps.log, { force: true });
console.log(`${indexed} item pictures described in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const client = createApiClient({ baseUrl: api.url });
const session = await signUp(client, database.pool, { email: `bench-${Date.now()}@example.com`, password: "bench-password-123", storeName: "Bench store", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" });
// As a browser sends them: a browser always offers gzip, and large answers are sent compressed.
const headers = { authorization: `Bearer ${session.token}`, "content-type": "application/json", "accept-encoding": "gzip, deflate, br" };

const { rows: sample } = await database.pool.query("SELECT title, image_seed, image_color FROM catalog_items ORDER BY id LIMIT 1");
const png = await encodePng(rasterizeSvg(itemImageSvg({ imageSeed: sample[0].image_seed, imageColor: sample[0].image_color, kind: pictureKindOf(sample[0].title) }), 128));

/** The benchmark's targets against one API's base URL. */
function targetsAt(base: string): Target[] {
  return [
    { label: "primary key: GET /web/stores/me", url: `${base}/web/stores/me`, reference: true },
    { label: "keyword items: organic cotton tee", url: `${base}/web/catalog-items?keyword=organic%20cotton%20tee` },
    { label: "keyword typo items: ceramik mugs", url: `${base}/web/catalog-items?keyword=ceramik%20mugs` },
    { label: "keyword suppliers: leather bags", url: `${base}/web/catalog-companies?keyword=leather%20bags` },
    { label: "filtered suppliers (no keyword)", url: `${base}/web/catalog-companies?regions=AS,EU&review=3&moq=100_1000&sort=tariffRatePercent` },
    { label: "filtered items + keyword", url: `${base}/web/catalog-items?keyword=candle&samplePrice=5_50&productionTime=UNDER_1_MONTH&sort=productionMinPrice` },
    { label: "image search (PNG upload, 120)", url: `${base}/web/sourcing/home/image-search`, method: "POST", body: JSON.stringify({ image: png.toString("base64") }) },
  ]
    .filter((t, i) => i === 0 || !ONLY || t.label.includes(ONLY))
    .map((t) => ({ ...t, headers }) as Target);
}

// The issue's reference: the API bench's bare handler (one primary-key query, no middleware).
const bare = await startBarePrimaryKeyServer(database.pool, session.store.id);

/**
 * Loads the bare primary-key handler and every target in turn and prints the table; returns the
 * runs that failed. The first two rows (the bare handler, the API's primary-key endpoint) are the
 * references: no request that reads the database can be cheaper than the first.
 */
async function runAll(title: string, apiTargets: Target[]): Promise<Figures[]> {
  const targets = [bare.target, ...apiTargets];
  // Every target must answer 2xx before it is loaded: a 4xx/5xx would be measured as a fast error.
  for (const t of targets) await probe(t);
  // Beside image search: the same answer's bytes from a bare handler, so the table shows what answers
  // of that size cost here before any work (the load generator reads them on these cores). Taken
  // after the probes, which leave the answer kept (with the cache on).
  const image = targets.findIndex((t) => t.label.startsWith("image search"));
  const sameBytes = image > 0 ? await imageAnswerBytesServer(targets[image]!) : null;
  if (sameBytes) targets.splice(image, 0, sameBytes.target);
  await drain(database.pool);
  console.log(`\n${title}`);
  const results: Figures[] = [];
  for (const t of targets) {
    const r = await measure(t, CONNECTIONS, DURATION_S);
    const waited = await drain(database.pool);
    results.push(r);
    console.log(`${t.label}: ${r.completed} completed${waited > 1000 ? `, server busy ${(waited / 1000).toFixed(1)} s after the window with abandoned requests` : ""}`);
    if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0) console.log(`  failures: ${r.statuses}; sample: ${(await sampleFailure(t, CONNECTIONS)) ?? "none reproduced"}`);
  }
  const reference = results[0]!;
  const [load1] = os.loadavg();
  console.log(`${DURATION_S}s each, ${CONNECTIONS} connections, pool ${config.poolSize}, database: ${config.databaseUrl ? "Postgres (DATABASE_URL)" : "embedded PGlite"}, ${os.cpus().length} cores, load average ${load1!.toFixed(2)}`);
  console.table(results.map((r, i) => ({ ...row(r), "p99 ≤ 30": targets[i]!.reference ? "" : !usable(r) ? "n/a" : r.p99 <= 30 ? "✓" : "✗", "÷ bare": (r.rps / reference.rps).toFixed(2) })));
  if (sameBytes) {
    await sameBytes.close();
    console.log(`image search ÷ the same bytes from a bare handler: ${(results[image + 1]!.rps / results[image]!.rps).toFixed(2)}`);
  }
  const failed = results.filter((r) => !usable(r));
  if (failed.length) console.log(`warning: ${failed.map((r) => r.label).join(", ")} had failed or no completed requests; those figures are not comparable`);
  return failed;
}

/**
 * A bare handler answering the image search's request with that search's own encoded answer, as the
 * bench's client receives it (asked a few times first, so the answer is kept and its brotli copy made
 * when the API keeps answers).
 */
async function imageAnswerBytesServer(t: Target): Promise<BareServer> {
  await brotliCopiesMade();
  const { headers: answerHeaders, body } = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(t.url, { method: "POST", headers: t.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject).end(t.body);
  });
  const encoding = answerHeaders["content-encoding"] ?? "identity";
  const label = `bare Express + the image answer's bytes (${(body.length / 1024).toFixed(1)} kB ${encoding})`;
  const server = await startBareBytesServer(label, "post", body, { "content-type": "application/json; charset=utf-8", ...(encoding === "identity" ? {} : { "content-encoding": encoding }) });
  return { ...server, target: { ...server.target, body: t.body, headers: { "content-type": "application/json", "accept-encoding": t.headers?.["accept-encoding"] ?? "" } } };
}

/**
 * Browsing one keyword: 45 different answers (3 sorts × 3 MOQ filters × 5 pages) asked one after
 * the other by one client, as a person paging and filtering does. No answer repeats, so none comes
 * from the answer cache; with the cache on, the keyword is scored once and every answer reuses it.
 * Returns the mean milliseconds per answer.
 */
async function browse(base: string, keyword: string): Promise<number> {
  const urls: string[] = [];
  for (const sort of ["", "-rank", "productionMinPrice"]) {
    for (const moq of ["", "0_100", "100_1000"]) {
      for (let page = 0; page < 5; page++) urls.push(`${base}/web/catalog-items?keyword=${encodeURIComponent(keyword)}&page=${page}${sort ? `&sort=${sort}` : ""}${moq ? `&moq=${moq}` : ""}`);
    }
  }
  const started = performance.now();
  for (const url of urls) {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`browse: ${url} answered ${res.status}`);
    await res.arrayBuffer();
  }
  return (performance.now() - started) / urls.length;
}

// Each search repeated by 50 clients: after its first run, answers come from the search cache
// (kept under the catalogue's version). Then the same searches on an API with the cache turned off:
// what each search costs when it has to run (a new query, or the first one after a catalogue change).
const failed = await runAll("search cache on (the API's default): repeated searches are answered from memory", targetsAt(`${api.url}/rest/main`));
if (process.env.BENCH_UNCACHED !== "0") {
  const uncachedApi = await startApi({ config: { ...config, searchCache: false }, database, migrate: false });
  failed.push(...(await runAll("search cache off (ATELIER_SEARCH_CACHE=0): every search runs on the database", targetsAt(`${uncachedApi.url}/rest/main`))));
  // A keyword the tables above never searched: nothing of it is kept yet (the API with the cache
  // off keeps nothing, so it goes first).
  const off = await browse(`${uncachedApi.url}/rest/main`, "wool scarf");
  const on = await browse(`${api.url}/rest/main`, "wool scarf");
  console.log(`\nbrowsing one keyword (45 different answers, one client): cache on ${on.toFixed(1)} ms per answer (the keyword scored once), cache off ${off.toFixed(1)} ms (scored for each)`);
  await uncachedApi.close();
}

if (process.env.BENCH_EXPLAIN !== "0") {
  const explain = async (label: string, sql: string, params: unknown[] = []) => {
    const { rows } = await database.pool.query(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params);
    console.log(`\n-- ${label}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
  };
  await explain("featured suppliers page", "SELECT id FROM suppliers s WHERE s.enabled_at IS NOT NULL ORDER BY s.rank DESC, s.id LIMIT 20");
  await explain("full-text candidates", "SELECT id FROM catalog_items WHERE search_document @@ (plainto_tsquery('english', 'organic') && plainto_tsquery('english', 'cotton'))");
  await explain("trigram candidates", "SELECT id FROM catalog_items WHERE 'ceramik' <% title");
  await explain("image nearest neighbours", "SELECT item_id FROM catalog_item_images ORDER BY embedding <=> (SELECT embedding FROM catalog_item_images LIMIT 1) LIMIT 40");
}

await bare.close();
await api.close();
await database.close();
process.exitCode = failed.length ? 1 : 0;
