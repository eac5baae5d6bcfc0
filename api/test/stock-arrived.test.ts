import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inventory, kitting, orderRules, orders, presales, receivings, returns } from "@atelier/contracts";
import { KITTING_FEE_PER_KIT_CENTS } from "@atelier/contracts/kitting";
import { assembleKitsJob } from "../src/services/kitting/assemble-kits-job";
import { releaseWaitingOrders } from "../src/services/inventory/release-waiting-orders-job";
import { as, registerUser, startTestApi, testConfig, type TestApi, type TestUser } from "./harness";
import { cardOnFile, createOrder, manualOrderBody, stockSku } from "../../test/factories";

// One "stock arrived" step for every way stock comes in (a receiving counted, units added by hand,
// a return restocked): waiting pre-orders first, first come first served, then the oldest
// out-of-stock holds and backorder parts that can now be reserved in full, each in the order's
// ledger with the cause in words. Every assertion reads this file's own stores.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

type Order = Awaited<ReturnType<typeof getOrder>>;
const getOrder = (owner: TestUser, id: string) => as(api, owner.token, orders.getOrder, { params: { id } });
const place = (owner: TestUser, lines: { sku: string; quantity: number }[]) => as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody(lines) });
const stockOf = async (owner: TestUser, sku: string) => {
  const item = await as(api, owner.token, inventory.getInventoryItem, { params: { sku } });
  return { onHand: item.onHand, reserved: item.reserved };
};
const messages = (o: Order) => o.timeline.map((e) => e.message);

/**
 * A store where three orders wait for TEE-BLK-M, oldest first: a backorder part (order S split by
 * stock: its cap shipped-ready, one tee waits), an order held out of stock (H, one tee), and a
 * pre-order (P, one tee) on a pre-sale of receiving `sn` that started after both.
 */
async function waitingStore() {
  const owner = await registerUser(api);
  await stockSku(api, owner.token, "TEE-BLK-M", 0, { title: "Heavyweight tee" });
  await stockSku(api, owner.token, "CAP-01", 5, { title: "Cap" });
  await as(api, owner.token, orderRules.createOrderRule, { body: { name: "Split by stock", conditions: [{ field: "TOTAL", op: "GTE", cents: 0 }], actions: [{ type: "SPLIT_BY_STOCK" }], enabled: true } });
  const rcv = await as(api, owner.token, receivings.createReceiving, { body: { supplierName: "Porto Knits", expectedArrival: "2031-03-01", lines: [{ sku: "TEE-BLK-M", expectedQuantity: 20 }] } });
  const split = await place(owner, [{ sku: "TEE-BLK-M", quantity: 1 }, { sku: "CAP-01", quantity: 1 }]);
  expect(split.parts.map((p) => p.status)).toEqual(["OPEN", "WAITING"]);
  const held = await place(owner, [{ sku: "TEE-BLK-M", quantity: 1 }]);
  expect(held.holds.map((h) => h.setBy.rule)).toEqual(["Out of stock"]);
  const presale = await as(api, owner.token, presales.startPresale, { body: { sku: "TEE-BLK-M", receivingSn: rcv.sn, cap: 10 } });
  const pre = await place(owner, [{ sku: "TEE-BLK-M", quantity: 1 }]);
  expect(pre.holds.map((h) => h.setBy.rule)).toEqual(["Pre-sale"]);
  return { owner, sn: rcv.sn, presaleId: presale.id, split: split.id, held: held.id, pre: pre.id };
}

/** After stock came in with `cause`: the pre-order is allocated, the backorder open, each saying why in its ledger. */
async function expectPreorderAndBackorderOut(s: Awaited<ReturnType<typeof waitingStore>>, cause: string) {
  const pre = await getOrder(s.owner, s.pre);
  expect(pre.processingStatus).toBe("OUTSTANDING");
  expect(pre.holds[0]).toMatchObject({ setBy: { rule: "Pre-sale" }, releaseNote: cause });
  const split = await getOrder(s.owner, s.split);
  expect(split.parts.map((p) => p.status)).toEqual(["OPEN", "OPEN"]);
  expect(messages(split)).toContain(`${cause}: the backorder (1 × TEE-BLK-M) is reserved and can ship now`);
  expect(await as(api, s.owner.token, presales.getPresale, { params: { id: s.presaleId } })).toMatchObject({ waitingOrders: 0 });
}

