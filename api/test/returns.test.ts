import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inventory, orders, returns } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, expectError } from "./harness";
import { createOrder, previewStore, stockSku, teamMember } from "../../test/factories";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());


/** A store with a shipped order #1001 (2 × TEE-BLK-M at $21.00, paid $42.00) and the SKU stocked. */
async function shippedOrder() {
  const owner = await registerUser(api);
  await stockSku(api, owner.token, "TEE-BLK-M", 10);
  const orderId = await createOrder(api, owner.store.id, { orderNumber: 1001, fulfillmentState: "FULFILLED", processingStatus: "FINISHED", customerName: "Grace Hopper", totalCents: 4200 });
  return { owner, orderId };
}

describe("returns of customer orders", () => {
  it("creates a return, ships it back, receives it: restocked, refunded once, in the order's ledger and the RETURNS tab", async () => {
    const { owner } = await shippedOrder();
    const call = <C extends Parameters<typeof as>[2]>(c: C, input: Parameters<typeof as<C>>[3]) => as(api, owner.token, c, input);
    const created = await call(returns.createReturnOrder, { body: { orderId: "#1001", lines: [{ sku: "tee-blk-m", quantity: 1 }], reason: "Too small" } });
    expect(created).toMatchObject({
      handle: "RMA-1001", orderNumber: 1001, customerName: "Grace Hopper", status: "CREATED", refundMethod: "AUTOMATIC", returnFee: "FREE", refundDestination: "ORIGINAL_PAYMENT", expectedRefundCents: 2100, refund: null,
    });
    expect(created.lines).toEqual([expect.objectContaining({ sku: "TEE-BLK-M", quantity: 1, unitPriceCents: 2100, restockedQuantity: 0 })]);
    const tab = await call(orders.listOrders, { query: { filter: "RETURNS" } });
    expect(tab.list.map((o) => o.orderNumber)).toEqual([1001]);

    const shipped = await call(returns.shipReturnOrder, { params: { id: "RMA-1001" }, body: { carrier: "USPS", trackingNumber: "9400-1234" } });
    expect(shipped).toMatchObject({ status: "SHIPPING", carrier: "USPS", trackingNumber: "9400-1234" });
    const received = await call(returns.receiveReturnOrder, { params: { id: created.id }, body: {} });
    expect(received).toMatchObject({ status: "RECEIVED", refund: { amountCents: 2100, destination: "ORIGINAL_PAYMENT" } });
    expect(received.lines[0]!.restockedQuantity).toBe(1);

    const item = await call(inventory.getInventoryItem, { params: { sku: "TEE-BLK-M" } });
    expect(item.onHand).toBe(11);
    expect(item.movements[0]).toMatchObject({ kind: "RESTOCKED", onHandChange: 1, note: "Returned in RMA-1001", orderNumber: 1001 });

    const order = await call(orders.getOrder, { params: { id: "1001" } });
    expect(order.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(["RETURN_CREATED", "RETURN_SHIPPING", "RETURN_RECEIVED", "REFUNDED"]));
    expect(order.timeline.find((e) => e.kind === "REFUNDED")!.message).toBe("Refunded $21.00 to Grace Hopper's original payment (return RMA-1001)");

    // The second unit, then nothing more: every unit that shipped is in a return.
    await call(returns.createReturnOrder, { body: { orderId: "1001", lines: [{ sku: "TEE-BLK-M", quantity: 1 }], reason: "Also too small" } });
    const none = await expectError(call(returns.createReturnOrder, { body: { orderId: "1001", lines: [{ sku: "TEE-BLK-M", quantity: 1 }], reason: "Once more" } }), 409);
    expect(none.message).toBe("Only 0 units of TEE-BLK-M on order #1001 can be returned (2 units shipped, 2 units already in a return).");

    const list = await call(returns.listReturnOrders, { query: { orderId: "1001" } });
    expect(list.list.map((r) => [r.handle, r.status])).toEqual([["RMA-1002", "CREATED"], ["RMA-1001", "RECEIVED"]]);
    expect(list.counts).toMatchObject({ ALL: 2, CREATED: 1, RECEIVED: 1, SHIPPING: 0, CANCELED: 0 });
    expect((await call(returns.listReturnOrders, { query: { filter: "RECEIVED" } })).list.map((r) => r.handle)).toEqual(["RMA-1001"]);
    expect((await call(returns.listReturnOrders, { query: { search: "grace" } })).total).toBe(2);
    expect((await call(returns.listReturnOrders, { query: { search: "RMA-1002" } })).list.map((r) => r.handle)).toEqual(["RMA-1002"]);
    expect((await call(returns.listReturnOrders, { query: { size: 1, page: 1 } })).list.map((r) => r.handle)).toEqual(["RMA-1001"]);
  });

  it("never refunds more than the buyer paid, deducts the fee, refunds to store credit, and a manual refund takes its amount", async () => {
    const { owner, orderId } = await shippedOrder();
    const call = <C extends Parameters<typeof as>[2]>(c: C, input: Parameters<typeof as<C>>[3]) => as(api, owner.token, c, input);
    await call(returns.updateReturnSettings, { body: { refundMethod: "AUTOMATIC", returnFee: "DEDUCT_FROM_REFUND", feeCents: 500, refundDestination: "STORE_CREDIT", returnWindowDays: 30, restockOnReceipt: false } });
    const fee = await call(returns.createReturnOrder, { body: { orderId, lines: [{ sku: "TEE-BLK-M", quantity: 1 }], reason: "Wrong colour" } });
    expect(fee).toMatchObject({ returnFee: "DEDUCT_FROM_REFUND", feeCents: 500, refundDestination: "STORE_CREDIT", expectedRefundCents: 1600 });
    const done = await call(returns.receiveReturnOrder, { params: { id: fee.handle }, body: {} });
    expect(done.refund).toMatchObject({ amountCents: 1600, destination: "STORE_CREDIT" });
    expect(done.lines[0]!.restockedQuantity).toBe(0);
    expect((await call(inventory.getInventoryItem, { params: { sku: "TEE-BLK-M" } })).onHand).toBe(10);
    const credit = await api.deps.pool.query(`SELECT sum(amount_cents)::int AS n FROM store_credit_movements WHERE store_id = $1`, [owner.store.id]);
    expect(credit.rows[0].n).toBe(1600);

    // A manual refund: the amount is the team's, but never above what is left of the $42.00 paid.
    const manual = await call(returns.createReturnOrder, { body: { orderId, lines: [{ sku: "TEE-BLK-M", quantity: 1 }], reason: "Stained", refundMethod: "MANUAL", refundDestination: "ORIGINAL_PAYMENT", returnFee: "FREE" } });
    await expectError(call(returns.receiveReturnOrder, { params: { id: manual.id }, body: { refundCents: 2601 } }), 400, "body.refundCents", /at most \$26\.00/);
    await expectError(call(returns.receiveReturnOrder, { params: { id: fee.id }, body: { refundCents: 100 } }), 409);
    const paidBack = await call(returns.receiveReturnOrder, { params: { id: manual.id }, body: { refundCents: 2600, restock: true } });
    expect(paidBack.refund).toMatchObject({ amountCents: 2600, destination: "ORIGINAL_PAYMENT" });
    const refunded = await api.deps.pool.query(`SELECT sum(amount_cents)::int AS n FROM order_refunds WHERE order_id = $1`, [orderId]);
    expect(refunded.rows[0].n).toBe(4200);
    // The ledger itself refuses a cent more, and can't be rewritten.
    const extra = await api.deps.pool.query(`INSERT INTO order_refunds (store_id, order_id, amount_cents, destination, method) VALUES ($1, $2, 1, 'ORIGINAL_PAYMENT', 'MANUAL')`, [owner.store.id, orderId]).then(() => null, (e: Error) => e);
    expect(extra?.message).toMatch(/exceed what was paid/);
    const rewrite = await api.deps.pool.query(`UPDATE order_refunds SET amount_cents = 1 WHERE order_id = $1`, [orderId]).then(() => null, (e: Error) => e);
    expect(rewrite?.message).toMatch(/append-only/);
  });

  it("cancels with a reason (the units can come back again) and refuses illegal steps with a sentence (409)", async () => {
    const { owner } = await shippedOrder();
    const call = <C extends Parameters<typeof as>[2]>(c: C, input: Parameters<typeof as<C>>[3]) => as(api, owner.token, c, input);
    const r = await call(returns.createReturnOrder, { body: { orderId: "1001", lines: [{ sku: "TEE-BLK-M", quantity: 2 }], reason: "Changed mind" } });
    const canceled = await call(returns.cancelReturnOrder, { params: { id: r.id }, body: { reason: "Customer kept them" } });
    expect(canceled).toMatchObject({ status: "CANCELED", cancelReason: "Customer kept them", expectedRefundCents: 0, refund: null });
    expect((await expectError(call(returns.shipReturnOrder, { params: { id: r.id }, body: {} }), 409)).message).toBe("Return RMA-1001 was canceled, so it can't be marked as on its way back.");
    await expectError(call(returns.receiveReturnOrder, { params: { id: r.id }, body: {} }), 409);
    await expectError(call(returns.cancelReturnOrder, { params: { id: r.id }, body: { reason: "Again" } }), 409);
    const again = await call(returns.createReturnOrder, { body: { orderId: "1001", lines: [{ sku: "TEE-BLK-M", quantity: 2 }], reason: "Changed mind after all" } });
    await call(returns.receiveReturnOrder, { params: { id: again.id }, body: {} });
    expect((await expectError(call(returns.receiveReturnOrder, { params: { id: again.id }, body: {} }), 409)).message).toBe("Return RMA-1002 is already complete (received and refunded), so it can't be received.");
    await expectError(call(returns.shipReturnOrder, { params: { id: again.id }, body: {} }), 409);

    // Unshipped and canceled orders have nothing to return.
    await createOrder(api, owner.store.id, { orderNumber: 1002 });
    expect((await expectError(call(returns.createReturnOrder, { body: { orderId: "1002", lines: [{ sku: "TEE-BLK-M", quantity: 1 }], reason: "Never came" } }), 409)).message).toMatch(/has not shipped yet/);
    await createOrder(api, owner.store.id, { orderNumber: 1003, cancellationState: "CANCELED", fulfillmentState: "FULFILLED" });
    await expectError(call(returns.createReturnOrder, { body: { orderId: "1003", lines: [{ sku: "TEE-BLK-M", quantity: 1 }], reason: "Canceled" } }), 409);
  });

  it("refuses bad input with the field and the reason", async () => {
    const { owner } = await shippedOrder();
    const post = (b: unknown) => as(api, owner.token, returns.createReturnOrder, { body: b as never });
    const ok = { orderId: "1001", lines: [{ sku: "TEE-BLK-M", quantity: 1 }], reason: "Too small" };
    await expectError(post({ ...ok, lines: [] }), 400, "body.lines", /at least one line/);
    await expectError(post({ ...ok, lines: [{ sku: "TEE-BLK-M", quantity: 0 }] }), 400, "body.lines.0.quantity", /at least 1/);
    await expectError(post({ ...ok, lines: [{ sku: "MUG-01", quantity: 1 }] }), 400, "body.lines.0.sku", /is not on order #1001/);
    await expectError(post({ ...ok, reason: "" }), 400, "body.reason");
    await expectError(post({ ...ok, orderId: "not an order" }), 400, "body.orderId", /order number like 1043/);
    await expectError(post({ ...ok, refundMethod: "CASH" }), 400, "body.refundMethod");
    await expectError(as(api, owner.token, returns.getReturnOrder, { params: { id: "R-x" } }), 400, "params.id", /RMA-1001/);
    await expectError(as(api, owner.token, returns.listReturnOrders, { query: { filter: "DONE" as never } }), 400, "query.filter");
    await expectError(as(api, owner.token, returns.cancelReturnOrder, { params: { id: "RMA-1001" }, body: { reason: "" } }), 400, "body.reason");
    await expectError(as(api, owner.token, returns.shipReturnOrder, { params: { id: "RMA-1001" }, body: { trackingNumber: "no spaces!" } }), 400, "body.trackingNumber");
    const settings = { refundMethod: "AUTOMATIC", returnFee: "FREE", feeCents: 300, refundDestination: "ORIGINAL_PAYMENT", returnWindowDays: 30, restockOnReceipt: true };
    await expectError(as(api, owner.token, returns.updateReturnSettings, { body: settings as never }), 400, "body.feeCents", /0 with free returns/);
    await expectError(as(api, owner.token, returns.updateReturnSettings, { body: { ...settings, feeCents: 0, returnWindowDays: 0 } as never }), 400, "body.returnWindowDays");
    await expectError(as(api, owner.token, returns.getReturnOrder, { params: { id: "RMA-1999" } }), 404);
    await expectError(post({ ...ok, orderId: "4040" }), 404);
  });

  it("keeps stores apart, asks for a session, enforces roles and refuses preview accounts", async () => {
    const { owner } = await shippedOrder();
    const r = await as(api, owner.token, returns.createReturnOrder, { body: { orderId: "1001", lines: [{ sku: "TEE-BLK-M", quantity: 1 }], reason: "Too small" } });
    const other = await registerUser(api);
    await expectError(as(api, other.token, returns.getReturnOrder, { params: { id: r.id } }), 404);
    await expectError(as(api, other.token, returns.receiveReturnOrder, { params: { id: r.id }, body: {} }), 404);
    await expectError(as(api, other.token, returns.cancelReturnOrder, { params: { id: "RMA-1001" }, body: { reason: "Not yours" } }), 404);
    await expectError(as(api, other.token, returns.createReturnOrder, { body: { orderId: "1001", lines: [{ sku: "TEE-BLK-M", quantity: 1 }], reason: "Not yours" } }), 404);
    await expectError(as(api, other.token, returns.listReturnOrders, { query: { orderId: r.orderId } }), 404);
    expect((await as(api, other.token, returns.listReturnOrders, {})).total).toBe(0);

    await expectError(api.client.call(returns.listReturnOrders, {}), 401);
    await expectError(api.client.call(returns.createReturnOrder, { body: { orderId: "1001", lines: [{ sku: "TEE-BLK-M", quantity: 1 }], reason: "Anonymous" } }), 401);

    // CX opens, ships and cancels returns but does not refund, nor change the policy.
    const cx = await teamMember(api, owner, "CX");
    await as(api, cx.token, returns.shipReturnOrder, { params: { id: r.id }, body: {} });
    await expectError(as(api, cx.token, returns.receiveReturnOrder, { params: { id: r.id }, body: {} }), 403);
    await expectError(as(api, cx.token, returns.updateReturnSettings, { body: { refundMethod: "MANUAL", returnFee: "FREE", refundDestination: "ORIGINAL_PAYMENT", returnWindowDays: 14, restockOnReceipt: true } }), 403);
    const admin = await teamMember(api, owner, "ADMIN");
    expect((await as(api, admin.token, returns.receiveReturnOrder, { params: { id: r.id }, body: {} })).status).toBe("RECEIVED");

    const preview = await previewStore(api);
    await expectError(as(api, preview.token, returns.getReturnSettings, {}), 403);
    await expectError(as(api, preview.token, returns.createReturnOrder, { body: { orderId: "1001", lines: [{ sku: "TEE-BLK-M", quantity: 1 }], reason: "Preview" } }), 403);
    expect((await as(api, owner.token, returns.getReturnSettings, {})).refundMethod).toBe("AUTOMATIC");
  });

  it("gives concurrent returns of the last units to one of them only", async () => {
    const { owner } = await shippedOrder();
    const tries = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => as(api, owner.token, returns.createReturnOrder, { body: { orderId: "1001", lines: [{ sku: "TEE-BLK-M", quantity: 2 }], reason: `Try ${i}` } })),
    );
    expect(tries.filter((t) => t.status === "fulfilled")).toHaveLength(1);
    expect(tries.filter((t) => t.status === "rejected").map((t) => (t as PromiseRejectedResult).reason.status)).toEqual([409, 409, 409, 409]);
  });
});
