// The orders list at scale (issue 16): tab counts kept with the orders (migration 0480) must equal a
// full recount after every move an order can make, and the search reads its indexes (0451) yet
// finds what the full scan found.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, returns } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { createOrder, manualOrderBody, stockSku } from "../../test/factories";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** Every tab counted over the store's orders and lines, as the list counted before 0480. */
async function recount(storeId: string) {
  const { rows } = await api.deps.pool.query(
    `SELECT count(*)::int AS "ALL",
            count(*) FILTER (WHERE processing_status = 'OUTSTANDING' AND cancellation_state <> 'CANCELED')::int AS "OUTSTANDING",
            count(*) FILTER (WHERE processing_status = 'PROCESSING' AND cancellation_state <> 'CANCELED')::int AS "PROCESSING",
            count(*) FILTER (WHERE fulfillment_state = 'FULFILLED')::int AS "FULFILLED",
            count(*) FILTER (WHERE cancellation_state = 'CANCELED')::int AS "CANCELED",
            count(*) FILTER (WHERE processing_status = 'ON_HOLD')::int AS "ON_HOLD",
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM order_line_items l WHERE l.order_id = o.id AND l.returned_quantity > 0))::int AS "RETURNS"
       FROM orders o WHERE store_id = $1`,
    [storeId],
  );
  return rows[0];
}

const list = (owner: TestUser, query: Record<string, unknown> = {}) => as(api, owner.token, orders.listOrders, { query: query as never });