describe("stock arrived", () => {
  it("a receiving counted in allocates the pre-order first, then the oldest backorder and held order, each with the receiving in its ledger", async () => {
    const s = await waitingStore();
    await as(api, s.owner.token, receivings.receiveReceiving, { params: { sn: s.sn }, body: { lines: [{ sku: "TEE-BLK-M", received: 3 }] } });
    await expectPreorderAndBackorderOut(s, `Stock counted in on ${s.sn}`);
    const held = await getOrder(s.owner, s.held);
    expect(held.processingStatus).toBe("OUTSTANDING");
    expect(held.holds[0]).toMatchObject({ setBy: { rule: "Out of stock" }, releaseNote: `Stock counted in on ${s.sn}` });
    expect(messages(held)).toContain(`Released "Not enough stock: TEE-BLK-M (wanted 1, 0 available)": Stock counted in on ${s.sn}`);
    expect(await stockOf(s.owner, "TEE-BLK-M")).toEqual({ onHand: 3, reserved: 3 });
  });

  it("units added by hand do the same, named by who added them; a decrease touches no waiting order", async () => {
    const s = await waitingStore();
    const cause = `Stock adjusted by ${s.owner.user.username}`;
    await as(api, s.owner.token, inventory.adjustInventory, { params: { sku: "TEE-BLK-M" }, body: { bin: "A-01", change: 2, reason: "FOUND" } });
    await expectPreorderAndBackorderOut(s, cause);
    expect((await getOrder(s.owner, s.held)).processingStatus).toBe("ON_HOLD");

    // Another store, no pre-sale nor rule: an order for 5 socks waits on 3.
    const owner = await registerUser(api);
    const adjust = (change: number) => as(api, owner.token, inventory.adjustInventory, { params: { sku: "SOCK-01" }, body: { bin: "A-01", change, reason: change > 0 ? "FOUND" : "LOST" } });
    await stockSku(api, owner.token, "SOCK-01", 3);
    const held = await place(owner, [{ sku: "SOCK-01", quantity: 5 }]);
    expect(held.processingStatus).toBe("ON_HOLD");
    await adjust(-1);
    const after = await getOrder(owner, held.id);
    expect(after.processingStatus).toBe("ON_HOLD");
    expect(after.timeline).toHaveLength(held.timeline.length);
    await adjust(3);
    const released = await getOrder(owner, held.id);
    expect(released.processingStatus).toBe("OUTSTANDING");
    expect(messages(released).at(-1)).toBe(`Released "Not enough stock: SOCK-01 (wanted 5, 3 available)": Stock adjusted by ${owner.user.username}`);
    expect(await stockOf(owner, "SOCK-01")).toEqual({ onHand: 5, reserved: 5 });
  });

  it("a return restocked allocates the pre-order and opens the backorder; the held order waits for more", async () => {
    const s = await waitingStore();
    const shipped = await createOrder(api, s.owner.store.id, { orderNumber: 9001, fulfillmentState: "FULFILLED", processingStatus: "FINISHED", totalCents: 4200 });
    const rma = await as(api, s.owner.token, returns.createReturnOrder, { body: { orderId: shipped, lines: [{ sku: "TEE-BLK-M", quantity: 2 }], reason: "Too small" } });
    await as(api, s.owner.token, returns.receiveReturnOrder, { params: { id: rma.id }, body: { restock: true } });
    await expectPreorderAndBackorderOut(s, `Return ${rma.handle} restocked`);
    expect((await getOrder(s.owner, s.held)).processingStatus).toBe("ON_HOLD");
    expect(await stockOf(s.owner, "TEE-BLK-M")).toEqual({ onHand: 2, reserved: 2 });
  });

  it("two receipts of the same SKU at once never allocate more than arrived, and keep the queue's order", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "MUG-RED", 0, { title: "Red mug" });
    const a = await as(api, owner.token, receivings.createReceiving, { body: { supplierName: "Jingdezhen Ceramics", expectedArrival: "2031-01-15", lines: [{ sku: "MUG-RED", expectedQuantity: 10 }] } });
    const b = await as(api, owner.token, receivings.createReceiving, { body: { supplierName: "Jingdezhen Ceramics", expectedArrival: "2031-01-15", lines: [{ sku: "MUG-RED", expectedQuantity: 10 }] } });
    const presale = await as(api, owner.token, presales.startPresale, { body: { sku: "MUG-RED", receivingSn: a.sn, cap: 10 } });
    const queue = [];
    for (let i = 0; i < 3; i++) queue.push(await place(owner, [{ sku: "MUG-RED", quantity: 2 }]));
    await Promise.all([
      as(api, owner.token, receivings.receiveReceiving, { params: { sn: a.sn }, body: { lines: [{ sku: "MUG-RED", received: 2 }] } }),
      as(api, owner.token, receivings.receiveReceiving, { params: { sn: b.sn }, body: { lines: [{ sku: "MUG-RED", received: 3 }] } }),
    ]);
    expect(await stockOf(owner, "MUG-RED")).toEqual({ onHand: 5, reserved: 4 });
    const waiting = await as(api, owner.token, presales.listPreorders, { params: { id: presale.id } });
    expect(waiting.list.map((o) => [o.orderNumber, o.status])).toEqual([
      [queue[0]!.orderNumber, "ALLOCATED"], [queue[1]!.orderNumber, "ALLOCATED"], [queue[2]!.orderNumber, "WAITING"],
    ]);
  });

  it("kits assembled by the center release the oldest order held for the kit, with the kitting order in its ledger", async () => {
    // The center's pause is an hour here, so the work order waits while orders come in; the test
    // then runs the assembly job's handler itself.
    const paused = await startTestApi({ config: testConfig({ fulfilment: { stepMs: 3_600_000 } }) });
    try {
      const owner = await registerUser(paused);
      await cardOnFile(paused, owner.token);
      await stockSku(paused, owner.token, "MUG", 10, { title: "Stoneware mug" });
      await stockSku(paused, owner.token, "COASTER", 4, { title: "Cork coaster" });
      await as(paused, owner.token, kitting.createKit, { body: { sku: "GIFT-SET", title: "Gift set", components: [{ sku: "MUG", quantity: 1 }, { sku: "COASTER", quantity: 2 }] } });
      const requested = await as(paused, owner.token, kitting.assembleKits, { params: { sku: "GIFT-SET" }, body: { kits: 2, expectedFeeCents: 2 * KITTING_FEE_PER_KIT_CENTS } });
      // The work order holds every coaster: nothing is left to sell until the kits are made.
      const placeKits = (quantity: number) => as(paused, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "GIFT-SET", quantity }]) });
      const first = await placeKits(1);
      const second = await placeKits(2);
      expect([first.holds[0]?.reason, second.holds[0]?.reason]).toEqual(["Not enough stock: GIFT-SET (wanted 1, 0 available)", "Not enough stock: GIFT-SET (wanted 2, 0 available)"]);

      await assembleKitsJob(paused.deps).handler({ workOrderId: requested.workOrders[0]!.id, storeId: owner.store.id }, { attempt: 1 } as never);
      const cause = "Kitting order of 2 × GIFT-SET assembled by the fulfilment center";
      const released = await as(paused, owner.token, orders.getOrder, { params: { id: first.id } });
      expect(released.processingStatus).toBe("OUTSTANDING");
      expect(released.holds[0]).toMatchObject({ setBy: { rule: "Out of stock" }, releaseNote: cause });
      expect(released.timeline.map((e) => e.message)).toContain(`Released "Not enough stock: GIFT-SET (wanted 1, 0 available)": ${cause}`);
      // Two kits came in, one went to the oldest order: the next one, wanting two, still waits.
      expect((await as(paused, owner.token, orders.getOrder, { params: { id: second.id } })).processingStatus).toBe("ON_HOLD");
      expect(await as(paused, owner.token, inventory.getInventoryItem, { params: { sku: "GIFT-SET" } })).toMatchObject({ onHand: 2, reserved: 1 });
    } finally {
      await paused.close();
    }
  });

  it("an order left held though its stock is free is released by the sweep once its hold is a few minutes old", async () => {
    // The step skips an order that is busy, and its job gives up after 8 tries; units freed by a
    // cancellation don't run the step at all. Either way the order is held with its stock free:
    // here the cancellation makes that state, as the test database can't keep an order held.
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "LAMP-01", 1, { title: "Desk lamp" });
    const first = await place(owner, [{ sku: "LAMP-01", quantity: 1 }]);
    const held = await place(owner, [{ sku: "LAMP-01", quantity: 1 }]);
    expect(held.holds.map((h) => h.setBy.rule)).toEqual(["Out of stock"]);
    await as(api, owner.token, orders.cancelOrder, { params: { id: first.id }, body: { reason: "Customer changed their mind" } });
    expect((await getOrder(owner, held.id)).processingStatus).toBe("ON_HOLD");
    expect(await stockOf(owner, "LAMP-01")).toEqual({ onHand: 1, reserved: 0 });
    // A hold of a moment ago is left to the step's own path; the sweep looks at older ones.
    await releaseWaitingOrders(api.deps, new Date());
    expect((await getOrder(owner, held.id)).processingStatus).toBe("ON_HOLD");
    await api.deps.pool.query(`UPDATE order_holds SET created_at = now() - interval '10 minutes' WHERE order_id = $1`, [held.id]);
    const swept = await releaseWaitingOrders(api.deps, new Date());
    expect(swept.holds).toBeGreaterThanOrEqual(1);
    const released = await getOrder(owner, held.id);
    expect(released.processingStatus).toBe("OUTSTANDING");
    expect(messages(released)).toContain('Released "Not enough stock: LAMP-01 (wanted 1, 0 available)": Stock found free on a later check');
    expect(await stockOf(owner, "LAMP-01")).toEqual({ onHand: 1, reserved: 1 });
  });
});

