import { createHash } from "node:crypto";
import http from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { marketplace } from "@atelier/contracts";
import { as, openPrivateDatabase, registerUser, startTestApi, testConfig, type TestApi, type TestUser } from "./harness";
import type { Database } from "../src/db/pool";
import { seedCatalog, type CatalogFixture } from "./marketplace-fixtures";
import { createSearchCache } from "../src/services/marketplace/search-cache";
import { encodePng } from "../src/images/codec";
import { rasterizeSvg } from "../src/images/svg";
import { itemImageSvg } from "../src/images/item-image";
import { pictureKindOf } from "../src/images/picture-kinds";
import { flushSearchLogs } from "../src/services/marketplace/search-log";
import { paidOrderFrom } from "../../test/factories/purchases";
import { brotliCopiesMade, GZIP_MIN_BYTES } from "../src/json-answer";

// Marketplace search answers are kept under the catalogue's version (migration 0019): these tests
// check that a kept answer is served again, and that no change to the data under it is ever hidden.
// They count the statements a search runs, which holds only while nobody else changes the catalogue:
// the file has a database of its own (on the run's shared one, another file's writes bumped the
// version between every pair of searches on a loaded machine).

let db: Database;
let api: TestApi;
let user: TestUser;
let word: string;
let fx: CatalogFixture;

