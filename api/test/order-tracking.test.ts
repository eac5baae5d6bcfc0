import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "@atelier/contracts";
import { as, expectError, registerUser, startTestApi, testConfig, type TestApi, type TestUser } from "./harness";
import { manualOrderBody, stockSku } from "../../test/factories";

// Manual orders with their shipping method, and the public /track-order lookup: by number and
// e-mail or postcode, or by tracking number; nothing but status and steps leaves the store.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const track = (query: Record<string, string>) => api.client.call(orders.trackOrder, { query: query as never });
/** A postcode no other test's order uses (the factory's is 94607), so a lookup by it is this test's. */
const freshPostcode = () => `T${crypto.randomUUID().replace(/-/g, "").slice(0, 6).toUpperCase()}`;

async function orderShippingTo(owner: TestUser, postalCode: string, extra: Record<string, unknown> = {}) {
  const body = { ...manualOrderBody([{ sku: "TEE-BLK-M", quantity: 2, unitPriceCents: 4321 }]), ...extra };
  return as(api, owner.token, orders.createManualRetailOrder, { body: { ...body, shippingAddress: { ...body.shippingAddress, postalCode } } });
}

describe("manual orders with a shipping method", () => {
  it("keeps the method chosen (Standard when none is) and refuses an unknown one naming the field", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 10);
    const fast = await orderShippingTo(owner, "94607", { shippingMethod: "EXPEDITED" });
    expect(fast.shippingMethod).toBe("EXPEDITED");
    expect((await as(api, owner.token, orders.getOrder, { params: { id: String(fast.orderNumber) } })).shippingMethod).toBe("EXPEDITED");
    expect((await orderShippingTo(owner, "94607")).shippingMethod).toBe("STANDARD");
    await expectError(orderShippingTo(owner, "94607", { shippingMethod: "TELEPORT" }), 400, "body.shippingMethod");
  });
});

describe("public order tracking", () => {
  it("finds an order by number and e-mail or postcode and shows its status and steps, never the store's data", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 10);
    const postcode = freshPostcode();
    const order = await orderShippingTo(owner, `${postcode.slice(0, 3)} ${postcode.slice(3)}`, { note: "VIP: gift wrap, call 555-0199" });
    const email = order.email!;

    const byEmail = await track({ orderNumber: `#${order.orderNumber}`, contact: email.toUpperCase() });
    expect(byEmail).toMatchObject({ order: { orderNumber: order.orderNumber, storeName: owner.store.title, itemCount: 2 }, status: "RECEIVED", statusText: "The store has received your order.", shipments: [] });
    expect(byEmail.timeline.map((s) => s.message)).toEqual(["Order placed"]);
    // Postcodes match without spaces or case.
    expect((await track({ orderNumber: String(order.orderNumber), contact: postcode.toLowerCase() })).order?.orderNumber).toBe(order.orderNumber);

    // A hold's reason is the store's: the buyer reads that the order is being reviewed.
    await as(api, owner.token, orders.holdOrder, { params: { id: order.id }, body: { reason: "Suspected fraud, check the card" } });
    const held = await track({ orderNumber: String(order.orderNumber), contact: email });
    expect(held.status).toBe("ON_HOLD");
    expect(held.timeline.map((s) => s.message)).toEqual(["Order placed", "Paused: the store is reviewing the order"]);
    const text = JSON.stringify(held);
    for (const secret of ["fraud", "Ada", "Harbor", "4321", "8642", "VIP", email, order.id, owner.store.id]) expect(text).not.toContain(secret);

    // Wrong contact and wrong number read the same, so neither can be probed.
    const wrongContact = await expectError(track({ orderNumber: String(order.orderNumber), contact: "someone@example.com" }), 404);
    const wrongNumber = await expectError(track({ orderNumber: "987654321", contact: email }), 404);
    expect(wrongContact.message).toBe(wrongNumber.message);
    expect(wrongContact.message).toMatch(/^No order matches these details/);
  });

  it("follows the order to the carrier and finds the parcel by its tracking number alone", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 10);
    const order = await orderShippingTo(owner, freshPostcode());
    await as(api, owner.token, orders.submitOrderFulfilment, { params: { id: order.id } }, crypto.randomUUID());
    let shipped = await track({ orderNumber: String(order.orderNumber), contact: order.email! });
    for (let i = 0; i < 200 && shipped.status !== "SHIPPED"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      shipped = await track({ orderNumber: String(order.orderNumber), contact: order.email! });
    }
    expect(shipped).toMatchObject({ status: "SHIPPED", statusText: "Your order has shipped." });
    expect(shipped.timeline.map((s) => s.message)).toEqual([
      "Order placed", "Sent to the warehouse", "The warehouse accepted the order", "Items picked from the shelves", "Packed and waiting for the carrier", "Handed to the carrier",
    ]);
    const parcel = shipped.shipments[0]!;
    expect(parcel).toMatchObject({ carrier: "Atelier Post", trackingUrl: `/track-order?tracking=${parcel.trackingNumber}` });

    // The carrier's link names the parcel, not the order or its store.
    const byTracking = await track({ tracking: parcel.trackingNumber!.toLowerCase() });
    expect(byTracking).toMatchObject({ order: null, status: "SHIPPED", shipments: [{ trackingNumber: parcel.trackingNumber }] });
    await expectError(track({ tracking: "LA000000000US" }), 404);
  });

  it("asks for the e-mail when the same number and postcode match orders of two stores", async () => {
    const postcode = freshPostcode();
    const [a, b] = [await registerUser(api), await registerUser(api)];
    for (const s of [a, b]) await stockSku(api, s.token, "TEE-BLK-M", 5);
    const [first, second] = [await orderShippingTo(a, postcode), await orderShippingTo(b, postcode)];
    expect(first.orderNumber).toBe(second.orderNumber);
    const both = await expectError(track({ orderNumber: String(first.orderNumber), contact: postcode }), 404);
    expect(both.message).toMatch(/Several orders match.*e-mail/);
    // Each buyer's e-mail still finds their own order at their own store.
    expect((await track({ orderNumber: String(first.orderNumber), contact: second.email! })).order?.storeName).toBe(b.store.title);
  });

  it("refuses bad lookups naming the field and the reason", async () => {
    await expectError(track({ orderNumber: "1043" }), 400, "query.contact", /e-mail or postcode/);
    await expectError(track({ contact: "ada@example.com" }), 400, "query.orderNumber", /is needed/);
    await expectError(track({ orderNumber: "ten", contact: "ada@example.com" }), 400, "query.orderNumber", /order number like 1043/);
    await expectError(track({ orderNumber: "1043", contact: "a$b!" }), 400, "query.contact", /e-mail or postcode/);
    await expectError(track({ tracking: "LA 1" }), 400, "query.tracking");
    await expectError(track({ orderNumber: "1043", contact: "ada@example.com", page: "1" }), 400);
  });

  it("slows down a connection that tries many lookups (429 with a sentence)", async () => {
    const limited = await startTestApi({ config: testConfig({ trackOrderPerClientPerMinute: 3 }) });
    try {
      const attempt = () => limited.client.call(orders.trackOrder, { query: { orderNumber: "1", contact: "nobody@example.com" } as never }).then(() => 200, (e: { status: number }) => e.status);
      expect([await attempt(), await attempt(), await attempt()]).toEqual([404, 404, 404]);
      const limitedErr = await expectError(limited.client.call(orders.trackOrder, { query: { orderNumber: "1", contact: "nobody@example.com" } as never }), 429);
      expect(limitedErr.message).toMatch(/Too many lookups/);
    } finally {
      await limited.close();
    }
  });
});
