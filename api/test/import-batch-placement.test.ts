import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderRules, presales, receivings, salesChannels } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { shopifyOrdersCsv, stockSku, type ExportOrder } from "../../test/factories";

// An import places its orders a batch at a time, set-wise (place-imported-orders.ts,
// settleNewOrders). The same orders placed one by one (one file per order, so each batch holds one)
// must leave exactly what the batch leaves: two fresh stores set up alike, one importing order by
// order, the other the whole file, compared row by row (reservations, levels and movements, holds,
// ledger, rule applications, pre-orders and the pre-sale's count). Stock runs out mid-batch, and a
// pre-sale SKU passes its cap mid-batch.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function importFile(owner: TestUser, text: string): Promise<void> {
  const form = new FormData();
  form.append("file", new Blob([text]), "orders_export_1.csv");
  const res = await fetch(`${api.url}/rest/main/web/orders/import-files`, { method: "POST", body: form, headers: { authorization: `Bearer ${owner.token}` } });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await as(api, owner.token, salesChannels.startOrderImport, { body: { importId: id } }, crypto.randomUUID());
  await expect.poll(async () => (await as(api, owner.token, salesChannels.getOrderImport, { params: { id } })).status, { timeout: 20_000 }).toBe("COMPLETED");
}

/**
 * A store with 3 tees, 100 caps, no mugs but a pre-sale of 3 of them, and two rules (a tag and note
 * on big orders; a hold on big Canadian ones), and when `split`, a third that splits orders by stock.
 */
async function store(split = false): Promise<TestUser> {
  const owner = await registerUser(api);
  await stockSku(api, owner.token, "TEE", 3, { title: "Tee" });
  await stockSku(api, owner.token, "CAP", 100, { title: "Cap" });
  await stockSku(api, owner.token, "MUG", 0, { title: "Mug" });
  const rcv = await as(api, owner.token, receivings.createReceiving, { body: { supplierName: "Jingdezhen Ceramics", boxCount: 1, expectedArrival: "2031-01-15", lines: [{ sku: "MUG", expectedQuantity: 20 }] } });
  await as(api, owner.token, presales.startPresale, { body: { sku: "MUG", receivingSn: `RCV-${rcv.number}`, cap: 3 } });
  await as(api, owner.token, orderRules.createOrderRule, {
    body: { name: "Tag big orders", conditions: [{ field: "TOTAL", op: "GTE", cents: 10_000 }], actions: [{ type: "TAG", tag: "Big" }, { type: "ADD_INSERT", item: "a thank-you card" }], enabled: true },
  });
  await as(api, owner.token, orderRules.createOrderRule, {
    body: { name: "Hold big Canadian orders", conditions: [{ field: "TAG", op: "HAS", value: "big" }, { field: "COUNTRY", op: "IN", values: ["CA"] }], actions: [{ type: "HOLD", reason: "Check customs papers" }], enabled: true },
  });
  if (split) await as(api, owner.token, orderRules.createOrderRule, { body: { name: "Split by stock", conditions: [{ field: "TOTAL", op: "GTE", cents: 0 }], actions: [{ type: "SPLIT_BY_STOCK" }], enabled: true } });
  return owner;
}

const ORDERS: ExportOrder[] = [
  { id: "#1", email: "ada@example.com", lines: [{ sku: "TEE", quantity: 2, price: 25 }, { sku: "CAP", quantity: 1, price: 15 }] },
  // Stock runs out mid-batch: 1 tee left, this order wants 2 and waits; the next one takes the last.
  { id: "#2", lines: [{ sku: "TEE", quantity: 2, price: 25 }] },
  { id: "#3", email: "ADA@example.com", name: "Ada King", lines: [{ sku: "CAP", quantity: 2, price: 15 }, { sku: "TEE", quantity: 1, price: 25 }] },
  // The pre-sale (cap 3): 2 pre-ordered, then 2 more pass the cap (out of stock), then 1 fits.
  { id: "#4", lines: [{ sku: "MUG", quantity: 2, price: 24 }] },
  { id: "#5", country: "CA", province: "ON", lines: [{ sku: "MUG", quantity: 2, price: 60 }, { sku: "CAP", quantity: 1, price: 15 }] },
  { id: "#6", lines: [{ sku: "MUG", quantity: 1, price: 24 }, { sku: "CAP", quantity: 3, price: 15 }] },
  { id: "#7", country: "CA", province: "ON", lines: [{ sku: "CAP", quantity: 8, price: 15 }] },
  { id: "#8", lines: [{ sku: "TEE", quantity: 1, price: 25 }] },
];

