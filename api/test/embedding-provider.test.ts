import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient, helpCenter, marketplace, sourcingAgent, WORDS_ONLY_SEARCH_NOTICE } from "@atelier/contracts";
import { startApi } from "../src/server";
import { embedQuery } from "../src/embeddings";
import { testConfig } from "./harness";
import { createStore, createSupplier, type StoreSession } from "../../test/factories";
import { openDatabase, type Database } from "../src/db/pool";
import { migrate } from "../src/db/migrate";
import { createOfflineEmbeddings, createOpenAIEmbeddings, embedText, EmbeddingsUnavailable, followStoredSpace, getEmbeddingSpace, guardEmbeddings, reindexEmbeddings, setEmbeddingSpace, OFFLINE_EMBEDDINGS_ID, REINDEX_JOB_TYPE } from "../src/embeddings";
import { startEmbeddingsStub, type EmbeddingsRequest, type EmbeddingsStub } from "./openai-embeddings-stub";

// The model's stand-in: each text becomes a unit vector pointing at one of 384 axes chosen from its length.
let stub: EmbeddingsStub;
let baseURL: string;
let requests: EmbeddingsRequest[];
let dims = 384;

// A private database: re-embedding rewrites every stored vector.
let db: Database;
beforeAll(async () => {
  db = await openDatabase({ dataDir: null, poolSize: 4 });
  await migrate(db.pool);
  stub = await startEmbeddingsStub((text) => {
    const v = new Array<number>(dims).fill(0);
    v[text.length % dims] = 1;
    return v;
  });
  ({ baseURL, requests } = stub);
});
afterAll(async () => {
  await stub.close();
  await db.close();
});

describe("embedding providers", () => {
  it("asks an OpenAI-compatible server for 384 dimensions and returns its vectors", async () => {
    const provider = createOpenAIEmbeddings({ baseURL, model: "text-embedding-3-small" });
    const [a, b] = await provider.embed(["mug", "ceramic"]);
    expect(a).toHaveLength(384);
    expect(a![3]).toBe(1);
    expect(b![7]).toBe(1);
    expect(requests.at(-1)).toMatchObject({ model: "text-embedding-3-small", dimensions: 384, input: ["mug", "ceramic"] });
    expect(provider.id).toBe("openai:text-embedding-3-small:384");
  });

  it("refuses vectors of the wrong size", async () => {
    dims = 1536;
    try {
      await expect(createOpenAIEmbeddings({ baseURL, model: "big" }).embed(["x"])).rejects.toThrow(/1536 dimensions; 384 are needed/);
    } finally {
      dims = 384;
    }
  });

  it("is the offline embedder by default", async () => {
    const [v] = await createOfflineEmbeddings().embed(["organic cotton tee"]);
    expect(v).toEqual(embedText("organic cotton tee"));
  });
});

describe("the embedding space of stored vectors", () => {
  beforeAll(async () => {
    await db.pool.query(
      `INSERT INTO suppliers (name, slug, country_code, region, employee_count, production_days_min, production_days_max, capabilities, description, embedding)
       VALUES ('Kiln Works', 'kiln-works', 'CN', 'AS', 40, 10, 20, '{ceramics}', 'Stoneware mugs', $1::vector)`,
      [`[${embedText("Kiln Works. ceramics. Stoneware mugs").join(",")}]`],
    );
  });

  it("keeps queries in the stored vectors' space until they are re-embedded, then switches", async () => {
    const configured = createOpenAIEmbeddings({ baseURL, model: "text-embedding-3-small" });
    expect(await getEmbeddingSpace(db.pool)).toBe(OFFLINE_EMBEDDINGS_ID);
    const following = followStoredSpace(db.pool, configured);
    const asked = requests.length;
    // Offline vectors stored: queries are embedded offline, the model is not asked.
    expect(await following.embed(["mug"])).toEqual([embedText("mug")]);
    expect(requests.length).toBe(asked);

    const progress: number[] = [];
    const counts = await reindexEmbeddings(db.pool, configured, () => {}, async (done, total) => void progress.push(Math.round((done / total) * 100)));
    expect(counts.suppliers).toBe(1);
    expect(progress.at(-1)).toBe(100);
    expect(await getEmbeddingSpace(db.pool)).toBe(configured.id);
    const { rows } = await db.pool.query("SELECT embedding::text AS e FROM suppliers WHERE slug = 'kiln-works'");
    const stored = JSON.parse(rows[0].e) as number[];
    expect(stored.indexOf(1)).toBe("Kiln Works. ceramics. Stoneware mugs".length % 384);

    await following.refresh();
    expect((await following.embed(["mug"]))[0]![3]).toBe(1);
    expect(following.id).toBe(configured.id);
    // Vectors of a model no longer configured: no query can be embedded in their space.
    await setEmbeddingSpace(db.pool, "openai:retired-model:384");
    await following.refresh();
    await expect(following.embed(["mug"])).rejects.toBeInstanceOf(EmbeddingsUnavailable);
    // As a fresh install's: the API below finds offline vectors and a model configured.
    await setEmbeddingSpace(db.pool, OFFLINE_EMBEDDINGS_ID);
  });
});

