// The orders search reads one kept text per order (migration 0553) and its words (0554), osearch14:
// the texts and words must follow every change of what they are made of, and a search must match
// exactly what ILIKE on each field matched (the customer's name, the e-mail, the name shipped to, the
// number), with the same page in every sort and the same capped count, whichever way it is answered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderSort } from "@atelier/contracts/orders";
import { registerUser, startTestApi, type TestApi } from "./harness";
import { listOrdersAnswer, listOrdersPage } from "../src/queries/orders/orders";
import { containsPattern } from "../src/queries/like-pattern";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const query = async <R extends Record<string, unknown>>(text: string, params: unknown[] = []) => (await api.deps.pool.query<R>(text, params)).rows;

/**
 * A store whose orders' names and e-mails share words and fragments: "Scarlett" in many customers'
 * names, in e-mails and names shipped to of orders without a customer, mixed case, a customer with no
 * name, an order with no e-mail.
 */
async function storeOfNames(): Promise<string> {
  const storeId = (await registerUser(api)).store.id;
  await query(
    `INSERT INTO customers (store_id, email, name)
     SELECT $1, 'customer' || g || '@example.com', CASE g % 4 WHEN 0 THEN 'Scarlett Taylor' WHEN 1 THEN 'SCARLETTE Ng' WHEN 2 THEN 'Ada Lovelace' ELSE '' END
       FROM generate_series(1, 8) g`,
    [storeId],
  );
  await query(
    `INSERT INTO orders (store_id, customer_id, order_number, origin, email, shipping_name, subtotal_cents, total_cents, placed_at)
     SELECT $1, CASE WHEN g % 3 = 0 THEN NULL ELSE (SELECT c.id FROM customers c WHERE c.store_id = $1 ORDER BY c.email OFFSET g % 8 LIMIT 1) END,
            1000 + g, 'MANUAL_RETAIL', CASE WHEN g % 7 = 0 THEN NULL ELSE 'buyer' || g || CASE WHEN g % 5 = 0 THEN '.scarlett' ELSE '' END || '@Mail.example' END,
            CASE g % 4 WHEN 0 THEN 'Scarlett O''Hara' WHEN 1 THEN 'Grace Hopper' ELSE NULL END, 100 * g, 100 * g,
            timestamptz '2026-11-01' - (g % 11) * interval '1 hour'
       FROM generate_series(1, 40) g`,
    [storeId],
  );
  return storeId;
}

/** The text of each order of the store, made here from its fields, and its words. */
async function expectedTexts(storeId: string) {
  const rows = await query<{ id: string; store_id: string; placed_at: Date; name: string | null; email: string | null; shipping_name: string | null }>(
    `SELECT o.id, o.store_id, o.placed_at, c.name, o.email::text AS email, o.shipping_name
       FROM orders o LEFT JOIN customers c ON c.id = o.customer_id WHERE o.store_id = $1 ORDER BY o.id`,
    [storeId],
  );
  return rows.map((r) => {
    const text = [r.name, r.email, r.shipping_name].filter((v) => v !== null).join("\n").toLowerCase();
    return { id: r.id, placedAt: r.placed_at.toISOString(), text, words: [...new Set(text.split(/[^a-z0-9]+/).filter(Boolean))].sort() };
  });
}

async function keptTexts(storeId: string) {
  const rows = await query<{ id: string; placed_at: Date; text: string; words: string[] }>(
    `SELECT t.order_id AS id, t.placed_at, t.search_text AS text,
            ARRAY(SELECT w.word FROM order_search_words w WHERE w.store_id = t.store_id AND w.order_id = t.order_id ORDER BY w.word COLLATE "C") AS words
       FROM order_search_texts t WHERE t.store_id = $1 ORDER BY t.order_id`,
    [storeId],
  );
  return rows.map((r) => ({ id: r.id, placedAt: r.placed_at.toISOString(), text: r.text, words: r.words }));
}

/** The matches as the list's search read them before 0553: ILIKE on each field, or the number. */
async function referenceIds(storeId: string, search: string, order: string): Promise<string[]> {
  const number = /^#?\d{1,9}$/.test(search) ? Number(search.replace(/^#/, "")) : null;
  const rows = await query<{ id: string }>(
    `SELECT o.id FROM orders o LEFT JOIN customers c ON c.id = o.customer_id
      WHERE o.store_id = $1 AND (c.name ILIKE $2 OR o.email::text ILIKE $2 OR o.shipping_name ILIKE $2 OR o.order_number = $3)
      ORDER BY ${order}`,
    [storeId, containsPattern(search), number],
  );
  return rows.map((r) => r.id);
}

