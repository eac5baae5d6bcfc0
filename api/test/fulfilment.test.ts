import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, inventory, orders } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { createOrder, manualOrderBody, previewStore, stockSku, teamMember } from "../../test/factories";
import { createLocalFulfilment, isS10, localCarrierShipment, s10CheckDigit } from "../src/providers/fulfilment";
import { advanceFulfilmentJob } from "../src/services/orders/advance-fulfilment";
import type { AppDeps } from "../src/context";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function expectError(promise: Promise<unknown>, status: number): Promise<ApiError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).status).toBe(status);
  return err as ApiError;
}

/** Reads the order until `done` holds (the background job moves it); fails after many reads. */
async function orderWhen(owner: TestUser, id: string, done: (o: Awaited<ReturnType<typeof getOrder>>) => boolean) {
  for (let i = 0; i < 200; i++) {
    const o = await getOrder(owner, id);
    if (done(o)) return o;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Order ${id} never reached the expected state`);
}
const getOrder = (owner: TestUser, id: string) => as(api, owner.token, orders.getOrder, { params: { id } });

async function stockedOrder(units = 10, quantity = 2) {
  const owner = await registerUser(api);
  await stockSku(api, owner.token, "TEE-BLK-M", units);
  const order = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity }]) });
  return { owner, order };
}

/** A fulfilment already at a stage, with no job queued for it (the test runs the job's handler itself). */
async function fulfilmentAt(storeId: string, orderId: string, status: string): Promise<string> {
  const { rows } = await api.deps.pool.query<{ id: string }>(`INSERT INTO fulfilments (store_id, order_id, provider, status, external_id) VALUES ($1, $2, 'local', $3, 'LFC-TEST') RETURNING id`, [storeId, orderId, status]);
  await api.deps.pool.query(`UPDATE orders SET processing_status = 'PROCESSING' WHERE id = $1`, [orderId]);
  return rows[0]!.id;
}
const runStage = (deps: AppDeps, fulfilmentId: string, attempt = 1) => advanceFulfilmentJob(deps).handler({ fulfilmentId }, { attempt } as never);
// The next stage is queued an hour out, so no worker of the shared database moves the order while the test reads it.
const withCenter = (center: ReturnType<typeof createLocalFulfilment>): AppDeps => ({
  ...api.deps, config: { ...api.deps.config, fulfilment: { stepMs: 3_600_000 } }, providers: { ...api.deps.providers, fulfilment: center },
});

describe("the local carrier", () => {
  it("numbers shipments in the UPU S10 format with a valid check digit", () => {
    // The format's published example: serial 47312482, check digit 9.
    expect(s10CheckDigit("47312482")).toBe(9);
    expect(isS10("RR473124829GB")).toBe(true);
    expect(isS10("RR473124828GB")).toBe(false);
    for (let i = 0; i < 20; i++) expect(isS10(localCarrierShipment().trackingNumber)).toBe(true);
  });
});

describe("the local fulfilment provider", () => {
  it("takes a sent order through accepted, picked, packed and shipped, with a tracking number, the ledger and the stock", async () => {
    const { owner, order } = await stockedOrder(10, 2);
    expect(order.actions.fulfil).toEqual({ allowed: true, reason: null });
    const sent = await as(api, owner.token, orders.submitOrderFulfilment, { params: { id: String(order.orderNumber) } });
    expect(sent.processingStatus).toBe("PROCESSING");
    expect(sent.actions.fulfil.allowed).toBe(false);
    const shipped = await orderWhen(owner, order.id, (o) => o.fulfillmentState === "FULFILLED");
    expect(shipped).toMatchObject({ processingStatus: "FINISHED", fulfillmentState: "FULFILLED" });
    expect(shipped.lines[0]!.fulfilledQuantity).toBe(2);
    const [shipment] = shipped.shipments;
    expect(shipment).toMatchObject({ status: "SHIPPED", carrier: "Atelier Post", service: "Ground", lastError: null });
    expect(isS10(shipment!.trackingNumber!)).toBe(true);
    const steps = shipped.timeline.filter((e) => e.kind === "FULFILMENT_UPDATED").map((e) => e.toStatus);
    expect(steps).toEqual(["SUBMITTED", "ACCEPTED", "PICKED", "PACKED", "SHIPPED"]);
    expect(shipped.timeline.at(-1)!.message).toBe(`Shipped with Atelier Post Ground, tracking ${shipment!.trackingNumber}`);
    expect(shipped.timeline.at(-1)!.actor).toEqual({ userId: null, userName: null, rule: "Fulfilment center" });
    const stock = await as(api, owner.token, inventory.getInventoryItem, { params: { sku: "TEE-BLK-M" } });
    expect(stock).toMatchObject({ onHand: 8, reserved: 0, available: 8 });
    expect(stock.movements[0]).toMatchObject({ kind: "SHIPPED", onHandChange: -2, reservedChange: -2, orderNumber: order.orderNumber });
    // Shipped: it can't be sent, held or canceled again.
    expect((await expectError(as(api, owner.token, orders.submitOrderFulfilment, { params: { id: order.id } }), 409)).message).toBe(`Order #${order.orderNumber} has already shipped.`);
  });

  it("refuses orders that can't go, with the reason (409), and keeps stores apart (404)", async () => {
    const { owner, order } = await stockedOrder(10, 2);
    await as(api, owner.token, orders.holdOrder, { params: { id: order.id }, body: { reason: "Check the address" } });
    const held = await expectError(as(api, owner.token, orders.submitOrderFulfilment, { params: { id: order.id } }), 409);
    expect(held.message).toBe(`Order #${order.orderNumber} is on hold; release its holds before sending it to the fulfilment center.`);
    await as(api, owner.token, orders.cancelOrder, { params: { id: order.id }, body: { reason: "Customer asked" } });
    expect((await expectError(as(api, owner.token, orders.submitOrderFulfilment, { params: { id: order.id } }), 409)).message).toMatch(/is canceled/);

    // A synced order of a SKU since sold out at the center.
    await stockSku(api, owner.token, "CAP-RED", 0);
    await createOrder(api, owner.store.id, { orderNumber: 1700 });
    await api.deps.pool.query(`INSERT INTO order_line_items (order_id, store_id, sku, title, quantity, unit_price_cents) SELECT id, store_id, 'CAP-RED', 'Cap', 1, 100 FROM orders WHERE store_id = $1 AND order_number = 1700`, [owner.store.id]);
    expect((await expectError(as(api, owner.token, orders.submitOrderFulfilment, { params: { id: "1700" } }), 409)).message).toBe("Order #1700 can't be sent yet: not enough stock for CAP-RED (wanted 1, 0 available).");

    const other = await registerUser(api);
    await expectError(as(api, other.token, orders.submitOrderFulfilment, { params: { id: "1700" } }), 404);
    await expectError(as(api, owner.token, orders.submitOrderFulfilment, { params: { id: "x" } }), 400);
    const preview = await previewStore(api);
    const previewOrder = await createOrder(api, preview.store.id, { orderNumber: 1001 });
    await expectError(as(api, preview.token, orders.submitOrderFulfilment, { params: { id: previewOrder } }), 403);
  });

  it("lets the store's team send orders (CX included)", async () => {
    const { owner, order } = await stockedOrder(5, 1);
    const cx = await teamMember(api, owner, "CX");
    expect((await as(api, cx.token, orders.submitOrderFulfilment, { params: { id: order.id } })).processingStatus).toBe("PROCESSING");
    await orderWhen(owner, order.id, (o) => o.fulfillmentState === "FULFILLED");
  });

  it("retries a center that doesn't answer, and fails the shipment with the reason after the last attempt", async () => {
    const { owner, order } = await stockedOrder(5, 1);
    const flaky = withCenter(createLocalFulfilment({ transientFailures: 1 }));
    const id = await fulfilmentAt(owner.store.id, order.id, "ACCEPTED");
    await expect(runStage(flaky, id, 1)).rejects.toThrow("The fulfilment center did not answer in time.");
    let o = await getOrder(owner, order.id);
    expect(o.shipments[0]).toMatchObject({ status: "ACCEPTED", lastError: "The fulfilment center did not answer in time." });
    expect(await runStage(flaky, id, 2)).toEqual({ status: "PICKED" });
    o = await getOrder(owner, order.id);
    expect(o.shipments[0]).toMatchObject({ status: "PICKED", lastError: null });

    const down = withCenter(createLocalFulfilment({ transientFailures: 99 }));
    const { owner: owner2, order: order2 } = await stockedOrder(5, 1);
    const id2 = await fulfilmentAt(owner2.store.id, order2.id, "PACKED");
    await expect(runStage(down, id2, 5)).rejects.toThrow();
    o = await getOrder(owner2, order2.id);
    expect(o.shipments[0]).toMatchObject({ status: "FAILED" });
    expect(o.timeline.at(-1)!.message).toBe("The fulfilment center failed after 5 attempts: The fulfilment center did not answer in time. Send the order again when it is back.");
    expect(o.actions.fulfil.allowed).toBe(true);
  });

  it("stops when the order is canceled at the center, and waits while it is held", async () => {
    const { owner, order } = await stockedOrder(5, 2);
    const id = await fulfilmentAt(owner.store.id, order.id, "PICKED");
    await as(api, owner.token, orders.holdOrder, { params: { id: order.id }, body: { reason: "Customer called" } });
    expect(await runStage(withCenter(createLocalFulfilment()), id)).toEqual({ status: "PICKED" });
    expect((await getOrder(owner, order.id)).shipments[0]!.status).toBe("PICKED");

    const canceled = await as(api, owner.token, orders.cancelOrder, { params: { id: order.id }, body: { reason: "Customer changed their mind" } });
    expect(canceled.shipments[0]).toMatchObject({ status: "CANCELED", lastError: "The order was canceled before it shipped." });
    expect(await runStage(withCenter(createLocalFulfilment()), id)).toEqual({ status: "CANCELED" });
    expect((await as(api, owner.token, inventory.getInventoryItem, { params: { sku: "TEE-BLK-M" } })).reserved).toBe(0);
  });
});