describe("an embedding model that stops answering", () => {
  it("fails within the deadline, then at once while cooling down, then tries the model again", async () => {
    let calls = 0;
    let clock = 0;
    const hanging = { id: "hanging", embed: () => (calls++, new Promise<number[][]>(() => {})) };
    const warnings: string[] = [];
    const guarded = guardEmbeddings(hanging, { timeoutMs: 50, coolDownMs: 1_000, now: () => clock, warn: (m) => warnings.push(m) });
    await expect(guarded.embed(["x"])).rejects.toBeInstanceOf(EmbeddingsUnavailable);
    await expect(guarded.embed(["x"])).rejects.toBeInstanceOf(EmbeddingsUnavailable);
    expect(calls).toBe(1);
    expect(warnings).toHaveLength(1);
    clock = 1_001;
    await expect(guarded.embed(["x"])).rejects.toBeInstanceOf(EmbeddingsUnavailable);
    expect(calls).toBe(2);
    expect(await embedQuery(guarded, "x")).toBeNull();
  });

  describe("through the API", () => {
    let api: Awaited<ReturnType<typeof startApi>> & { client: ReturnType<typeof createApiClient> };
    let owner: StoreSession;
    const model = "text-embedding-3-small";
    beforeAll(async () => {
      // The file's private database: the API re-embeds every stored vector with the stub model at start.
      const server = await startApi({ database: db, migrate: false, config: testConfig({ embeddings: { model, baseUrl: baseURL, apiKey: "test" } }) });
      api = { ...server, client: createApiClient({ baseUrl: server.url }) };
      await createSupplier(api, { name: "Kiln Works", capabilities: ["ceramics", "stoneware mugs"], description: "Hand-glazed ceramic mugs", embedding: "text", enabled: true });
      owner = await createStore(api);
    });
    afterAll(async () => {
      stub.setOutage(null);
      await api?.close();
    });

    it("re-embeds in the background when the configured model changed, with progress, then searches with it", async () => {
      const job = async () => (await db.pool.query<{ status: string; progress_percent: number; progress_message: string | null }>("SELECT status, progress_percent, progress_message FROM jobs WHERE type = $1", [REINDEX_JOB_TYPE])).rows;
      await expect.poll(job, { timeout: 20_000 }).toMatchObject([{ status: "completed", progress_percent: 100 }]);
      expect((await job())[0]!.progress_message).toMatch(/search vectors re-embedded with the new model/);
      expect(await getEmbeddingSpace(db.pool)).toBe(`openai:${model}:384`);
      const asked = requests.length;
      const found = await api.client.call(marketplace.searchSuppliers, { query: { keyword: "ceramic mugs" } }, { token: owner.token });
      expect(found.list.map((s) => s.name)).toContain("Kiln Works");
      expect(found.notice).toBeUndefined();
      expect(requests.length).toBeGreaterThan(asked);
      // The help centre is synced while the model answers.
      expect((await api.client.call(helpCenter.searchHelpCenter, { query: { q: "how do I get started" } })).notice).toBeUndefined();
    });

    it("answers supplier, help-centre and factory searches by words with a notice while the model is down", async () => {
      stub.setOutage(503);
      // (A search answered before the outage is still served whole from the search cache.)
      const suppliers = await api.client.call(marketplace.searchSuppliers, { query: { keyword: "stoneware mug" } }, { token: owner.token });
      expect(suppliers).toMatchObject({ notice: WORDS_ONLY_SEARCH_NOTICE });
      expect(suppliers.list.map((s) => s.name)).toContain("Kiln Works");
      const help = await api.client.call(helpCenter.searchHelpCenter, { query: { q: "how do I get started" } });
      expect(help.notice).toBe(WORDS_ONLY_SEARCH_NOTICE);
      expect(help.list.length).toBeGreaterThan(0);
      const matched = await api.client.call(sourcingAgent.matchFactories, { body: { query: "stoneware ceramic mugs with a logo" } }, { token: owner.token });
      expect(matched.notice).toBe(WORDS_ONLY_SEARCH_NOTICE);
      expect(matched.inNetwork.map((s) => s.name)).toContain("Kiln Works");
    });
  });
});
