// The orders search's trigram indexes keep a pending list of at most 64 kB (migration 0550, olite11;
// the kept texts' index of 0553 took the e-mail's and the shipped-to name's place): a bulk write adds
// its entries a batch at a time, and a search never reads more than 64 kB of unmerged entries, on the
// embedded database that never vacuums.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { orders } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi } from "./harness";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const SEARCH_INDEXES = ["order_search_texts_trgm_idx", "customers_name_trgm_idx"];
const PENDING_LIMIT_PAGES = 64 / 8;

it("keeps each search index's pending list on, limited to 64 kB", async () => {
  const { rows } = await api.deps.pool.query<{ relname: string; reloptions: string[] }>(
    "SELECT relname, reloptions FROM pg_class WHERE relname = ANY ($1) ORDER BY relname",
    [SEARCH_INDEXES],
  );
  expect(rows.map((r) => r.relname)).toEqual([...SEARCH_INDEXES].sort());
  for (const r of rows) expect(r.reloptions, r.relname).toEqual(expect.arrayContaining(["fastupdate=on", "gin_pending_list_limit=64"]));
});

it("merges the pending list as a bulk write goes, and the search finds every order written", async () => {
  const owner = await registerUser(api);
  const storeId = owner.store.id;
  // About 300 kB of trigram entries: a list left to the default 4 MB limit would keep them all pending.
  await api.deps.pool.query(
    `INSERT INTO orders (store_id, order_number, origin, email, shipping_name, subtotal_cents, total_cents, placed_at)
     SELECT $1, 5000 + g, 'MANUAL_RETAIL', 'pending.lists.' || md5(g::text) || '@example.com', 'Quillon Pendergast ' || md5(g::text), 1000, 1000, now() - g * interval '1 minute'
       FROM generate_series(1, 600) g`,
    [storeId],
  );
  for (const index of SEARCH_INDEXES) {
    const { rows } = await api.deps.pool.query<{ pages: number }>("SELECT gin_clean_pending_list($1::regclass) AS pages", [index]);
    expect(rows[0]!.pages, index).toBeLessThanOrEqual(PENDING_LIMIT_PAGES);
  }
  const byEmail = await as(api, owner.token, orders.listOrders, { query: { search: `pending.lists.${md5Of(17)}` } as never });
  expect(byEmail.list.map((o) => o.orderNumber)).toEqual([5017]);
  const byName = await as(api, owner.token, orders.listOrders, { query: { search: "pendergast" } as never });
  expect(byName.total).toBe(600);
});

function md5Of(n: number): string {
  return createHash("md5").update(String(n)).digest("hex");
}
