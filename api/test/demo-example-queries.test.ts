import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth, marketplace, createApiClient } from "@atelier/contracts";
import { openDatabase, type Database } from "../src/db/pool";
import { migrate } from "../src/db/migrate";
import { startApi, type ApiServer } from "../src/server";
import { seedDemoDataIfEmpty } from "../src/demo/seed";
import { pictureKindOf } from "../src/images/picture-kinds";
import { testConfig } from "./harness";

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
  token = (await createApiClient({ baseUrl: api.url }).call(auth.register, { body: { email: `examples-${Date.now()}@example.com`, password: "correct-horse-battery", storeName: "Examples", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" } })).token;
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
