import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inventory, kitting, orders } from "@atelier/contracts";
import { KITTING_FEE_PER_KIT_CENTS } from "@atelier/contracts/kitting";
import { as, expectError, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { cardOnFile, manualOrderBody, previewStore, stockSku, teamMember } from "../../test/factories";

// Kits (bundle mappings) and their assembly at the fulfilment center. Every assertion reads this
// file's own stores and SKUs: the database is shared with other files.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const item = (owner: TestUser, sku: string) => as(api, owner.token, inventory.getInventoryItem, { params: { sku } });
const kit = (owner: TestUser, sku: string) => as(api, owner.token, kitting.getKit, { params: { sku } });

/** A store with 10 mugs, 7 coasters (5 in A-01, 2 in B-01) and a gift set of 1 mug and 2 coasters. */
async function giftSetStore() {
  const owner = await registerUser(api);
  await stockSku(api, owner.token, "MUG", 10, { title: "Stoneware mug" });
  await stockSku(api, owner.token, "COASTER", 5, { title: "Cork coaster" });
  await as(api, owner.token, inventory.adjustInventory, { params: { sku: "COASTER" }, body: { bin: "B-01", change: 2, reason: "RECEIVED" } });
  const created = await as(api, owner.token, kitting.createKit, { body: { sku: "GIFT-SET", title: "Gift set", components: [{ sku: "mug", quantity: 1 }, { sku: "COASTER", quantity: 2 }] } });
  return { owner, created };
}

/** Reads the kit until its newest work order is assembled (the center's job runs in the background). */
async function whenAssembled(owner: TestUser, sku: string) {
  for (let i = 0; i < 200; i++) {
    const k = await kit(owner, sku);
    // The kit and its work orders are two reads: the job may commit between them, so read the kit again.
    if (k.workOrders[0]?.status === "ASSEMBLED") return kit(owner, sku);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("The kits were never assembled");
}

async function shipped(owner: TestUser, orderNumber: number) {
  await as(api, owner.token, orders.submitOrderFulfilment, { params: { id: String(orderNumber) } });
  for (let i = 0; i < 200; i++) {
    if ((await as(api, owner.token, orders.getOrder, { params: { id: String(orderNumber) } })).fulfillmentState === "FULFILLED") return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("The order never shipped");
}

const charges = async (storeId: string) =>
  (await api.deps.pool.query<{ amount: number; refunded: number }>(
    `SELECT c.amount_cents AS amount, coalesce((SELECT sum(r.amount_cents) FROM payment_refunds r WHERE r.charge_id = c.id), 0)::int AS refunded
       FROM payment_charges c WHERE c.store_id = $1 AND c.idempotency_key LIKE 'kitting:%' ORDER BY c.created_at`,
    [storeId],
  )).rows;

describe("kits", () => {
  it("sells what the components make (the minimum of available ÷ units per kit); an order reserves the components and shipping consumes them", async () => {
    const { owner, created } = await giftSetStore();
    expect(created).toMatchObject({ sku: "GIFT-SET", title: "Gift set", assembled: 0, makeable: 3, available: 3, limitedBy: "COASTER", workOrders: [] });
    expect(created.components).toEqual([
      { sku: "MUG", title: "Stoneware mug", quantity: 1, available: 10, kitsFromStock: 10 },
      { sku: "COASTER", title: "Cork coaster", quantity: 2, available: 7, kitsFromStock: 3 },
    ]);
    const list = await as(api, owner.token, kitting.listKits, {});
    expect(list).toMatchObject({ total: 1, page: 0, size: 1000 });
    expect(list.list.map((k) => [k.sku, k.available])).toEqual([["GIFT-SET", 3]]);
    // The kit is a SKU of the inventory like any other.
    expect((await as(api, owner.token, inventory.listInventory, { query: { search: "gift" } })).list.map((i) => i.sku)).toEqual(["GIFT-SET"]);

    const placed = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "GIFT-SET", quantity: 2, unitPriceCents: 3500 }]) });
    expect(placed.processingStatus).toBe("OUTSTANDING");
    expect((await item(owner, "MUG")).reserved).toBe(2);
    // Coasters come from the fuller bin first: all 4 from A-01.
    expect((await item(owner, "COASTER")).bins.map((b) => [b.bin, b.reserved])).toEqual([["A-01", 4], ["B-01", 0]]);
    expect(await kit(owner, "GIFT-SET")).toMatchObject({ makeable: 1, available: 1 });

    const short = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "GIFT-SET", quantity: 2 }]) });
    expect(short.processingStatus).toBe("ON_HOLD");
    expect(short.holds[0]!.reason).toBe("Not enough stock: GIFT-SET (wanted 2, 1 available)");
    expect((await item(owner, "COASTER")).reserved).toBe(4);

    await shipped(owner, placed.orderNumber);
    expect(await item(owner, "MUG")).toMatchObject({ onHand: 8, reserved: 0 });
    expect(await item(owner, "COASTER")).toMatchObject({ onHand: 3, reserved: 0 });
    expect((await item(owner, "COASTER")).movements[0]).toMatchObject({ kind: "SHIPPED", orderNumber: placed.orderNumber });
  });

  it("assembles kits ahead for the fee the person confirmed: components held at once, moved into the kit's bin by the center; orders take assembled kits first", async () => {
    const { owner } = await giftSetStore();
    const fee = 2 * KITTING_FEE_PER_KIT_CENTS;
    // No card, a fee nobody saw, more kits than the stock makes: nothing charged, nothing held.
    expect((await expectError(as(api, owner.token, kitting.assembleKits, { params: { sku: "GIFT-SET" }, body: { kits: 2, expectedFeeCents: fee } }), 409)).message).toBe("Add a card before paying.");
    await cardOnFile(api, owner.token);
    expect((await expectError(as(api, owner.token, kitting.assembleKits, { params: { sku: "GIFT-SET" }, body: { kits: 2, expectedFeeCents: 100 } }), 409)).message).toBe(
      "Assembling 2 kits costs $1.50 ($0.75 a kit), not $1.00; confirm the fee again before asking.",
    );
    expect((await expectError(as(api, owner.token, kitting.assembleKits, { params: { sku: "GIFT-SET" }, body: { kits: 4, expectedFeeCents: 4 * KITTING_FEE_PER_KIT_CENTS } }), 409)).message).toBe(
      "Your stock makes 3 GIFT-SET kits, not 4: COASTER runs out first.",
    );
    expect(await charges(owner.store.id)).toEqual([]);

    const body = { kits: 2, bin: "k-01", expectedFeeCents: fee };
    const requested = await as(api, owner.token, kitting.assembleKits, { params: { sku: "GIFT-SET" }, body }, "kit-1");
    expect(requested.workOrders[0]).toMatchObject({ kits: 2, bin: "K-01", feeCents: fee });
    // A retry with the same key is the same request: one work order, one charge.
    await as(api, owner.token, kitting.assembleKits, { params: { sku: "GIFT-SET" }, body }, "kit-1");
    const done = await whenAssembled(owner, "GIFT-SET");
    expect(done.workOrders).toHaveLength(1);
    expect(await charges(owner.store.id)).toEqual([{ amount: fee, refunded: 0 }]);
    expect(done).toMatchObject({ assembled: 2, makeable: 1, available: 3 });
    expect(await item(owner, "MUG")).toMatchObject({ onHand: 8, reserved: 0 });
    expect(await item(owner, "COASTER")).toMatchObject({ onHand: 3, reserved: 0 });
    const kits = await item(owner, "GIFT-SET");
    expect(kits.bins.map((b) => [b.bin, b.onHand])).toEqual([["K-01", 2]]);
    expect(kits.movements[0]).toMatchObject({ kind: "RECEIVED", onHandChange: 2, note: "2 kits assembled by the fulfilment center", actor: { userName: null, rule: "Fulfilment center" } });

    // An order for a kit takes an assembled one; the components stay free.
    await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "GIFT-SET", quantity: 1 }]) });
    expect((await item(owner, "GIFT-SET")).reserved).toBe(1);
    expect((await item(owner, "COASTER")).reserved).toBe(0);
    // Three more: one assembled kit, then the components of two; only one can be made, so it waits whole.
    const short = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "GIFT-SET", quantity: 3 }]) });
    expect(short.holds[0]!.reason).toBe("Not enough stock: GIFT-SET (wanted 3, 2 available)");
    const two = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "GIFT-SET", quantity: 2 }]) });
    expect(two.processingStatus).toBe("OUTSTANDING");
    expect(await kit(owner, "GIFT-SET")).toMatchObject({ assembled: 0, makeable: 0, available: 0 });
  });

  it("holds the last components for one request of two at once; the other is refused and refunded", async () => {
    const owner = await registerUser(api);
    await cardOnFile(api, owner.token);
    await stockSku(api, owner.token, "BEAD", 4);
    await as(api, owner.token, kitting.createKit, { body: { sku: "BRACELET", title: "Bead bracelet", components: [{ sku: "BEAD", quantity: 2 }] } });
    const ask = (key: string) => as(api, owner.token, kitting.assembleKits, { params: { sku: "BRACELET" }, body: { kits: 2, expectedFeeCents: 2 * KITTING_FEE_PER_KIT_CENTS } }, key).then(() => "ok", (e: { status: number }) => e.status);
    const outcomes = await Promise.all([ask("a"), ask("b")]);
    expect(outcomes.sort()).toEqual([409, "ok"].sort());
    const net = (await charges(owner.store.id)).reduce((n, c) => n + c.amount - c.refunded, 0);
    expect(net).toBe(2 * KITTING_FEE_PER_KIT_CENTS);
    const done = await whenAssembled(owner, "BRACELET");
    expect(done.workOrders).toHaveLength(1);
    expect(await item(owner, "BEAD")).toMatchObject({ onHand: 0, reserved: 0 });
  });

  it("edits a kit, and refuses bad input with the field and the reason", async () => {
    const { owner } = await giftSetStore();
    await stockSku(api, owner.token, "RIBBON", 30);
    const edited = await as(api, owner.token, kitting.updateKit, { params: { sku: "gift-set" }, body: { title: "Holiday gift set", components: [{ sku: "MUG", quantity: 2 }, { sku: "RIBBON", quantity: 1 }] } });
    expect(edited).toMatchObject({ title: "Holiday gift set", makeable: 5, limitedBy: "MUG" });
    expect(edited.components.map((c) => [c.sku, c.quantity])).toEqual([["MUG", 2], ["RIBBON", 1]]);

    const create = (components: unknown, sku = "NEW-KIT") => as(api, owner.token, kitting.createKit, { body: { sku, title: "New kit", components } as never });
    await expectError(create([]), 400, "body.components", /at least one SKU/);
    await expectError(create([{ sku: "MUG", quantity: 0 }]), 400, "body.components.0.quantity", /at least 1/);
    await expectError(create([{ sku: "MUG", quantity: 1.5 }]), 400, "body.components.0.quantity", /whole number/);
    await expectError(create([{ sku: "MUG", quantity: 1 }, { sku: "mug", quantity: 2 }]), 400, "body.components", /each SKU once/);
    await expectError(create([{ sku: "NOPE", quantity: 1 }]), 400, "body.components.0.sku", /names no SKU of your inventory/);
    await expectError(create([{ sku: "MUG", quantity: 1 }, { sku: "GIFT-SET", quantity: 1 }]), 400, "body.components.1.sku", /is a kit/);
    await expectError(create([{ sku: "NEW-KIT", quantity: 1 }]), 400, "body.components.0.sku", /kit itself/);
    await expectError(create([{ sku: "MUG", quantity: 1 }], "bad sku!"), 400, "body.sku", /letters, digits/);
    await expectError(create([{ sku: "MUG", quantity: 1 }], "RIBBON"), 409);
    await expectError(as(api, owner.token, kitting.assembleKits, { params: { sku: "GIFT-SET" }, body: { kits: 0, expectedFeeCents: 0 } }), 400, "body.kits", /at least 1/);
    await expectError(as(api, owner.token, kitting.assembleKits, { params: { sku: "GIFT-SET" }, body: { kits: 1 } as never }), 400, "body.expectedFeeCents");
    await expectError(as(api, owner.token, kitting.listKits, { query: { size: 1001 } }), 400, "query.size");
    await expectError(as(api, owner.token, kitting.getKit, { params: { sku: "MUG" } }), 404);
  });

  it("keeps stores apart, asks for a session, lets the team in and keeps preview accounts out", async () => {
    const { owner } = await giftSetStore();
    const other = await registerUser(api);
    await cardOnFile(api, other.token);
    await expectError(as(api, other.token, kitting.getKit, { params: { sku: "GIFT-SET" } }), 404);
    await expectError(as(api, other.token, kitting.updateKit, { params: { sku: "GIFT-SET" }, body: { title: "Mine", components: [{ sku: "MUG", quantity: 1 }] } }), 404);
    await expectError(as(api, other.token, kitting.assembleKits, { params: { sku: "GIFT-SET" }, body: { kits: 1, expectedFeeCents: KITTING_FEE_PER_KIT_CENTS } }), 404);
    expect((await as(api, other.token, kitting.listKits, {})).total).toBe(0);
    // Another store's SKUs are not components.
    await expectError(as(api, other.token, kitting.createKit, { body: { sku: "GIFT-SET", title: "Gift", components: [{ sku: "MUG", quantity: 1 }] } }), 400, "body.components.0.sku");
    expect(await charges(other.store.id)).toEqual([]);

    await expectError(as(api, "", kitting.listKits, {}), 401);
    const cx = await teamMember(api, owner, "CX");
    expect((await as(api, cx.token, kitting.getKit, { params: { sku: "GIFT-SET" } })).sku).toBe("GIFT-SET");
    const preview = await previewStore(api);
    expect((await as(api, preview.token, kitting.listKits, {})).total).toBe(0);
    await expectError(as(api, preview.token, kitting.createKit, { body: { sku: "P-KIT", title: "Kit", components: [{ sku: "MUG", quantity: 1 }] } }), 403);
  });
});