/** Reads the list until the order reaches a state (the fulfilment center moves it in the background). */
async function untilOrder(owner: TestUser, id: string, done: (o: { fulfillmentState: string }) => boolean) {
  for (let i = 0; i < 200; i++) {
    if (done(await as(api, owner.token, orders.getOrder, { params: { id } }))) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Order ${id} never reached the expected state`);
}

describe("the orders list's tab counts", () => {
  it("stay equal to a full recount through create, hold, release, cancel, fulfil, return and delete", async () => {
    const owner = await registerUser(api);
    const storeId = owner.store.id;
    const expectCounts = async (expected: Record<string, number>) => {
      const answer = await list(owner);
      expect(answer.counts).toEqual(expected);
      expect(answer.counts).toEqual(await recount(storeId));
      expect(answer.total).toBe(expected.ALL);
    };
    await expectCounts({ ALL: 0, OUTSTANDING: 0, PROCESSING: 0, FULFILLED: 0, CANCELED: 0, ON_HOLD: 0, RETURNS: 0 });

    await stockSku(api, owner.token, "TEE-BLK-M", 20);
    const a = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 1 }]) });
    const b = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 2 }]) });
    await expectCounts({ ALL: 2, OUTSTANDING: 2, PROCESSING: 0, FULFILLED: 0, CANCELED: 0, ON_HOLD: 0, RETURNS: 0 });
    expect((await list(owner, { origin: "MANUAL_RETAIL" })).counts.OUTSTANDING).toBe(2);
    expect((await list(owner, { origin: "IMPORT" })).counts.ALL).toBe(0);

    // Two holds on one order: it is on hold once; releasing one keeps it there.
    await as(api, owner.token, orders.holdOrder, { params: { id: a.id }, body: { reason: "Check the address" } });
    const second = await as(api, owner.token, orders.holdOrder, { params: { id: a.id }, body: { reason: "Fraud review" } });
    await expectCounts({ ALL: 2, OUTSTANDING: 1, PROCESSING: 0, FULFILLED: 0, CANCELED: 0, ON_HOLD: 1, RETURNS: 0 });
    for (const hold of second.holds.filter((h) => !h.releasedAt)) {
      await as(api, owner.token, orders.releaseOrderHold, { params: { id: a.id, holdId: hold.id }, body: {} });
    }
    await expectCounts({ ALL: 2, OUTSTANDING: 2, PROCESSING: 0, FULFILLED: 0, CANCELED: 0, ON_HOLD: 0, RETURNS: 0 });

    await as(api, owner.token, orders.cancelOrder, { params: { id: a.id }, body: { reason: "Customer asked" } });
    await expectCounts({ ALL: 2, OUTSTANDING: 1, PROCESSING: 0, FULFILLED: 0, CANCELED: 1, ON_HOLD: 0, RETURNS: 0 });

    await as(api, owner.token, orders.submitOrderFulfilment, { params: { id: b.id } });
    await untilOrder(owner, b.id, (o) => o.fulfillmentState === "FULFILLED");
    await expectCounts({ ALL: 2, OUTSTANDING: 0, PROCESSING: 0, FULFILLED: 1, CANCELED: 1, ON_HOLD: 0, RETURNS: 0 });

    // A return of one unit puts the order in Returns; canceling that return takes it out again.
    const rma = await as(api, owner.token, returns.createReturnOrder, { body: { orderId: b.id, lines: [{ sku: "TEE-BLK-M", quantity: 1 }], reason: "Too small" } });
    await expectCounts({ ALL: 2, OUTSTANDING: 0, PROCESSING: 0, FULFILLED: 1, CANCELED: 1, ON_HOLD: 0, RETURNS: 1 });
    expect((await list(owner, { filter: "RETURNS" })).list.map((o) => o.id)).toEqual([b.id]);
    await as(api, owner.token, returns.cancelReturnOrder, { params: { id: rma.id }, body: { reason: "Kept it after all" } });
    await expectCounts({ ALL: 2, OUTSTANDING: 0, PROCESSING: 0, FULFILLED: 1, CANCELED: 1, ON_HOLD: 0, RETURNS: 0 });
    expect((await list(owner, { filter: "RETURNS" })).list).toEqual([]);

    // Orders written straight to the database (imports, the demo seed) and deleted ones count too.
    await createOrder(api, storeId, { orderNumber: 5001, origin: "IMPORT", processingStatus: "FINISHED", fulfillmentState: "FULFILLED", returned: true });
    await expectCounts(await recount(storeId));
    expect((await list(owner, { origin: "IMPORT" })).counts).toMatchObject({ ALL: 1, FULFILLED: 1, RETURNS: 1 });
    await api.deps.pool.query("DELETE FROM orders WHERE store_id = $1 AND order_number = 5001", [storeId]);
    expect((await list(owner, { origin: "IMPORT" })).counts).toMatchObject({ ALL: 0, FULFILLED: 0, RETURNS: 0 });
    await expectCounts(await recount(storeId));
  });

  it("are each store's own", async () => {
    const one = await registerUser(api);
    const two = await registerUser(api);
    await createOrder(api, one.store.id, { orderNumber: 1001 });
    await createOrder(api, one.store.id, { orderNumber: 1002, processingStatus: "ON_HOLD" });
    await createOrder(api, two.store.id, { orderNumber: 1001, processingStatus: "FINISHED", cancellationState: "CANCELED" });
    expect((await list(one)).counts).toMatchObject({ ALL: 2, OUTSTANDING: 1, ON_HOLD: 1, CANCELED: 0 });
    expect((await list(two)).counts).toMatchObject({ ALL: 1, OUTSTANDING: 0, ON_HOLD: 0, CANCELED: 1 });
  });
});

describe("the orders list's search", () => {
  it("finds an order by a fragment of the customer's name, the e-mail, the name shipped to, or the number", async () => {
    const owner = await registerUser(api);
    const s = owner.store.id;
    const ada = await createOrder(api, s, { orderNumber: 1001, customerName: "Ada Lovelace", email: "countess@analytical.example" });
    const grace = await createOrder(api, s, { orderNumber: 1002, customerName: "Grace Hopper", email: "gh@navy.example" });
    await createOrder(api, s, { orderNumber: 1043, customerName: "Alan Turing", email: "alan@bletchley.example" });
    // A gift: the customer is Grace, the parcel goes to someone else.
    await api.deps.pool.query("UPDATE orders SET shipping_name = 'Katherine Johnson' WHERE id = $1", [grace]);
    const found = async (search: string) => (await list(owner, { search })).list.map((o) => o.orderNumber);
    expect(await found("lovel")).toEqual([1001]);
    expect(await found("LOVELACE")).toEqual([1001]);
    expect(await found("analytical.exa")).toEqual([1001]);
    expect(await found("katherine")).toEqual([1002]);
    expect(await found("hopper")).toEqual([1002]);
    expect(await found("#1043")).toEqual([1043]);
    expect(await found("1043")).toEqual([1043]);
    expect(await found("1002")).toEqual([1002]);
    expect(await found("al")).toEqual([1043, 1001]);
    expect(await found("50%_off")).toEqual([]);
    const one = await list(owner, { search: "lovel", filter: "OUTSTANDING" });
    expect(one).toMatchObject({ total: 1, totalCapped: false });
    expect(one.list[0]!.id).toBe(ada);
    expect((await list(owner, { search: "lovel", filter: "CANCELED" })).total).toBe(0);

    // Another store's orders never match.
    const other = await registerUser(api);
    expect((await list(other, { search: "lovel" })).total).toBe(0);
  });

  it("counts matches up to the cap and says there are more", async () => {
    const owner = await registerUser(api);
    const cap = orders.ORDER_SEARCH_COUNT_CAP;
    await api.deps.pool.query(
      `INSERT INTO orders (store_id, order_number, origin, email, subtotal_cents, total_cents, shipping_name, placed_at)
       SELECT $1, 2000 + g, 'SHOPIFY_CREATOR', 'buyer' || g || '@example.com', 100, 100, 'Repeat Buyer', now() - g * interval '1 minute'
         FROM generate_series(1, $2::int) g`,
      [owner.store.id, cap + 5],
    );
    const many = await list(owner, { search: "repeat buy", size: 25 });
    expect(many).toMatchObject({ total: cap, totalCapped: true });
    expect(many.list.map((o) => o.orderNumber).slice(0, 2)).toEqual([2001, 2002]);
    expect(many.counts.ALL).toBe(cap + 5);
    expect(await list(owner, { search: "buyer7@" })).toMatchObject({ total: 1, totalCapped: false });
    expect(await list(owner)).toMatchObject({ total: cap + 5, totalCapped: false });
  });
});
