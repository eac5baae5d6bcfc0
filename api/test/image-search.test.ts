import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { marketplace, createApiClient } from "@atelier/contracts";
import { as, registerUser, startTestApi, testConfig, type TestApi, type TestUser } from "./harness";
import { openDatabase, type Database } from "../src/db/pool";
import { migrate } from "../src/db/migrate";
import { startApi, type ApiServer } from "../src/server";
import { createOpenAIImageEmbedder, descriptorEmbedder, resolveImageEmbedder } from "../src/images/image-embedder";
import { decodeImage } from "../src/images/load-image";
import { reindexItemImages } from "../src/services/marketplace/index-item-images";
import type { Raster } from "../src/images/raster";
import { seedCatalog, type CatalogFixture } from "./marketplace-fixtures";
import { signUp } from "../../test/factories";
import { startEmbeddingsStub, type EmbeddingsRequest, type EmbeddingsStub } from "./openai-embeddings-stub";
import { itemImageDataUrl, itemImageSvg } from "../src/images/item-image";
import { rasterizeSvg } from "../src/images/svg";
import { encodePng } from "../src/images/codec";
import { describeImage } from "../src/images/descriptor";
import { cosineSimilarity } from "../src/embeddings";
import { flushSearchLogs } from "../src/services/marketplace/search-log";

let api: TestApi;
let user: TestUser;
let fx: CatalogFixture;
// Colours far from each other and from the demo palette's greys; each title names what is drawn.
const ITEMS = [
  { seed: 101, color: "#e0115f", title: "Stoneware mug", kind: "mug" },
  { seed: 202, color: "#0b6e4f", title: "Organic cotton T-shirt", kind: "tshirt" },
  { seed: 303, color: "#f2a900", title: "Kraft mailer box", kind: "box" },
] as const;

beforeAll(async () => {
  api = await startTestApi();
  user = await registerUser(api);
  fx = await seedCatalog(api.deps.pool, [{ name: "Image Test Supplier" }], ITEMS.map((it) => ({ supplier: 0, title: it.title, imageSeed: it.seed, imageColor: it.color })));
});
afterAll(() => api.close());

const search = (body: Record<string, unknown>) => as(api, user.token, marketplace.searchByImage, { body: body as never });