beforeAll(async () => {
  db = await openPrivateDatabase();
  api = await startTestApi({ databaseUrl: db.url });
  user = await registerUser(api);
  // Ten random letters: rows other test files add to the shared database never hold it.
  word = `qorvant${Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;
  fx = await seedCatalog(
    api.deps.pool,
    [{ name: `${word} Works`, rank: 5 }, { name: "Plain Supplier", rank: 4 }],
    [
      { supplier: 0, title: `${word} linen apron`, imageSeed: 4242, imageColor: "#c81d25" },
      { supplier: 1, title: `${word} canvas tote`, imageSeed: 5151, imageColor: "#1d7874" },
    ],
  );
});
afterAll(async () => {
  await api.close();
  await db.close();
});

const searchItems = (who: TestUser, keyword = word) => as(api, who.token, marketplace.searchCatalogItems, { query: { keyword } });
/** The titles holding the word: the meaning branch may add other test files' rows to an answer. */
const ownTitles = (answer: { list: { title: string }[] }) => answer.list.map((i) => i.title).filter((t) => t.includes(word)).sort();
const searchSuppliers = (who: TestUser, query: Record<string, unknown>) => as(api, who.token, marketplace.searchSuppliers, { query: query as never });

async function lastLog(who: TestUser): Promise<{ from_cache: boolean; result_count: number }> {
  await flushSearchLogs(api.deps.pool);
  const { rows } = await api.deps.pool.query("SELECT from_cache, result_count FROM catalog_search_logs WHERE store_id = $1 ORDER BY id DESC LIMIT 1", [who.store.id]);
  return rows[0];
}

/** A GET of `path` as this store with the given Accept-Encoding, by node:http (fetch would decode the bytes). */
function getWith(path: string) {
  return (encoding: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${api.url}${path}`, { headers: { authorization: `Bearer ${user.token}`, "accept-encoding": encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
}

describe("the search cache", () => {
  it("serves a repeated search from memory, logs it as such, and shares it between stores", async () => {
    const first = await searchItems(user);
    expect(ownTitles(first)).toEqual([`${word} canvas tote`, `${word} linen apron`]);
    // Another test file may have changed the catalogue in between: repeat until a search is served
    // from memory (two in a row at one version).
    let second = await searchItems(user);
    for (let n = 0; n < 40 && !(await lastLog(user)).from_cache; n++) second = await searchItems(user);
    expect(await lastLog(user)).toEqual({ from_cache: true, result_count: first.total });
    expect(second).toEqual(first);
    const other = await registerUser(api);
    expect(await searchItems(other)).toEqual(first);
    expect((await lastLog(other)).result_count).toBe(first.total);
  });

  it("sends a kept answer with its entity tag, and 304 to a client that has it", async () => {
    const url = `${api.url}/rest/main/web/catalog-items?keyword=${word}`;
    // identity: fetch offers gzip by default and would decode it, hiding the bytes on the wire.
    const headers = { authorization: `Bearer ${user.token}`, "accept-encoding": "identity" };
    const first = await fetch(url, { headers });
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    expect(first.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = await first.text();
    expect(Number(first.headers.get("content-length"))).toBe(Buffer.byteLength(body));
    let again = await fetch(url, { headers });
    for (let n = 0; n < 5 && again.headers.get("etag") !== etag; n++) again = await fetch(url, { headers });
    expect(await again.text()).toBe(body);
    // node:http, not fetch: fetch adds "cache-control: no-cache" to a conditional request.
    const status = await new Promise<number>((resolve, reject) => {
      http.get(url, { headers: { ...headers, "if-none-match": etag! } }, (res) => resolve(res.resume().statusCode!)).on("error", reject);
    });
    expect(status).toBe(304);
  });

  it("sends a large answer gzip-encoded to a client that accepts it, under the same entity tag", async () => {
    const get = getWith(`/rest/main/web/catalog-items?keyword=${word}`);
    const plain = await get("identity");
    expect(plain.body.length).toBeGreaterThan(GZIP_MIN_BYTES);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    let zipped = await get("gzip, deflate");
    for (let n = 0; n < 5 && zipped.headers.etag !== plain.headers.etag; n++) zipped = await get("gzip, deflate");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    // A client that refuses gzip ("gzip;q=0") gets the plain bytes, and so does one that refuses
    // every coding we have (rather than a 406).
    expect((await get("gzip;q=0")).headers["content-encoding"]).toBeUndefined();
    const refused = await get("identity;q=0, gzip;q=0, br;q=0");
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.length).toBe(Number(refused.headers["content-length"]));
    expect(JSON.parse(refused.body.toString("utf8")).list.length).toBeGreaterThan(0);
  });

  it("sends an answer asked again brotli-encoded once its copy is made: smaller than gzip's, same entity tag", async () => {
    const get = getWith(`/rest/main/web/catalog-items?keyword=${encodeURIComponent(`${word} tote ${Date.now()}`)}`);
    const browser = "gzip, deflate, br";
    // The first send of an answer makes no brotli copy: a browser gets gzip.
    const first = await get(browser);
    expect(first.headers["content-encoding"]).toBe("gzip");
    // Sent again, the copy is made off the event loop; from then on a browser gets it. (Another
    // test file may change the catalogue in between, which starts a new answer: a few tries.)
    let again = first;
    for (let n = 0; n < 6 && again.headers["content-encoding"] !== "br"; n++) {
      again = await get(browser);
      await brotliCopiesMade();
    }
    expect(again.headers["content-encoding"]).toBe("br");
    expect(again.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(again.headers["content-length"])).toBe(again.body.length);
    // The entity tag is the plain bytes' length and SHA-1: the decoded bytes are exactly those.
    const decoded = brotliDecompressSync(again.body);
    expect(again.headers.etag).toBe(`W/"${decoded.length.toString(16)}-${createHash("sha1").update(decoded).digest("base64").slice(0, 27)}"`);
    expect(JSON.parse(decoded.toString("utf8")).list.map((i: { title: string }) => i.title)).toContain(`${word} canvas tote`);
    expect(again.body.length).toBeLessThan(gzipSync(decoded).length);
    // A client that takes gzip alone still gets gzip.
    expect((await get("gzip")).headers["content-encoding"]).toBe("gzip");
    // The client's weights come first: one that prefers gzip gets gzip.
    expect((await get("br;q=0.5, gzip")).headers["content-encoding"]).toBe("gzip");
    // A client that takes brotli alone gets it once the copy is made (again a few tries: another
    // file's write may have started a new answer, whose copy is made on its second send).
    let brOnly = await get("br");
    for (let n = 0; n < 6 && brOnly.headers["content-encoding"] !== "br"; n++) {
      await get(browser);
      await brotliCopiesMade();
      brOnly = await get("br");
    }
    expect(brOnly.headers["content-encoding"]).toBe("br");
  });

  it("runs a search asked by many clients at once one time, and answers them all", async () => {
    const runs = vi.spyOn(api.deps.pool, "query");
    try {
      // Another test file may change the catalogue in between (the joined search must then run
      // again): a few tries, each with a keyword nobody searched yet.
      let ran = 0;
      for (let attempt = 0; attempt < 3 && ran !== 1; attempt++) {
        runs.mockClear();
        const keyword = `${word} apron ${attempt} ${Date.now()}`;
        const answers = await Promise.all(Array.from({ length: 8 }, () => searchItems(user, keyword)));
        for (const answer of answers) expect(answer).toEqual(answers[0]);
        expect(ownTitles(answers[0]!)).toContain(`${word} linen apron`);
        ran = runs.mock.calls.filter(([sql]) => typeof sql === "string" && sql.includes("catalog_items_matching_words")).length;
      }
      expect(ran).toBe(1);
    } finally {
      runs.mockRestore();
    }
  });

  it("scores a keyword once for every filter, sort and page of it, answering as a search that scores afresh", async () => {
    const off = await startTestApi({ config: testConfig({ searchCache: false }), databaseUrl: db.url });
    const runs = vi.spyOn(api.deps.pool, "query");
    try {
      const offUser = await registerUser(off);
      const variants = (keyword: string) => [
        { keyword, size: 1 },
        { keyword, size: 1, page: 1 },
        { keyword, sort: "-rank" },
        { keyword, moq: "0_100" },
        { keyword, samplePrice: "CUSTOM_QUOTE", sort: "productionMinPrice" },
      ];
      // Another test file may change the catalogue in between (the keyword is then scored again,
      // and the two APIs may answer at different versions): a few tries, each with its own keyword.
      let scored = 0;
      let same = false;
      for (const keyword of [word, `${word} linen`, `${word} tote`, `${word} canvas`, `${word} cotton`, `${word} jute`]) {
        runs.mockClear();
        const kept = [];
        const fresh = [];
        for (const query of variants(keyword)) {
          kept.push(await as(api, user.token, marketplace.searchCatalogItems, { query: query as never }));
          fresh.push(await as(off, offUser.token, marketplace.searchCatalogItems, { query: query as never }));
        }
        scored = runs.mock.calls.filter(([sql]) => typeof sql === "string" && sql.includes("catalog_items_matching_words")).length;
        same = JSON.stringify(kept) === JSON.stringify(fresh);
        if (scored === 1 && same) break;
      }
      expect(scored).toBe(1);
      expect(same).toBe(true);
    } finally {
      runs.mockRestore();
      await off.close();
    }
  });

  it("shows a new, a changed and a disabled item in the very next search", async () => {
    await searchItems(user);
    await searchItems(user);
    const added = await seedCatalog(api.deps.pool, [{ name: "Late Supplier" }], [{ supplier: 0, title: `${word} felt coaster` }]);
    expect((await searchItems(user)).list.map((i) => i.id)).toContain(added.itemIds[0]);
    expect((await lastLog(user)).from_cache).toBe(false);

    await api.deps.pool.query("UPDATE catalog_items SET title = $2 WHERE id = $1", [added.itemIds[0], `${word} felt coaster, round`]);
    await api.deps.pool.query("UPDATE catalog_items SET enabled_at = NULL WHERE id = $1", [fx.itemIds[1]]);
    try {
      const after = await searchItems(user);
      expect(ownTitles(after)).toEqual([`${word} felt coaster, round`, `${word} linen apron`]);
    } finally {
      await api.deps.pool.query("UPDATE catalog_items SET enabled_at = now() WHERE id = $1", [fx.itemIds[1]]);
    }
  });

  it("follows supplier changes a review makes (a filter on the average review)", async () => {
    const query = { keyword: word, review: "4" };
    const ids = async () => (await searchSuppliers(user, query)).list.map((s) => s.id);
    expect(await ids()).not.toContain(fx.supplierIds[0]);
    expect(await ids()).not.toContain(fx.supplierIds[0]);
    // A review changes the supplier's average through a trigger: the next search sees it.
    await paidOrderFrom(api.deps.pool, user.store.id, fx.supplierIds[0]!);
    await as(api, user.token, marketplace.createSupplierReview, { body: { supplierId: fx.supplierIds[0]!, rating: 5, body: "Lovely aprons" } });
    expect(await ids()).toContain(fx.supplierIds[0]);
  });

  it("keeps image answers by the picture's bytes and drops them when the index changes", async () => {
    const png = (await encodePng(rasterizeSvg(itemImageSvg({ imageSeed: 4242, imageColor: "#c81d25", kind: pictureKindOf(`${word} linen apron`) }), 128))).toString("base64");
    const search = () => as(api, user.token, marketplace.searchByImage, { body: { image: png, quantity: 5 } });
    const first = await search();
    expect(first.list[0]!.id).toBe(fx.itemIds[0]);
    expect(await search()).toEqual(first);
    await api.deps.pool.query("DELETE FROM catalog_item_images WHERE item_id = $1", [fx.itemIds[0]]);
    await api.deps.pool.query("UPDATE catalog_items SET enabled_at = NULL WHERE id = $1", [fx.itemIds[0]]);
    try {
      expect((await search()).list.map((i) => i.id)).not.toContain(fx.itemIds[0]);
    } finally {
      await api.deps.pool.query("UPDATE catalog_items SET enabled_at = now() WHERE id = $1", [fx.itemIds[0]]);
    }
  });

  it("is shared by no two API processes: a change made through one shows in the other's next search", async () => {
    const second = await startTestApi({ databaseUrl: db.url });
    try {
      const other = await registerUser(second);
      const search = () => as(second, other.token, marketplace.searchCatalogItems, { query: { keyword: word } });
      const before = await search();
      await search();
      await api.deps.pool.query("UPDATE catalog_items SET title = $2 WHERE id = $1", [fx.itemIds[1], `${word} canvas tote, heavy`]);
      const after = await search();
      expect(after.list.find((i) => i.id === fx.itemIds[1])?.title).toBe(`${word} canvas tote, heavy`);
      expect(before.list.find((i) => i.id === fx.itemIds[1])?.title).toBe(`${word} canvas tote`);
    } finally {
      await second.close();
    }
  });

  it("runs every search on the database when turned off", async () => {
    const off = await startTestApi({ config: testConfig({ searchCache: false }), databaseUrl: db.url });
    try {
      const other = await registerUser(off);
      for (let n = 0; n < 3; n++) await as(off, other.token, marketplace.searchCatalogItems, { query: { keyword: word } });
      await flushSearchLogs(off.deps.pool);
      const { rows } = await api.deps.pool.query("SELECT bool_or(from_cache) AS any FROM catalog_search_logs WHERE store_id = $1", [other.store.id]);
      expect(rows[0].any).toBe(false);
    } finally {
      await off.close();
    }
  });

  it("never answers a bad request from memory", async () => {
    await expect(searchSuppliers(user, { keyword: word, group: "no/such-group" })).rejects.toMatchObject({ status: 400 });
    await expect(searchSuppliers(user, { keyword: word, group: "no/such-group" })).rejects.toMatchObject({ status: 400 });
    await expect(as(api, user.token, marketplace.searchByImage, { body: { image: Buffer.from("not a picture").toString("base64"), quantity: 5 } })).rejects.toMatchObject({ status: 400 });
  });
});

describe("the cache's bounds", () => {
  it("evicts the least recently used answers past its row budget and never serves another version", () => {
    const cache = createSearchCache(10);
    cache.set("a", "1", "A", 4);
    cache.set("b", "1", "B", 4);
    expect(cache.get("a", "1")).toBe("A"); // a is now the most recent
    cache.set("c", "1", "C", 4); // over budget: b goes
    expect(cache.get("b", "1")).toBeUndefined();
    expect(cache.get("a", "1")).toBe("A");
    expect(cache.get("c", "2")).toBeUndefined(); // another version: dropped
    expect(cache.size).toBe(1);
    cache.set("huge", "1", "H", 11); // larger than the whole budget: not kept
    expect(cache.get("huge", "1")).toBeUndefined();
    expect(cache.get("a", "1")).toBe("A");
  });
});
