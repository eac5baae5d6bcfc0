// `npm run bench:search` (node --import tsx bench/search/run.ts): keyword search, filtered search
// and image search over the full demo catalogue (1,240 suppliers, ~21k items), 50 concurrent
// clients, beside the API's primary-key endpoint (GET /web/stores/me) in the same run. Prints
// p50/p99 and req/s, the ratio to the primary-key endpoint, and EXPLAIN ANALYZE of the main queries.
// Target: search p99 ≤ 30 ms.
import autocannon from "autocannon";
import { auth, createApiClient } from "@atelier/contracts";
import { loadConfig } from "../../api/src/config";
import { openDatabase } from "../../api/src/db/pool";
import { migrate } from "../../api/src/db/migrate";
import { startApi } from "../../api/src/server";
import { seedDemoData } from "../../api/src/demo/seed";
import { encodePng } from "../../api/src/images/png";
import { rasterizeSvg } from "../../api/src/images/svg";
import { itemImageSvg } from "../../api/src/images/item-image";
import { indexItemImages } from "../../api/src/services/catalog/index-item-images";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

type Figures = { label: string; rps: number; p50: number; p99: number; non2xx: number; errors: number };
type Target = { label: string; path: string; method?: "GET" | "POST"; body?: string };

const config = loadConfig({ ...process.env, NODE_ENV: "production", PORT: "0", ATELIER_LOG_LEVEL: "warn", ATELIER_JWT_SECRET: process.env.ATELIER_JWT_SECRET ?? "bench-secret-that-is-long-enough-0123456789" });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, poolSize: config.poolSize });
await migrate(database.pool);
console.log("seeding the demo catalogue…");
const report = await seedDemoData(database.pool, { scale: Number(process.env.BENCH_SCALE ?? 1) });
console.log(`${report.suppliers} suppliers, ${report.items} items`);
const api = await startApi({ config, database, migrate: false });
console.log("indexing item pictures…");
const started = Date.now();
const indexed = await indexItemImages(database.pool, api.deps.log, { force: true });
console.log(`${indexed} item pictures described in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const client = createApiClient({ baseUrl: api.url });
const session = await client.call(auth.register, { body: { email: `bench-${Date.now()}@example.com`, password: "bench-password-123", storeName: "Bench store", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" } });
const headers = { authorization: `Bearer ${session.token}`, "content-type": "application/json" };

const { rows: sample } = await database.pool.query("SELECT image_seed, image_color FROM catalog_items ORDER BY id LIMIT 1");
const png = encodePng(rasterizeSvg(itemImageSvg({ imageSeed: sample[0].image_seed, imageColor: sample[0].image_color }), 128));

const targets: Target[] = [
  { label: "primary key: GET /web/stores/me", path: "/web/stores/me" },
  { label: "keyword items: organic cotton tee", path: "/web/catalog-items?keyword=organic%20cotton%20tee" },
  { label: "keyword typo items: ceramik mugs", path: "/web/catalog-items?keyword=ceramik%20mugs" },
  { label: "keyword suppliers: leather bags", path: "/web/catalog-companies?keyword=leather%20bags" },
  { label: "filtered suppliers (no keyword)", path: "/web/catalog-companies?regions=AS,EU&review=3&moq=100_1000&sort=tariffRatePercent" },
  { label: "filtered items + keyword", path: "/web/catalog-items?keyword=candle&samplePrice=5_50&productionTime=UNDER_1_MONTH&sort=productionMinPrice" },
  { label: "image search (PNG upload, 120)", path: "/web/sourcing/home/image-search", method: "POST", body: JSON.stringify({ image: png.toString("base64") }) },
];

async function load(t: Target, duration = DURATION_S): Promise<Figures> {
  // method and body are autocannon options the shared type declaration (bench/api) leaves out.
  const options = { url: `${api.url}/rest/main${t.path}`, method: t.method ?? "GET", body: t.body, headers, connections: CONNECTIONS, duration };
  const r = await autocannon(options);
  return { label: t.label, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

for (const t of targets) await load(t, 1);
const results: Figures[] = [];
for (const t of targets) results.push(await load(t));
const base = results[0]!;
console.log(`\n${DURATION_S}s each, ${CONNECTIONS} connections, database: ${config.databaseUrl ? "Postgres (DATABASE_URL)" : "embedded PGlite"}`);
console.table(results.map((r) => ({ endpoint: r.label, "req/s": Math.round(r.rps), "p50 ms": r.p50, "p99 ms": r.p99, "p99 ≤ 30": r === base ? "" : r.p99 <= 30 ? "✓" : "✗", "req/s ÷ primary key": (r.rps / base.rps).toFixed(2), non2xx: r.non2xx, errors: r.errors })));
if (results.some((r) => r.non2xx > 0 || r.errors > 0)) console.log("warning: some requests failed; the figures are not comparable");

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

// Let requests autocannon left in flight finish before the pool closes.
await new Promise((resolve) => setTimeout(resolve, 3000));
await api.close();
await database.close();