describe("image search", () => {
  it("ranks an item's own card picture (SVG data URL) first", async () => {
    for (const [n, it] of ITEMS.entries()) {
      const res = await search({ imageUrl: itemImageDataUrl({ imageSeed: it.seed, imageColor: it.color, kind: it.kind }), quantity: 5 });
      expect(res.list[0]!.id).toBe(fx.itemIds[n]);
      expect(res.list[0]!.similarity).toBeGreaterThan(0.99);
      expect(res.list.length).toBeLessThanOrEqual(5);
    }
  });

  it("ranks the item first from its card picture link as answers give it, even on a private host", async () => {
    const { list } = await search({ imageUrl: itemImageDataUrl({ imageSeed: ITEMS[2]!.seed, imageColor: ITEMS[2]!.color, kind: ITEMS[2]!.kind }), quantity: 1 });
    expect(list[0]!.imageUrl).toMatch(/^\/rest\/main\/app\/card-pictures\//);
    // The API's own address is a loopback one, which a fetched link may never be: the drawing is made here.
    const res = await search({ imageUrl: `${api.url}${list[0]!.imageUrl}`, quantity: 3 });
    expect(res.list[0]!.id).toBe(fx.itemIds[2]);
    expect(res.list[0]!.similarity).toBeGreaterThan(0.99);
  });

  it("returns as many neighbours as asked, more than an HNSW scan gives by default (40)", async () => {
    // On a table this small the planner may compare every row; the full catalogue of bench:search takes the index.
    await seedCatalog(api.deps.pool, [{ name: "Many Pictures Supplier" }], Array.from({ length: 70 }, (_, n) => ({ supplier: 0, title: `Many pictures ${n}`, imageSeed: 1000 + n, imageColor: "#3d5a80" })));
    // No indexing step: the new items moved the catalogue's version, so the next search indexes them.
    const res = await search({ imageUrl: itemImageDataUrl({ imageSeed: 1003, imageColor: "#3d5a80", kind: "box" }), quantity: 60 });
    expect(res.list).toHaveLength(60);
    expect(new Set(res.list.map((i) => i.id)).size).toBe(60);
  });

  it("ranks the item first from uploaded PNG bytes of its picture, at another size", async () => {
    const png = await encodePng(rasterizeSvg(itemImageSvg({ imageSeed: ITEMS[1]!.seed, imageColor: ITEMS[1]!.color, kind: ITEMS[1]!.kind }), 200));
    const res = await search({ image: png.toString("base64") });
    expect(res.list[0]!.id).toBe(fx.itemIds[1]);
    expect(res.list.length).toBeLessThanOrEqual(120);
    expect(res.descriptor.dominantColors.length).toBeGreaterThan(0);
    const asDataUrl = await search({ image: `data:image/png;base64,${png.toString("base64")}`, quantity: 3 });
    expect(asDataUrl.list[0]!.id).toBe(fx.itemIds[1]);
  });

  it("logs image searches", async () => {
    await flushSearchLogs(api.deps.pool);
    const { rows } = await api.deps.pool.query("SELECT count(*)::int AS n FROM catalog_search_logs WHERE store_id = $1 AND target = 'IMAGE'", [user.store.id]);
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it("refuses what it cannot read, naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, "body.imageUrl"],
      [{ imageUrl: "https://example.com/a.png", image: "aGVsbG8gd29ybGQ=" }, "body.imageUrl"],
      [{ image: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]).toString("base64") }, "body.image"],
      [{ image: Buffer.from("GIF89a\x01\x00broken").toString("base64") }, "body.image"],
      [{ image: Buffer.from("RIFF\x00\x00\x00\x00WEBPVP8 ").toString("base64") }, "body.image"],
      [{ image: Buffer.from("just some text, not a picture").toString("base64") }, "body.image"],
      [{ imageUrl: "data:image/svg+xml;base64," + Buffer.from("<svg viewBox='0 0 10 10'><path d='M0 0'/></svg>").toString("base64") }, "body.imageUrl"],
      [{ imageUrl: "mailto:a@b.c" }, "body.imageUrl"],
      [{ imageUrl: "http://127.0.0.1:1/nothing-listens.png" }, "body.imageUrl"],
      [{ imageUrl: "http://192.168.1.10/admin.png" }, "body.imageUrl"],
      [{ image: "aGVsbG8gd29ybGQ=", quantity: 0 }, "body.quantity"],
    ];
    for (const [body, field] of cases) {
      const res = await api.raw("POST", "/web/sourcing/home/image-search", { token: user.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.details[0].field, JSON.stringify(body).slice(0, 80)).toBe(field);
    }
    expect((await api.raw("POST", "/web/sourcing/home/image-search", { body: { image: "aGVsbG8gd29ybGQ=" } })).status).toBe(401);
  });
});

/** The item's card picture drawn at a size, as a raster (what a photo of it would decode to). */
const cardRaster = (n: number, size = 120) => rasterizeSvg(itemImageSvg({ imageSeed: ITEMS[n]!.seed, imageColor: ITEMS[n]!.color, kind: ITEMS[n]!.kind }), size);

const rawOf = (raster: Raster) => sharp(Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength), { raw: { width: raster.width, height: raster.height, channels: 4 } });
const toJpeg = (raster: Raster, quality = 90) => rawOf(raster).jpeg({ quality }).toBuffer();
const toGif = (raster: Raster) => rawOf(raster).gif().toBuffer();

