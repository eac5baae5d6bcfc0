import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inventory, orders } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, expectError } from "./harness";
import { createOrder, manualOrderBody, previewStore, stockSku, teamMember } from "../../test/factories";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());


describe("inventory per SKU and bin", () => {
  it("adds SKUs, adjusts them with reasons in an append-only ledger, and lists tabs with low stock and out of stock", async () => {
    const owner = await registerUser(api);
    const call = <C extends Parameters<typeof as>[2]>(c: C, input: Parameters<typeof as<C>>[3]) => as(api, owner.token, c, input);
    await stockSku(api, owner.token, "TEE-BLK-M", 20, { title: "Heavyweight tee, black, M" });
    await stockSku(api, owner.token, "CAP-RED", 3, { title: "Red cap", lowStockThreshold: 5 });
    await stockSku(api, owner.token, "MUG-01", 0, { title: "Mug" });

    const moved = await call(inventory.adjustInventory, { params: { sku: "tee-blk-m" }, body: { bin: "b-02", change: 5, reason: "FOUND", note: "Behind the shelf" } });
    expect(moved.bins.map((b) => [b.bin, b.onHand])).toEqual([["A-01", 20], ["B-02", 5]]);
    expect(moved).toMatchObject({ onHand: 25, reserved: 0, available: 25, stock: "IN_STOCK", lowStock: false });
    const damaged = await call(inventory.adjustInventory, { params: { sku: "TEE-BLK-M" }, body: { change: -2, reason: "DAMAGED" } });
    expect(damaged.onHand).toBe(23);
    expect(damaged.movements.map((m) => [m.kind, m.reason, m.onHandChange, m.onHandAfter, m.note])).toEqual([
      ["ADJUSTED", "DAMAGED", -2, 18, "Damaged"],
      ["ADJUSTED", "FOUND", 5, 5, "Behind the shelf"],
      ["ADJUSTED", "RECEIVED", 20, 20, "Counted when the SKU was added"],
    ]);
    expect(damaged.movements[0]!.actor).toEqual({ userName: owner.user.username, rule: null });

    const list = await call(inventory.listInventory, {});
    expect(list.list.map((i) => i.sku)).toEqual(["CAP-RED", "MUG-01", "TEE-BLK-M"]);
    expect(list.counts).toEqual({ ALL: 3, LOW_STOCK: 1, OUT_OF_STOCK: 1 });
    expect((await call(inventory.listInventory, { query: { filter: "LOW_STOCK" } })).list.map((i) => i.sku)).toEqual(["CAP-RED"]);
    expect((await call(inventory.listInventory, { query: { filter: "OUT_OF_STOCK" } })).list.map((i) => [i.sku, i.stock])).toEqual([["MUG-01", "OUT_OF_STOCK"]]);
    expect((await call(inventory.listInventory, { query: { search: "cap" } })).list.map((i) => i.sku)).toEqual(["CAP-RED"]);
    expect((await call(inventory.listInventory, { query: { sort: "-available", size: 1, page: 0 } })).list[0]!.sku).toBe("TEE-BLK-M");

    const renamed = await call(inventory.updateInventoryItem, { params: { sku: "MUG-01" }, body: { lowStockThreshold: 0, title: "Enamel mug" } });
    expect(renamed).toMatchObject({ title: "Enamel mug", lowStockThreshold: 0 });

    // The ledger can't be rewritten, even by the database's own users.
    const rewrite = await api.deps.pool.query(`UPDATE inventory_movements SET on_hand_change = 99 WHERE store_id = $1`, [owner.store.id]).then(() => null, (e: Error) => e);
    expect(rewrite?.message).toMatch(/append-only/);
  });

  it("keeps the tabs' counts (0555) and each SKU's answer (0563) equal to a full recount as stock moves across them", async () => {
    const owner = await registerUser(api);
    const call = <C extends Parameters<typeof as>[2]>(c: C, input: Parameters<typeof as<C>>[3]) => as(api, owner.token, c, input);
    const recount = async () =>
      (await api.deps.pool.query(
        `SELECT count(*)::int AS "ALL", count(*) FILTER (WHERE on_hand - reserved <= low_stock_threshold AND on_hand - reserved > 0)::int AS "LOW_STOCK",
                count(*) FILTER (WHERE on_hand - reserved <= 0)::int AS "OUT_OF_STOCK" FROM inventory_items WHERE store_id = $1`,
        [owner.store.id],
      )).rows[0];
    // Each SKU's totals and bins summed from its levels, as the list answered before 0563 kept them.
    const levels = async () =>
      (await api.deps.pool.query(
        `SELECT i.sku, coalesce(sum(l.on_hand), 0)::int AS "onHand", coalesce(sum(l.reserved), 0)::int AS reserved, coalesce(sum(l.incoming), 0)::int AS incoming,
                coalesce(json_agg(json_build_object('bin', l.bin, 'onHand', l.on_hand, 'reserved', l.reserved, 'incoming', l.incoming, 'available', l.on_hand - l.reserved)
                         ORDER BY l.bin) FILTER (WHERE l.id IS NOT NULL), '[]') AS bins
           FROM inventory_items i LEFT JOIN inventory_levels l ON l.item_id = i.id WHERE i.store_id = $1 GROUP BY i.sku ORDER BY i.sku`,
        [owner.store.id],
      )).rows;
    const expectCounts = async (expected: Record<string, number>) => {
      const list = await call(inventory.listInventory, {});
      expect(list.counts).toEqual(expected);
      expect(list.counts).toEqual(await recount());
      expect(list.total).toBe(expected.ALL);
      expect(list.list.map(({ sku, onHand, reserved, incoming, bins }) => ({ sku, onHand, reserved, incoming, bins }))).toEqual(await levels());
      // The whole item as the SKU's own page builds it from its rows.
      for (const item of list.list) {
        const { movements: _, ...detail } = await call(inventory.getInventoryItem, { params: { sku: item.sku } });
        expect(item).toEqual(detail);
      }
    };
    await expectCounts({ ALL: 0, LOW_STOCK: 0, OUT_OF_STOCK: 0 });
    await stockSku(api, owner.token, "TEE-BLK-M", 6, { lowStockThreshold: 5 });
    await stockSku(api, owner.token, "MUG-01", 0);
    await expectCounts({ ALL: 2, LOW_STOCK: 0, OUT_OF_STOCK: 1 });
    // An order reserves two: 4 left, low stock; another bin's units lift it out again.
    await call(orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 2 }]) });
    await expectCounts({ ALL: 2, LOW_STOCK: 1, OUT_OF_STOCK: 1 });
    await call(inventory.adjustInventory, { params: { sku: "TEE-BLK-M" }, body: { bin: "B-02", change: 3, reason: "FOUND" } });
    await expectCounts({ ALL: 2, LOW_STOCK: 0, OUT_OF_STOCK: 1 });
    await call(inventory.updateInventoryItem, { params: { sku: "TEE-BLK-M" }, body: { lowStockThreshold: 10 } });
    await expectCounts({ ALL: 2, LOW_STOCK: 1, OUT_OF_STOCK: 1 });
    await call(inventory.updateInventoryItem, { params: { sku: "MUG-01" }, body: { title: "Enamel mug" } });
    await call(inventory.adjustInventory, { params: { sku: "MUG-01" }, body: { change: 1, reason: "FOUND" } });
    await expectCounts({ ALL: 2, LOW_STOCK: 2, OUT_OF_STOCK: 0 });
    await call(inventory.adjustInventory, { params: { sku: "TEE-BLK-M" }, body: { bin: "B-02", change: -3, reason: "LOST" } });
    await call(inventory.adjustInventory, { params: { sku: "TEE-BLK-M" }, body: { change: -4, reason: "DAMAGED" } });
    await expectCounts({ ALL: 2, LOW_STOCK: 1, OUT_OF_STOCK: 1 });
    // What no endpoint changes alone: a bin's incoming units, a bin emptied and removed, a SKU with no bin left.
    await api.deps.pool.query(`UPDATE inventory_levels SET incoming = 7 WHERE store_id = $1 AND bin = 'B-02'`, [owner.store.id]);
    await expectCounts({ ALL: 2, LOW_STOCK: 1, OUT_OF_STOCK: 1 });
    await api.deps.pool.query(`DELETE FROM inventory_levels l USING inventory_items i WHERE i.id = l.item_id AND i.store_id = $1 AND (l.bin = 'B-02' OR i.sku = 'MUG-01')`, [owner.store.id]);
    await expectCounts({ ALL: 2, LOW_STOCK: 0, OUT_OF_STOCK: 2 });
  });

  it("refuses bad input with the field and the reason, and impossible changes with a sentence (409)", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 4);
    await expectError(as(api, owner.token, inventory.createInventoryItem, { body: { sku: "bad sku!", title: "x" } }), 400, "body.sku", /letters, digits/);
    await expectError(as(api, owner.token, inventory.createInventoryItem, { body: { sku: "OK-1", title: "" } }), 400, "body.title", /must not be empty/);
    await expectError(as(api, owner.token, inventory.createInventoryItem, { body: { sku: "OK-1", title: "x", onHand: -1 } }), 400, "body.onHand", /0 or more/);
    await expectError(as(api, owner.token, inventory.adjustInventory, { params: { sku: "TEE-BLK-M" }, body: { change: 0, reason: "LOST" } }), 400, "body.change", /must not be 0/);
    await expectError(as(api, owner.token, inventory.adjustInventory, { params: { sku: "TEE-BLK-M" }, body: { change: 1.5, reason: "LOST" } }), 400, "body.change", /whole number/);
    await expectError(as(api, owner.token, inventory.adjustInventory, { params: { sku: "TEE-BLK-M" }, body: { change: -1, reason: "STOLEN" as never } }), 400, "body.reason");
    await expectError(as(api, owner.token, inventory.adjustInventory, { params: { sku: "TEE-BLK-M" }, body: { change: -1, reason: "LOST", bin: "a 1" } }), 400, "body.bin");
    await expectError(as(api, owner.token, inventory.updateInventoryItem, { params: { sku: "TEE-BLK-M" }, body: {} }), 400, "body.title", /title or the low-stock threshold/);
    await expectError(as(api, owner.token, inventory.listInventory, { query: { filter: "LOW" as never } }), 400, "query.filter");

    const tooMany = await expectError(as(api, owner.token, inventory.adjustInventory, { params: { sku: "TEE-BLK-M" }, body: { change: -5, reason: "LOST" } }), 409);
    expect(tooMany.message).toBe("Bin A-01 holds 4 units of TEE-BLK-M, so 5 units can't be removed.");
    await expectError(as(api, owner.token, inventory.adjustInventory, { params: { sku: "TEE-BLK-M" }, body: { change: -1, reason: "LOST", bin: "Z-9" } }), 409);
    await expectError(as(api, owner.token, inventory.createInventoryItem, { body: { sku: "tee-blk-m", title: "Again" } }), 409);
    await expectError(as(api, owner.token, inventory.getInventoryItem, { params: { sku: "NOPE" } }), 404);
  });

  it("keeps stores apart: another store's SKU is 404 and never listed or reserved", async () => {
    const owner = await registerUser(api);
    const other = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 4);
    await expectError(as(api, other.token, inventory.getInventoryItem, { params: { sku: "TEE-BLK-M" } }), 404);
    await expectError(as(api, other.token, inventory.adjustInventory, { params: { sku: "TEE-BLK-M" }, body: { change: -1, reason: "LOST" } }), 404);
    await expectError(as(api, other.token, inventory.updateInventoryItem, { params: { sku: "TEE-BLK-M" }, body: { title: "Mine" } }), 404);
    expect((await as(api, other.token, inventory.listInventory, {})).total).toBe(0);
    await expectError(as(api, other.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 1 }]) }), 400, "body.lines.0.sku", /not a SKU of your inventory/);
    // The other store may stock the same SKU on its own.
    await stockSku(api, other.token, "TEE-BLK-M", 1);
    expect((await as(api, owner.token, inventory.getInventoryItem, { params: { sku: "TEE-BLK-M" } })).onHand).toBe(4);
  });

  it("is for the store's team; preview accounts read but don't change stock", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 4);
    const cx = await teamMember(api, owner, "CX");
    expect((await as(api, cx.token, inventory.adjustInventory, { params: { sku: "TEE-BLK-M" }, body: { change: 1, reason: "FOUND" } })).onHand).toBe(5);
    const preview = await previewStore(api);
    expect((await as(api, preview.token, inventory.listInventory, {})).total).toBe(0);
    await expectError(as(api, preview.token, inventory.createInventoryItem, { body: { sku: "X-1", title: "x" } }), 403);
  });
});