describe("the kept search texts and words", () => {
  it("follow every change of an order's customer, e-mail, name shipped to and placing time, a customer renamed or deleted, an order deleted", async () => {
    const storeId = await storeOfNames();
    expect(await keptTexts(storeId)).toEqual(await expectedTexts(storeId));
    const [first, second] = await query<{ id: string; customer_id: string | null }>("SELECT id, customer_id FROM orders WHERE store_id = $1 AND customer_id IS NOT NULL ORDER BY order_number LIMIT 2", [storeId]);
    const changes = [
      ["UPDATE orders SET email = 'New.Address@Example.com' WHERE id = $1", [first!.id]],
      ["UPDATE orders SET shipping_name = 'Ship To Someone' WHERE id = $1", [first!.id]],
      ["UPDATE orders SET shipping_name = NULL, email = NULL WHERE id = $1", [second!.id]],
      ["UPDATE orders SET placed_at = placed_at - interval '1 day' WHERE id = $1", [first!.id]],
      ["UPDATE orders SET customer_id = $2 WHERE id = $1", [first!.id, second!.customer_id]],
      ["UPDATE orders SET processing_status = 'PROCESSING' WHERE store_id = $1", [storeId]],
      ["UPDATE customers SET name = 'Renamed Person' WHERE id = $1", [second!.customer_id]],
      ["DELETE FROM customers WHERE id = $1", [second!.customer_id]],
      ["DELETE FROM orders WHERE id = $1", [first!.id]],
    ] as const;
    for (const [text, params] of changes) {
      await query(text, [...params]);
      expect(await keptTexts(storeId), text).toEqual(await expectedTexts(storeId));
    }
  });
});

describe("a search on the kept texts", () => {
  const searches = ["1", "#1", "scarlett", "Scarlett", "SCARLETT", "scarlette", "scarlett t", "taylor\nbuyer", "t\nb", "@mail.example", "buyer1", "mail.EXAMPLE", "1012", "#1012", "o'hara", "%", "_", "nobody"];
  const sorts: [OrderSort, string][] = [["-placedAt", "o.placed_at DESC, o.id DESC"], ["placedAt", "o.placed_at ASC, o.id ASC"], ["-orderNumber", "o.order_number DESC"]];

  // "1" is a number whose ids are cut at a cap of 2 (it is in every e-mail and number): its text for the ids is followed by the text with both ways.
  it("matches what ILIKE on each field matched, with the same page in every sort and the same capped count, whether the ids or the walk answer", async () => {
    const storeId = await storeOfNames();
    // A cap of 2 sends every search with more than 2 matches to the walk (common by its words or its gathered ids); 1,000 to the gathered ids.
    for (const cap of [2, 1000]) {
      for (const search of searches) {
        for (const [sort, order] of sorts) {
          const expected = await referenceIds(storeId, search, order);
          for (const [offset, limit] of [[0, 25], [2, 2]] as const) {
            const what = `${JSON.stringify(search)} ${sort} cap ${cap} page ${offset}+${limit}`;
            const page = await listOrdersPage(api.deps.pool, storeId, { filter: "ALL", search, sort, limit, offset }, cap);
            expect(page.list.map((o) => o.id), what).toEqual(expected.slice(offset, offset + limit));
            expect(page.matches, what).toBe(Math.min(expected.length, cap + 1));
            const answer = JSON.parse(await listOrdersAnswer(api.deps.pool, storeId, { filter: "ALL", search, sort, limit, offset, page: offset / limit }, cap));
            expect(answer.list.map((o: { id: string }) => o.id), what).toEqual(expected.slice(offset, offset + limit));
            expect([answer.total, answer.totalCapped], what).toEqual([Math.min(expected.length, cap), expected.length > cap]);
          }
        }
      }
    }
  });

  it("never matches across the text's fields: a newline in the search is matched field by field", async () => {
    const storeId = await storeOfNames();
    // "taylor" ends a customer's name and "buyer" starts the e-mail after it in the kept text.
    expect(await referenceIds(storeId, "taylor\nbuyer", "o.id")).toEqual([]);
    const page = await listOrdersPage(api.deps.pool, storeId, { filter: "ALL", search: "taylor\nbuyer", sort: "-placedAt", limit: 25, offset: 0 }, 1000);
    expect(page.list).toEqual([]);
    expect(page.matches).toBe(0);
  });
});