/** Everything placing left in the store, by order number and SKU (ids differ between stores). */
async function placed(storeId: string) {
  const q = async (sql: string) => (await api.deps.pool.query(sql, [storeId])).rows;
  return {
    orders: await q(`SELECT order_number, processing_status, held_from_status, total_cents, shipping_method, c.email::text, c.name, c.country_code FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.store_id = $1 ORDER BY order_number`),
    lines: await q(`SELECT o.order_number, l.sku, l.quantity FROM order_line_items l JOIN orders o ON o.id = l.order_id WHERE l.store_id = $1 ORDER BY o.order_number, l.position`),
    reservations: await q(`SELECT o.order_number, li.sku, lv.bin, r.quantity, r.status FROM order_reservations r JOIN orders o ON o.id = r.order_id JOIN order_line_items li ON li.id = r.line_id JOIN inventory_levels lv ON lv.id = r.level_id WHERE r.store_id = $1 ORDER BY 1, 2, 3`),
    levels: await q(`SELECT i.sku, lv.bin, lv.on_hand, lv.reserved FROM inventory_levels lv JOIN inventory_items i ON i.id = lv.item_id WHERE lv.store_id = $1 ORDER BY 1, 2`),
    movements: await q(`SELECT i.sku, m.kind, m.reserved_change, m.on_hand_after, m.reserved_after, o.order_number, m.actor_rule FROM inventory_movements m JOIN inventory_items i ON i.id = m.item_id LEFT JOIN orders o ON o.id = m.order_id WHERE m.store_id = $1 AND m.kind = 'RESERVED' ORDER BY m.created_at, m.id`),
    holds: await q(`SELECT o.order_number, h.reason, h.set_by_rule, h.released_at IS NULL AS open FROM order_holds h JOIN orders o ON o.id = h.order_id WHERE h.store_id = $1 ORDER BY 1, 2`),
    events: await q(`SELECT o.order_number, e.kind, e.from_status, e.to_status, e.message, e.actor_rule, h.reason AS hold FROM order_events e JOIN orders o ON o.id = e.order_id LEFT JOIN order_holds h ON h.id = e.hold_id WHERE e.store_id = $1 ORDER BY o.order_number, e.created_at, e.id`),
    rules: await q(`SELECT o.order_number, a.rule_name, a.tags FROM order_rule_applications a JOIN orders o ON o.id = a.order_id WHERE a.store_id = $1 ORDER BY 1, 2`),
    parts: await q(`SELECT o.order_number, p.position, p.status, p.wait_reason, li.sku, pl.quantity FROM order_fulfilment_parts p JOIN orders o ON o.id = p.order_id JOIN order_fulfilment_part_lines pl ON pl.part_id = p.id JOIN order_line_items li ON li.id = pl.line_id WHERE p.store_id = $1 ORDER BY 1, 2, 5`),
    preorders: await q(`SELECT p.order_number, p.quantity, p.status, s.sold FROM presale_orders p JOIN presales s ON s.id = p.presale_id WHERE p.store_id = $1 ORDER BY 1`),
  };
}

describe("placing an import's batch set-wise", () => {
  it("leaves exactly what placing the same orders one by one leaves, with stock and a pre-sale's cap running out mid-batch", async () => {
    const [oneByOne, batch] = [await store(), await store()];
    for (const o of ORDERS) await importFile(oneByOne, shopifyOrdersCsv([o]));
    await importFile(batch, shopifyOrdersCsv(ORDERS));

    const [expected, actual] = [await placed(oneByOne.store.id), await placed(batch.store.id)];
    expect(actual).toEqual(expected);
    // The comparison is not empty: each case this test is about happened.
    expect(actual.orders).toHaveLength(8);
    expect(actual.holds.map((h) => [h.order_number, h.set_by_rule])).toEqual([
      [1002, "Out of stock"], [1004, "Pre-sale"], [1005, "Hold big Canadian orders"], [1005, "Out of stock"], [1006, "Pre-sale"], [1007, "Hold big Canadian orders"], [1008, "Out of stock"],
    ]);
    expect(actual.holds.find((h) => h.order_number === 1002)?.reason).toBe("Not enough stock: TEE (wanted 2, 1 available)");
    expect(actual.preorders).toEqual([{ order_number: 1004, quantity: 2, status: "WAITING", sold: 3 }, { order_number: 1006, quantity: 1, status: "WAITING", sold: 3 }]);
    expect(actual.levels.find((l) => l.sku === "TEE")).toMatchObject({ on_hand: 3, reserved: 3 });
    expect(actual.rules.map((r) => [r.order_number, r.rule_name])).toEqual([[1005, "Hold big Canadian orders"], [1005, "Tag big orders"], [1007, "Hold big Canadian orders"], [1007, "Tag big orders"]]);
    // One customer for Ada's two orders, named as in her last one.
    expect(actual.orders.filter((o) => o.email.toLowerCase() === "ada@example.com").map((o) => o.name)).toEqual(["Ada King", "Ada King"]);
  });

  it("does the same in a store whose rule splits orders by stock (its batch settles one order after the other)", async () => {
    const [oneByOne, batch] = [await store(true), await store(true)];
    for (const o of ORDERS) await importFile(oneByOne, shopifyOrdersCsv([o]));
    await importFile(batch, shopifyOrdersCsv(ORDERS));

    const [expected, actual] = [await placed(oneByOne.store.id), await placed(batch.store.id)];
    expect(actual).toEqual(expected);
    // #2 (2 tees, 1 left) splits: 1 ships now, 1 waits; so #3 finds no tee left and splits too.
    expect(actual.parts.filter((p) => p.order_number === 1002).map((p) => [p.position, p.status, p.sku, p.quantity])).toEqual([[1, "OPEN", "TEE", 1], [2, "WAITING", "TEE", 1]]);
  });
});