describe("ordinary photo formats", () => {
  it("finds the item from a JPEG of its picture, uploaded or as a data URL", async () => {
    const photo = await toJpeg(cardRaster(2, 240));
    expect([...photo.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const res = await search({ image: photo.toString("base64"), quantity: 5 });
    expect(res.list[0]!.id).toBe(fx.itemIds[2]);
    expect(res.list[0]!.similarity).toBeGreaterThan(0.95);
    const asUrl = await search({ imageUrl: `data:image/jpeg;base64,${photo.toString("base64")}`, quantity: 3 });
    expect(asUrl.list[0]!.id).toBe(fx.itemIds[2]);
  });

  it("finds the item from a GIF of its picture (first frame)", async () => {
    const res = await search({ image: (await toGif(cardRaster(0))).toString("base64"), quantity: 5 });
    expect(res.list[0]!.id).toBe(fx.itemIds[0]);
  });

  it("decodes JPEG, GIF, WebP and interlaced PNG pixels close to the original", async () => {
    const original = cardRaster(1, 64);
    const files = [await toJpeg(original, 95), await toGif(original), await rawOf(original).webp({ quality: 95 }).toBuffer(), await rawOf(original).png({ progressive: true }).toBuffer()];
    for (const decoded of await Promise.all(files.map(decodeImage))) {
      expect([decoded.width, decoded.height]).toEqual([64, 64]);
      let diff = 0;
      for (let i = 0; i < original.data.length; i += 4) for (let c = 0; c < 3; c++) diff += Math.abs(decoded.data[i + c]! - original.data[i + c]!);
      expect(diff / (64 * 64 * 3)).toBeLessThan(20);
    }
  });
});

// A configured image model, served by a local stand-in that speaks the OpenAI embeddings API: it
// decodes the PNG data URL it is sent and answers a 384-number vector of the picture's mean colour
// (a caricature of a vision model, enough to tell which model's vectors a search compared).
describe("a configured image-embedding model", () => {
  let stub: EmbeddingsStub;
  let baseUrl: string;
  let requests: EmbeddingsRequest[];
  let db: Database;
  let modelApi: ApiServer;
  let token: string;
  let items: string[];
  let refuse = false;

  const meanColourVector = (raster: Raster) => {
    const v = new Array<number>(384).fill(0);
    for (let i = 0; i < raster.data.length; i += 4) for (let c = 0; c < 3; c++) v[c * 128 + Math.min(127, raster.data[i + c]! >> 1)]! += 1;
    return v;
  };

  beforeAll(async () => {
    stub = await startEmbeddingsStub(async (url) => {
      if (refuse) throw new Error("model is not loaded");
      return meanColourVector(await decodeImage(Buffer.from(url.split(",")[1]!, "base64")));
    });
    ({ baseURL: baseUrl, requests } = stub);
    // A private database: switching the image index to another model rewrites every item's vector.
    db = await openDatabase({ dataDir: null, poolSize: 3 });
    await migrate(db.pool);
    items = (await seedCatalog(db.pool, [{ name: "Model Test Supplier" }], ITEMS.map((it, n) => ({ supplier: 0, title: `Model item ${n}`, imageSeed: it.seed, imageColor: it.color })))).itemIds;
    modelApi = await startApi({ config: testConfig({ imageEmbeddings: { model: "stub-vision", baseUrl } }), database: db, migrate: false });
    token = (await signUp(createApiClient({ baseUrl: modelApi.url }), db.pool, { email: `img-${Date.now()}@example.com`, password: "correct-horse-battery", storeName: "Img", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" })).token;
  });
  afterAll(async () => {
    await modelApi?.close();
    await db?.close();
    await stub?.close();
  });

  const modelSearch = (body: Record<string, unknown>) => createApiClient({ baseUrl: modelApi.url }).call(marketplace.searchByImage, { body: body as never }, { token });
  const kinds = async () => (await db.pool.query("SELECT DISTINCT descriptor_kind FROM catalog_item_images")).rows.map((r) => r.descriptor_kind);

  it("keeps the descriptor while the index is descriptors, and never asks the model", async () => {
    const res = await modelSearch({ image: (await encodePng(cardRaster(1))).toString("base64"), quantity: 3 });
    expect(res.descriptor.kind).toBe(descriptorEmbedder.kind);
    expect(res.list[0]!.id).toBe(items[1]);
    expect(requests).toEqual([]);
    expect(await kinds()).toEqual([descriptorEmbedder.kind]);
  });

  it("switches to the model once the index is re-embedded, comparing only the model's vectors", async () => {
    const model = createOpenAIImageEmbedder({ baseURL: baseUrl, model: "stub-vision" });
    expect(await reindexItemImages(db.pool, modelApi.deps.log, model)).toBe(3);
    expect(requests).toHaveLength(3);
    expect(requests[0]).toMatchObject({ model: "stub-vision", dimensions: 384 });
    expect(requests[0]!.input[0]).toMatch(/^data:image\/png;base64,/);
    expect(await kinds()).toEqual(["openai-image:stub-vision:384"]);

    // A JPEG upload is sent to the model as PNG; the nearest item is the one of the same colour.
    const res = await modelSearch({ image: (await toJpeg(cardRaster(2, 900))).toString("base64"), quantity: 3 });
    expect(res.descriptor.kind).toBe("openai-image:stub-vision:384");
    expect(res.list[0]!.id).toBe(items[2]);
    expect(requests).toHaveLength(4);
    // Sent at most 512 pixels a side, whatever size arrived.
    const sent = await decodeImage(Buffer.from(requests[3]!.input[0]!.split(",")[1]!, "base64"));
    expect(Math.max(sent.width, sent.height)).toBe(512);
  });

  it("answers 502 when the configured model refuses", async () => {
    refuse = true;
    try {
      const res = await modelSearch({ image: (await encodePng(cardRaster(0))).toString("base64") }).catch((e: unknown) => e);
      expect(res).toMatchObject({ status: 502, code: "BAD_GATEWAY" });
      expect((res as Error).message).toContain("model is not loaded");
    } finally {
      refuse = false;
    }
  });

  it("chooses by the recorded space: never a query of one model against another's vectors", () => {
    const model = createOpenAIImageEmbedder({ baseURL: baseUrl, model: "stub-vision" });
    const other = createOpenAIImageEmbedder({ baseURL: baseUrl, model: "other-vision" });
    const warnings: string[] = [];
    const warn = (m: string) => warnings.push(m);
    expect(resolveImageEmbedder(null, model, warn)).toBe(descriptorEmbedder);
    expect(resolveImageEmbedder(descriptorEmbedder.kind, model, warn)).toBe(descriptorEmbedder);
    expect(resolveImageEmbedder(model.kind, model, warn)).toBe(model);
    expect(resolveImageEmbedder(null, descriptorEmbedder, warn)).toBe(descriptorEmbedder);
    // Another model's index: the configured one is used and re-indexes as it goes (rows carry their kind).
    expect(resolveImageEmbedder(model.kind, other, warn)).toBe(other);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toContain("reindex-cli");
  });
});

describe("image descriptor", () => {
  it("is close for the same picture at two sizes and far for another colour", () => {
    const a = describeImage(rasterizeSvg(itemImageSvg({ imageSeed: 7, imageColor: "#e0115f", kind: "mug" }), 64));
    const b = describeImage(rasterizeSvg(itemImageSvg({ imageSeed: 7, imageColor: "#e0115f", kind: "mug" }), 300));
    const c = describeImage(rasterizeSvg(itemImageSvg({ imageSeed: 7, imageColor: "#0b6e4f", kind: "mug" }), 64));
    expect(a).toHaveLength(384);
    expect(cosineSimilarity(a, b)).toBeGreaterThan(0.97);
    expect(cosineSimilarity(a, c)).toBeLessThan(cosineSimilarity(a, b) - 0.2);
  });

  it("draws an SVG's paths, strokes, text and gradients, not only its flat shapes", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
      <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient></defs>
      <rect x="0" y="0" width="100" height="20" fill="url(#g)"/>
      <path d="M10 30 L90 30 L50 70 Z" fill="#00aa00"/>
      <line x1="0" y1="90" x2="100" y2="90" stroke="#000000" stroke-width="6"/>
      <text x="2" y="82" font-size="14" fill="#ff00ff">Brand</text>
    </svg>`;
    const r = rasterizeSvg(svg, 100);
    const at = (x: number, y: number) => [...r.data.subarray((y * r.width + x) * 4, (y * r.width + x) * 4 + 3)];
    expect([r.width, r.height]).toEqual([100, 100]);
    // The gradient runs red to blue; the path is a filled triangle; the stroke a black line; outside, white.
    expect(at(2, 10)[0]).toBeGreaterThan(200);
    expect(at(97, 10)[2]).toBeGreaterThan(200);
    expect(at(50, 40)).toEqual([0, 170, 0]);
    expect(at(50, 90)).toEqual([0, 0, 0]);
    expect(at(5, 50)).toEqual([255, 255, 255]);
    // Some magenta text pixels (the DejaVu font is loaded by path).
    let magenta = 0;
    for (let y = 70; y < 84; y++) for (let x = 0; x < 50; x++) if (at(x, y)[0]! > 200 && at(x, y)[1]! < 80 && at(x, y)[2]! > 200) magenta++;
    expect(magenta).toBeGreaterThan(10);
    // The same drawing read back from its bytes, and as an encoded PNG, is the same picture.
    const decoded = await decodeImage(Buffer.from(svg));
    expect(decoded.width).toBe(64);
    const roundTrip = await decodeImage(await encodePng({ width: 2, height: 1, data: new Uint8ClampedArray([1, 2, 3, 255, 4, 5, 6, 128]) }));
    expect([...roundTrip.data]).toEqual([1, 2, 3, 255, 4, 5, 6, 128]);
  });

  it("refuses what is not a picture, and a picture over the pixel limit, with a reason", async () => {
    await expect(decodeImage(Buffer.from("hello, not a picture"))).rejects.toThrow(/is not a PNG, JPEG, GIF, WebP or SVG picture/);
    const huge = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: "#ffffff" } }).png({ compressionLevel: 9 }).toBuffer();
    await expect(decodeImage(huge)).rejects.toThrow(/is too large/);
    await expect(decodeImage((await toJpeg(cardRaster(0))).subarray(0, 200))).rejects.toThrow(/could not be read/);
  });
});
