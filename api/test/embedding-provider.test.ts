import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/db/pool";
import { migrate } from "../src/db/migrate";
import { createOfflineEmbeddings, createOpenAIEmbeddings, embedText, getEmbeddingSpace, reindexEmbeddings, resolveQueryEmbeddings, OFFLINE_EMBEDDINGS_ID } from "../src/embeddings";
import { startEmbeddingsStub, type EmbeddingsRequest, type EmbeddingsStub } from "./openai-embeddings-stub";

// The model's stand-in: each text becomes a unit vector pointing at one of 384 axes chosen from its length.
let stub: EmbeddingsStub;
let baseURL: string;
let requests: EmbeddingsRequest[];
let dims = 384;

beforeAll(async () => {
  stub = await startEmbeddingsStub((text) => {
    const v = new Array<number>(dims).fill(0);
    v[text.length % dims] = 1;
    return v;
  });
  ({ baseURL, requests } = stub);
});
afterAll(() => stub.close());

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
  let db: Database;
  beforeAll(async () => {
    // A private database: re-embedding rewrites every supplier's vector.
    db = await openDatabase({ dataDir: null, poolSize: 2 });
    await migrate(db.pool);
    await db.pool.query(
      `INSERT INTO suppliers (name, slug, country_code, region, employee_count, production_days_min, production_days_max, capabilities, description, embedding)
       VALUES ('Kiln Works', 'kiln-works', 'CN', 'AS', 40, 10, 20, '{ceramics}', 'Stoneware mugs', $1::vector)`,
      [`[${embedText("Kiln Works. ceramics. Stoneware mugs").join(",")}]`],
    );
  });
  afterAll(() => db.close());

  it("keeps queries in the stored vectors' space until they are re-embedded, then switches", async () => {
    const configured = createOpenAIEmbeddings({ baseURL, model: "text-embedding-3-small" });
    const warnings: string[] = [];
    expect(await getEmbeddingSpace(db.pool)).toBe(OFFLINE_EMBEDDINGS_ID);
    const before = await resolveQueryEmbeddings(db.pool, configured, (m) => warnings.push(m));
    expect(before.id).toBe(OFFLINE_EMBEDDINGS_ID);
    expect(warnings[0]).toMatch(/npm run reindex-embeddings/);

    const counts = await reindexEmbeddings(db.pool, configured);
    expect(counts.suppliers).toBe(1);
    expect(await getEmbeddingSpace(db.pool)).toBe(configured.id);
    const { rows } = await db.pool.query("SELECT embedding::text AS e FROM suppliers WHERE slug = 'kiln-works'");
    const stored = JSON.parse(rows[0].e) as number[];
    expect(stored.indexOf(1)).toBe("Kiln Works. ceramics. Stoneware mugs".length % 384);

    const after = await resolveQueryEmbeddings(db.pool, configured, (m) => warnings.push(m));
    expect(after.id).toBe(configured.id);
    expect(warnings).toHaveLength(1);
  });
});
