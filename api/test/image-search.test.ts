import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalog } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { seedCatalog, type CatalogFixture } from "./catalog-fixtures";
import { itemImageDataUrl, itemImageSvg } from "../src/images/item-image";
import { rasterizeSvg } from "../src/images/svg";
import { decodePng, encodePng } from "../src/images/png";
import { describeImage } from "../src/images/descriptor";
import { cosineSimilarity } from "../src/embeddings";

let api: TestApi;
let user: TestUser;
let fx: CatalogFixture;
// Colours far from each other and from the demo palette's greys.
const ITEMS = [
  { seed: 101, color: "#e0115f" },
  { seed: 202, color: "#0b6e4f" },
  { seed: 303, color: "#f2a900" },
];

beforeAll(async () => {
  api = await startTestApi();
  user = await registerUser(api);
  fx = await seedCatalog(api.deps.pool, [{ name: "Image Test Supplier" }], ITEMS.map((it, n) => ({ supplier: 0, title: `Picture item ${n}`, imageSeed: it.seed, imageColor: it.color })));
});
afterAll(() => api.close());

const search = (body: Record<string, unknown>) => as(api, user.token, catalog.searchByImage, { body: body as never });

describe("image search", () => {
  it("ranks an item's own card picture (SVG data URL) first", async () => {
    for (const [n, it] of ITEMS.entries()) {
      const res = await search({ imageUrl: itemImageDataUrl({ imageSeed: it.seed, imageColor: it.color }), quantity: 5 });
      expect(res.list[0]!.id).toBe(fx.itemIds[n]);
      expect(res.list[0]!.similarity).toBeGreaterThan(0.99);
      expect(res.list.length).toBeLessThanOrEqual(5);
    }
  });

  it("ranks the item first from uploaded PNG bytes of its picture, at another size", async () => {
    const png = encodePng(rasterizeSvg(itemImageSvg({ imageSeed: ITEMS[1]!.seed, imageColor: ITEMS[1]!.color }), 200));
    const res = await search({ image: png.toString("base64") });
    expect(res.list[0]!.id).toBe(fx.itemIds[1]);
    expect(res.list.length).toBeLessThanOrEqual(120);
    expect(res.descriptor.dominantColors.length).toBeGreaterThan(0);
    const asDataUrl = await search({ image: `data:image/png;base64,${png.toString("base64")}`, quantity: 3 });
    expect(asDataUrl.list[0]!.id).toBe(fx.itemIds[1]);
  });

  it("logs image searches", async () => {
    const { rows } = await api.deps.pool.query("SELECT count(*)::int AS n FROM catalog_search_logs WHERE store_id = $1 AND target = 'IMAGE'", [user.store.id]);
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it("refuses what it cannot read, naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, "body.imageUrl"],
      [{ imageUrl: "https://example.com/a.png", image: "aGVsbG8gd29ybGQ=" }, "body.imageUrl"],
      [{ image: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]).toString("base64") }, "body.image"],
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

describe("image descriptor", () => {
  it("is close for the same picture at two sizes and far for another colour", () => {
    const a = describeImage(rasterizeSvg(itemImageSvg({ imageSeed: 7, imageColor: "#e0115f" }), 64));
    const b = describeImage(rasterizeSvg(itemImageSvg({ imageSeed: 7, imageColor: "#e0115f" }), 300));
    const c = describeImage(rasterizeSvg(itemImageSvg({ imageSeed: 7, imageColor: "#0b6e4f" }), 64));
    expect(a).toHaveLength(384);
    expect(cosineSimilarity(a, b)).toBeGreaterThan(0.97);
    expect(cosineSimilarity(a, c)).toBeLessThan(cosineSimilarity(a, b) - 0.2);
  });

  it("decodes PNG rows written with every filter type, and palette and grey images", () => {
    const w = 5;
    const h = 5;
    const pixels = Buffer.alloc(w * h * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37 + 11) & 255;
    const raw: number[] = [];
    for (let y = 0; y < h; y++) {
      const filter = y; // 0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth
      raw.push(filter);
      for (let x = 0; x < w * 3; x++) {
        const cur = pixels[y * w * 3 + x]!;
        const left = x >= 3 ? pixels[y * w * 3 + x - 3]! : 0;
        const up = y > 0 ? pixels[(y - 1) * w * 3 + x]! : 0;
        const ul = x >= 3 && y > 0 ? pixels[(y - 1) * w * 3 + x - 3]! : 0;
        const p = left + up - ul;
        const paeth = Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - ul) ? left : Math.abs(p - up) <= Math.abs(p - ul) ? up : ul;
        const pred = [0, left, up, (left + up) >> 1, paeth][filter]!;
        raw.push((cur - pred + 256) & 255);
      }
    }
    const png = buildPng(w, h, 2, 8, Buffer.from(raw));
    const decoded = decodePng(png);
    for (let i = 0; i < w * h; i++) expect([...decoded.data.subarray(i * 4, i * 4 + 3)]).toEqual([...pixels.subarray(i * 3, i * 3 + 3)]);
    // A 2-bit palette image: indices 0..3 across one row.
    const palette = Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]);
    const pal = buildPng(4, 1, 3, 2, Buffer.from([0, 0b00011011]), palette);
    expect([...decodePng(pal).data]).toEqual([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 255]);
    const roundTrip = decodePng(encodePng({ width: 2, height: 1, data: new Uint8ClampedArray([1, 2, 3, 255, 4, 5, 6, 128]) }));
    expect([...roundTrip.data]).toEqual([1, 2, 3, 255, 4, 5, 6, 128]);
  });
});

function buildPng(width: number, height: number, colorType: number, bitDepth: number, raw: Buffer, palette?: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type, "latin1"), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = colorType;
  const parts = [Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr)];
  if (palette) parts.push(chunk("PLTE", palette));
  parts.push(chunk("IDAT", zlib.deflateSync(raw)), chunk("IEND", Buffer.alloc(0)));
  return Buffer.concat(parts);
}