describe("orders reserve stock", () => {
  it("reserves on placement, keeps the reservation through a hold, and releases it on cancel", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 3, { bin: "A-01" });
    await as(api, owner.token, inventory.adjustInventory, { params: { sku: "TEE-BLK-M" }, body: { bin: "B-01", change: 5, reason: "RECEIVED" } });
    const placed = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "tee-blk-m", quantity: 6, unitPriceCents: 2000 }]) });
    expect(placed).toMatchObject({ orderNumber: 1001, origin: "MANUAL_RETAIL", processingStatus: "OUTSTANDING", subtotalCents: 12000, totalCents: 12000 });
    expect(placed.lines[0]).toMatchObject({ sku: "TEE-BLK-M", quantity: 6, title: "Product TEE-BLK-M" });
    let item = await as(api, owner.token, inventory.getInventoryItem, { params: { sku: "TEE-BLK-M" } });
    // The fuller bin gives first: 5 from B-01, then 1 from A-01.
    expect(item.bins.map((b) => [b.bin, b.reserved, b.available])).toEqual([["A-01", 1, 2], ["B-01", 5, 0]]);
    expect(item).toMatchObject({ onHand: 8, reserved: 6, available: 2, lowStock: true });
    expect(item.movements.filter((m) => m.kind === "RESERVED").map((m) => m.orderNumber)).toEqual([1001, 1001]);

    await as(api, owner.token, orders.holdOrder, { params: { id: "1001" }, body: { reason: "Check the address" } });
    expect((await as(api, owner.token, inventory.getInventoryItem, { params: { sku: "TEE-BLK-M" } })).reserved).toBe(6);
    const removing = await expectError(as(api, owner.token, inventory.adjustInventory, { params: { sku: "TEE-BLK-M" }, body: { bin: "B-01", change: -1, reason: "LOST" } }), 409);
    expect(removing.message).toMatch(/Open orders reserved 5 units/);

    await as(api, owner.token, orders.cancelOrder, { params: { id: "1001" }, body: { reason: "Customer changed their mind" } });
    item = await as(api, owner.token, inventory.getInventoryItem, { params: { sku: "TEE-BLK-M" } });
    expect(item).toMatchObject({ onHand: 8, reserved: 0, available: 8 });
    expect(item.movements.slice(0, 2).map((m) => [m.kind, m.bin, m.reservedChange, m.note])).toEqual([["RELEASED", "B-01", -5, "Order canceled"], ["RELEASED", "A-01", -1, "Order canceled"]]);
  });

  it("puts a short order on an 'Out of stock' hold that releases only once the units are there, by itself when they arrive", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "CAP-RED", 1);
    const short = await as(api, owner.token, orders.createManualWholesaleOrder, { body: manualOrderBody([{ sku: "CAP-RED", quantity: 3 }]) });
    expect(short).toMatchObject({ origin: "MANUAL_WHOLESALE", processingStatus: "ON_HOLD" });
    expect(short.holds[0]).toMatchObject({ reason: "Not enough stock: CAP-RED (wanted 3, 1 available)", setBy: { rule: "Out of stock", userId: null } });
    expect((await as(api, owner.token, inventory.getInventoryItem, { params: { sku: "CAP-RED" } })).reserved).toBe(0);

    const early = await expectError(as(api, owner.token, orders.releaseOrderHold, { params: { id: String(short.orderNumber), holdId: short.holds[0]!.id }, body: {} }), 409);
    expect(early.message).toBe(`Order #${short.orderNumber} can't leave its hold yet: not enough stock for CAP-RED (wanted 3, 1 available).`);
    expect((await as(api, owner.token, orders.getOrder, { params: { id: short.id } })).holds[0]!.releasedAt).toBeNull();

    // The units added are the "stock arrived" step: the hold goes by itself, naming who added them.
    await as(api, owner.token, inventory.adjustInventory, { params: { sku: "CAP-RED" }, body: { change: 2, reason: "RECEIVED" } });
    const released = await as(api, owner.token, orders.getOrder, { params: { id: short.id } });
    expect(released.processingStatus).toBe("OUTSTANDING");
    expect(released.holds[0]).toMatchObject({ releaseNote: `Stock adjusted by ${owner.user.username}` });
    expect((await as(api, owner.token, inventory.getInventoryItem, { params: { sku: "CAP-RED" } })).reserved).toBe(3);
  });

  it("never oversells: 100 concurrent orders for 10 units reserve exactly 10, the rest wait on holds", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "DROP-1", 10);
    const placed = await Promise.all(Array.from({ length: 100 }, () => as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "DROP-1", quantity: 1 }]) })));
    expect(placed.filter((o) => o.processingStatus === "OUTSTANDING")).toHaveLength(10);
    expect(placed.filter((o) => o.processingStatus === "ON_HOLD")).toHaveLength(90);
    expect(new Set(placed.map((o) => o.orderNumber)).size).toBe(100);
    expect(await as(api, owner.token, inventory.getInventoryItem, { params: { sku: "DROP-1" } })).toMatchObject({ onHand: 10, reserved: 10, available: 0, stock: "OUT_OF_STOCK" });
  });

  it("checks a manual order's fields with their reasons", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 3);
    const body = manualOrderBody([{ sku: "TEE-BLK-M", quantity: 1 }]);
    const post = (b: unknown) => as(api, owner.token, orders.createManualRetailOrder, { body: b as never });
    await expectError(post({ ...body, lines: [] }), 400, "body.lines", /at least one line/);
    await expectError(post({ ...body, lines: [{ sku: "TEE-BLK-M", quantity: 0, unitPriceCents: 100 }] }), 400, "body.lines.0.quantity", /at least 1/);
    await expectError(post({ ...body, customer: { name: "Ada", email: "not-an-email" } }), 400, "body.customer.email", /e-mail/);
    await expectError(post({ ...body, shippingAddress: { ...body.shippingAddress, countryCode: "USA" } }), 400, "body.shippingAddress.countryCode", /two-letter/);
    await expectError(post({ ...body, lines: [...body.lines, { sku: "NOPE", quantity: 1, unitPriceCents: 1 }] }), 400, "body.lines.1.sku", /not a SKU of your inventory/);
    // Orders of SKUs the fulfilment center doesn't stock (synced ones) are not tracked: cancelling them touches no stock.
    await createOrder(api, owner.store.id, { orderNumber: 1500 });
    await as(api, owner.token, orders.cancelOrder, { params: { id: "1500" }, body: { reason: "Test order" } });
  });
});
