import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { orders, ROOM_JOIN, type RealtimePayload } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi } from "./harness";
import { manualOrderBody, stockSku } from "../../test/factories";
import { socketClients } from "./sockets";

// Live order events over real sockets: every change of an order reaches its store's room, and no
// other store's.
let api: TestApi;
const clients = socketClients(() => api.url);
beforeAll(async () => {
  api = await startTestApi();
});
afterEach(() => {
  clients.closeAll();
});
afterAll(() => api.close());

const open = (token: string) => clients.open(token);

type OrderEvent = RealtimePayload<"order.updated">;

/** Collects `order.updated` and `order.created` events on the socket until `until` holds for one. */
function collect(socket: Socket, until: (e: OrderEvent) => boolean): { events: OrderEvent[]; done: Promise<void> } {
  const events: OrderEvent[] = [];
  const done = new Promise<void>((resolve) => {
    const on = (name: string) => (e: OrderEvent) => {
      events.push({ ...e, name } as OrderEvent);
      if (until(e)) resolve();
    };
    socket.on("order.updated", on("order.updated"));
    socket.on("order.created", on("order.created"));
  });
  return { events, done };
}

describe("order events over the realtime module", () => {
  it("tell the store's open screens about a manual order, its hold and release, and each fulfilment stage up to shipped", async () => {
    const owner = await registerUser(api);
    const stranger = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 5);
    const mine = await open(owner.token);
    const theirs = await open(stranger.token);
    const seen = collect(mine, (e) => e.shipmentStatus === "SHIPPED");
    const leaked = collect(theirs, () => false);

    const order = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 1 }]) });
    const held = await as(api, owner.token, orders.holdOrder, { params: { id: order.id }, body: { reason: "Check the address" } });
    await as(api, owner.token, orders.releaseOrderHold, { params: { id: order.id, holdId: held.holds[0]!.id }, body: {} });
    await as(api, owner.token, orders.submitOrderFulfilment, { params: { id: order.id } });
    await seen.done;

    const steps = seen.events.map((e) => [(e as OrderEvent & { name: string }).name, e.processingStatus, e.shipmentStatus]);
    expect(steps.slice(0, 4)).toEqual([
      ["order.created", "OUTSTANDING", null],
      ["order.updated", "ON_HOLD", null],
      ["order.updated", "OUTSTANDING", null],
      ["order.updated", "PROCESSING", "SUBMITTED"],
    ]);
    expect(steps.slice(4).map((s) => s[2])).toEqual(["ACCEPTED", "PICKED", "PACKED", "SHIPPED"]);
    expect(seen.events.at(-1)).toMatchObject({ orderId: order.id, orderNumber: order.orderNumber, processingStatus: "FINISHED", fulfillmentState: "FULFILLED", cancellationState: "NONE" });
    // Another store's socket got nothing (it was open the whole time).
    expect(leaked.events).toEqual([]);
  });

  it("say nothing for a change that was refused", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 5);
    const order = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 1 }]) });
    const mine = await open(owner.token);
    const seen = collect(mine, () => false);
    await as(api, owner.token, orders.cancelOrder, { params: { id: order.id }, body: { reason: "Customer asked" } });
    const refused = await as(api, owner.token, orders.holdOrder, { params: { id: order.id }, body: { reason: "Too late" } }).then(() => null, (e: unknown) => e);
    expect(refused).toBeTruthy();
    await as(api, owner.token, orders.addOrderNote, { params: { id: order.id }, body: { note: "Refunded by hand" } });
    // An acknowledged request is answered after every event emitted before it (one ordered connection).
    await mine.timeout(5000).emitWithAck(ROOM_JOIN, { kind: "user", id: "anyone" });
    expect(seen.events.map((e) => e.cancellationState)).toEqual(["CANCELED", "CANCELED"]);
  });
});
