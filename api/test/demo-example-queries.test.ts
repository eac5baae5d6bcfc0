import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace, sourcingAgent, createApiClient } from "@atelier/contracts";
import { openDatabase, type Database } from "../src/db/pool";
import { migrate } from "../src/db/migrate";
import { startApi, type ApiServer } from "../src/server";
import { seedDemoDataIfEmpty } from "../src/demo/seed";
import { pictureKindOf } from "../src/images/picture-kinds";
import { testConfig } from "./harness";
import { signUp } from "../../test/factories";

// Every example a screen offers as a search must find what it promises on the demo marketplace:
// the search box's placeholder and the sourcing agents' example prompts (the chatbot's starter
// chips are help questions, not searches). The examples are read from the screens' sources, so
// changing one without checking it here fails this test.
const EXAMPLES = [
  { source: "web/src/features/marketplace/search-box.tsx", text: "e.g. organic cotton T-shirt", keyword: "organic cotton T-shirt", kind: "tshirt", vertical: "products" },
  { source: "web/src/features/agents/agent-pages.ts", text: "find suppliers for organic cotton tees under MOQ 500", keyword: "organic cotton tees", kind: "tshirt", vertical: "products" },
  { source: "web/src/features/agents/agent-pages.ts", text: "find packaging suppliers for mailer boxes, MOQ 1000", keyword: "mailer boxes", kind: "box", vertical: "ecommerce-packaging" },
] as const;

let db: Database;
let api: ApiServer;
let token: string;

beforeAll(async () => {
  // A private database: the demo marketplace is global rows other test files must not see.
  db = await openDatabase({ dataDir: null, poolSize: 3 });
  await migrate(db.pool);
  // 5% of the full marketplace (62 suppliers): small enough to seed in seconds, big enough that a
  // screen's example has several suppliers to find.
  await seedDemoDataIfEmpty(db.pool, { scale: 0.05, seed: 11 });
  api = await startApi({ config: testConfig(), database: db, migrate: false });
  token = (await signUp(createApiClient({ baseUrl: api.url }), db.pool, { email: `examples-${Date.now()}@example.com`, password: "correct-horse-battery", storeName: "Examples", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" })).token;
});
afterAll(async () => {
  await api?.close();
  await db?.close();
});

describe("the screens' example searches on the demo marketplace", () => {
  it("are still what the screens show", () => {
    for (const e of EXAMPLES) expect(readFileSync(new URL(`../../${e.source}`, import.meta.url), "utf8"), e.source).toContain(e.text);
  });

  it("rank items of the promised product first", async () => {
    const client = createApiClient({ baseUrl: api.url });
    for (const e of EXAMPLES) {
      const { list } = await client.call(marketplace.searchCatalogItems, { query: { keyword: e.keyword, size: 10 } as never }, { token });
      expect(list.length, e.keyword).toBeGreaterThanOrEqual(5);
      expect(list.slice(0, 5).map((i) => `${pictureKindOf(i.title)}: ${i.title}`), e.keyword).toEqual(list.slice(0, 5).map((i) => `${e.kind}: ${i.title}`));
    }
  });

  it("rank suppliers of the promised goods first, never a service provider for a product", async () => {
    const client = createApiClient({ baseUrl: api.url });
    for (const e of EXAMPLES) {
      const { list } = await client.call(marketplace.searchSuppliers, { query: { keyword: e.keyword, size: 5 } as never }, { token });
      expect(list.length, e.keyword).toBeGreaterThanOrEqual(3);
      expect(list.slice(0, 3).map((s) => `${s.primaryVertical}: ${s.name}`), e.keyword).toEqual(list.slice(0, 3).map((s) => `${e.vertical}: ${s.name}`));
    }
  });
});

// Service providers (studios, agencies, web developers) sell work to a brief, never goods: a search
// for a physical product must not list them anywhere, however close their words or meaning.
const PRODUCT_SEARCHES = ["organic cotton tote", "mailer boxes", "organic cotton T-shirt", "ceramic mug"];
const SERVICE_VERTICALS = ["business-creative-services", "website-development"];

async function verticalsOf(ids: string[]): Promise<string[]> {
  const { rows } = await db.pool.query<{ primary_vertical: string }>("SELECT primary_vertical FROM suppliers WHERE id = ANY($1::uuid[])", [ids]);
  return rows.map((r) => r.primary_vertical);
}

describe("product searches never list service providers", () => {
  it("in the supplier search, the item search and the design match", async () => {
    const client = createApiClient({ baseUrl: api.url });
    for (const keyword of PRODUCT_SEARCHES) {
      const suppliers = await client.call(marketplace.searchSuppliers, { query: { keyword, size: 100 } as never }, { token });
      expect(suppliers.list.length, keyword).toBeGreaterThan(0);
      expect(suppliers.list.filter((s) => SERVICE_VERTICALS.includes(s.primaryVertical)).map((s) => s.name), keyword).toEqual([]);
      const items = await client.call(marketplace.searchCatalogItems, { query: { keyword, size: 100 } as never }, { token });
      expect(items.list.filter((i) => i.type === "SERVICES").map((i) => i.title), keyword).toEqual([]);
      const matched = await client.call(marketplace.matchDesignProducts, { body: { text: keyword, size: 100 } }, { token });
      expect(matched.list.filter((i) => i.type === "SERVICES").map((i) => i.title), keyword).toEqual([]);
    }
  });

  it("in the sourcing agent's factory match, in and outside the network", async () => {
    const client = createApiClient({ baseUrl: api.url });
    for (const query of PRODUCT_SEARCHES) {
      const { inNetworkIds, expandedIds } = await client.call(sourcingAgent.matchFactories, { body: { query, limit: 50 } }, { token });
      expect(inNetworkIds.length, query).toBeGreaterThan(0);
      expect((await verticalsOf([...inNetworkIds, ...expandedIds])).filter((v) => SERVICE_VERTICALS.includes(v)), query).toEqual([]);
    }
  });

  it("while a search for a service still finds service providers", async () => {
    const client = createApiClient({ baseUrl: api.url });
    for (const keyword of ["packaging design", "product photography", "website development"]) {
      const suppliers = await client.call(marketplace.searchSuppliers, { query: { keyword, size: 10 } as never }, { token });
      expect(suppliers.list.some((s) => SERVICE_VERTICALS.includes(s.primaryVertical)), keyword).toBe(true);
      const { inNetworkIds } = await client.call(sourcingAgent.matchFactories, { body: { query: keyword, limit: 10 } }, { token });
      expect((await verticalsOf(inNetworkIds)).some((v) => SERVICE_VERTICALS.includes(v)), keyword).toBe(true);
    }
  });
});
