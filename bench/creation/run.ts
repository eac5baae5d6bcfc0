// `npm run bench:creation`: a full offline business kit (all four generations, 3 brand ideas × 4
// pictures, 8 mood-board pictures, 6 SKU renders, 4 slide thumbnails) and its PDF export, on the
// demo catalogue, drawn cold (no stored pictures) and warm (the same kit again: pictures found by
// their hash). Targets: kit ≤ 3 s, PDF ≤ 3 s. Prints the median of BENCH_RUNS runs (default 3).
import { performance } from "node:perf_hooks";
import os from "node:os";
import { GENERATION_TYPES } from "@atelier/contracts/brand-kits";
import { emptyParts } from "@atelier/contracts/brand-kit-rules";
import { openDatabase } from "../../api/src/db/pool";
import { migrate } from "../../api/src/db/migrate";
import { seedDemoData } from "../../api/src/demo/seed";
import { applyDrawn, drawSlots, markMissingImages } from "../../api/src/services/brand-kits/fill-images";
import { exportKitPdf } from "../../api/src/services/brand-kits/export-pdf";
import { generateOffline, kitInputs, mergeGenerated } from "../../api/src/services/brand-kits/write-generation";

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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
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
await database.close();
