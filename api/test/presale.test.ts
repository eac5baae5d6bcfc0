import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, presales, receivings, salesChannels, type RealtimePayload } from "@atelier/contracts";
import { as, expectError, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { socketClients } from "./sockets";
import { manualOrderBody, previewStore, shopifyOrdersCsv, stockSku, teamMember } from "../../test/factories";

// Pre-sale through HTTP on a real database: orders short of stock become pre-orders up to the cap,
// wait on a "Pre-sale" hold naming the shipment and the date, and are allocated first come, first
// served as stock is counted in (partial receipts too); the cap holds under parallel orders;
// cancelling and ending; bad input, roles, preview accounts and other stores. Every assertion
// reads this file's own stores (the database is shared with other files).

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => {
  clients.closeAll();
  return api.close();
});
const clients = socketClients(() => api.url);

const order = (owner: TestUser, n: number) => as(api, owner.token, orders.getOrder, { params: { id: String(n) } });
const place = (owner: TestUser, sku: string, quantity: number) => as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku, quantity, unitPriceCents: 2400 }]) });
const receive = (owner: TestUser, sn: string, sku: string, received: number) => as(api, owner.token, receivings.receiveReceiving, { params: { sn }, body: { lines: [{ sku, received }] } });

/** A store with `onHand` blue mugs and a receiving (RCV-1001) bringing 20 more, expected on 15 January 2031. */
async function mugStore(onHand: number) {
  const owner = await registerUser(api);
  await stockSku(api, owner.token, "MUG-BLUE", onHand, { title: "Blue mug" });
  const rcv = await as(api, owner.token, receivings.createReceiving, { body: { supplierName: "Jingdezhen Ceramics", boxCount: 2, expectedArrival: "2031-01-15", lines: [{ sku: "MUG-BLUE", expectedQuantity: 20 }] } });
  return { owner, sn: `RCV-${rcv.number}` };
}

describe("pre-sale", () => {
  it("takes orders past the stock as pre-orders up to the cap and allocates them first come, first served as stock is received", async () => {
    const { owner, sn } = await mugStore(2);
    const incoming = await as(api, owner.token, presales.listIncomingShipments, { query: { sku: "mug-blue" } });
    expect(incoming).toEqual({ sku: "MUG-BLUE", title: "Blue mug", available: 2, list: [{ kind: "RECEIVING", ref: sn, words: `receiving ${sn}`, units: 20, arrivalDate: "2031-01-15", defaultShipDate: "2031-01-17" }] });

    const started = await as(api, owner.token, presales.startPresale, { body: { sku: "mug-blue", receivingSn: sn, cap: 5 } });
    expect(started).toMatchObject({ sku: "MUG-BLUE", title: "Blue mug", status: "ACTIVE", cap: 5, sold: 0, left: 5, expectedShipDate: "2031-01-17", expectedShipWords: "17 January 2031", source: { kind: "RECEIVING", ref: sn } });
    await expectError(as(api, owner.token, presales.startPresale, { body: { sku: "MUG-BLUE", receivingSn: sn, cap: 9 } }), 409);

    // In stock: an ordinary order. Past the stock: pre-orders, each whole line against the cap.
    const inStock = await place(owner, "MUG-BLUE", 1);
    expect(inStock.processingStatus).toBe("OUTSTANDING");
    const first = await place(owner, "MUG-BLUE", 3);
    expect(first.processingStatus).toBe("ON_HOLD");
    expect(first.holds.map((h) => [h.reason, h.setBy.rule])).toEqual([[`Pre-sale: expected to ship on 17 January 2031; 3 × MUG-BLUE wait for receiving ${sn}`, "Pre-sale"]]);
    const second = await place(owner, "MUG-BLUE", 2);
    const refused = await expectError(place(owner, "MUG-BLUE", 2), 409);
    expect(refused.message).toBe("The pre-sale of Blue mug (MUG-BLUE) is sold out (all 5 units are pre-ordered) and 1 unit is in stock; this order wants 2.");
    expect(await as(api, owner.token, presales.getPresale, { params: { id: started.id } })).toMatchObject({ sold: 5, left: 0, waitingOrders: 2, waitingUnits: 5 });
    // The orders list marks the order with the date in words.
    const inList = await as(api, owner.token, orders.listOrders, { query: { search: String(first.orderNumber) } });
    expect(inList.list.find((o) => o.orderNumber === first.orderNumber)?.preSale).toBe(`Pre-sale: expected to ship on 17 January 2031; 3 × MUG-BLUE wait for receiving ${sn}`);
    const listed = await as(api, owner.token, presales.listPresales, { query: { search: "blue" } });
    expect(listed).toMatchObject({ total: 1, waitingOrders: 2, waitingUnits: 5 });
    const queue = await as(api, owner.token, presales.listPreorders, { params: { id: started.id } });
    expect(queue.list.map((o) => [o.position, o.orderNumber, o.quantity, o.status])).toEqual([[1, first.orderNumber, 3, "WAITING"], [2, second.orderNumber, 2, "WAITING"]]);

    // 3 arrive: with the 1 unit left in stock, the first pre-order (3) is filled; the second (2) waits.
    const sockets = await clients.open(owner.token);
    const event = new Promise<RealtimePayload<"presale.allocated">>((resolve) => sockets.once("presale.allocated", resolve));
    await receive(owner, sn, "MUG-BLUE", 3);
    expect(await event).toEqual({ presaleId: started.id, sku: "MUG-BLUE", orders: [first.orderNumber], units: 3, stillWaiting: 1 });
    const filled = await order(owner, first.orderNumber);
    expect(filled.processingStatus).toBe("OUTSTANDING");
    expect(filled.holds[0]).toMatchObject({ releaseNote: `Stock counted in on ${sn}` });
    expect((await order(owner, second.orderNumber)).processingStatus).toBe("ON_HOLD");
    expect((await as(api, owner.token, presales.listPreorders, { params: { id: started.id }, query: { status: "WAITING" } })).list.map((o) => o.orderNumber)).toEqual([second.orderNumber]);

    // 1 more and the unit left over make the second's 2.
    await receive(owner, sn, "MUG-BLUE", 1);
    expect((await order(owner, second.orderNumber)).processingStatus).toBe("OUTSTANDING");
    expect(await as(api, owner.token, presales.getPresale, { params: { id: started.id } })).toMatchObject({ sold: 5, waitingOrders: 0, waitingUnits: 0 });
  });

  it("never passes the cap when orders for the last units arrive at once", async () => {
    const { owner, sn } = await mugStore(0);
    const started = await as(api, owner.token, presales.startPresale, { body: { sku: "MUG-BLUE", receivingSn: sn, cap: 4, expectedShipDate: "2031-02-01" } });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => place(owner, "MUG-BLUE", 1)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(4);
    expect(await as(api, owner.token, presales.getPresale, { params: { id: started.id } })).toMatchObject({ sold: 4, left: 0, waitingOrders: 4 });
  });

  it("gives a canceled pre-order's units back, and ending says what happens to the orders still waiting", async () => {
    const { owner, sn } = await mugStore(0);
    const started = await as(api, owner.token, presales.startPresale, { body: { sku: "MUG-BLUE", receivingSn: sn, cap: 3 } });
    const a = await place(owner, "MUG-BLUE", 2);
    const b = await place(owner, "MUG-BLUE", 1);
    await as(api, owner.token, orders.cancelOrder, { params: { id: String(a.orderNumber) }, body: { reason: "Customer changed their mind" } });
    expect(await as(api, owner.token, presales.getPresale, { params: { id: started.id } })).toMatchObject({ sold: 1, left: 2, waitingOrders: 1 });

    const ended = await as(api, owner.token, presales.endPresale, { params: { id: started.id }, body: {} });
    expect(ended.presale).toMatchObject({ status: "ENDED", left: 0 });
    expect(ended.message).toBe(`The pre-sale of Blue mug (MUG-BLUE) has ended: no new pre-orders are taken. The order still waiting (#${b.orderNumber}, 1 unit) keeps its place and will be allocated in order when the stock of receiving ${sn} is received; cancel any you won't fill from Orders.`);
    await expectError(as(api, owner.token, presales.endPresale, { params: { id: started.id }, body: {} }), 409);
    // After the end, a short order waits on the ordinary out-of-stock hold; the waiting one still gets the stock first.
    const after = await place(owner, "MUG-BLUE", 1);
    expect(after.holds.map((h) => h.setBy.rule)).toEqual(["Out of stock"]);
    await receive(owner, sn, "MUG-BLUE", 1);
    expect((await order(owner, b.orderNumber)).processingStatus).toBe("OUTSTANDING");
    expect((await order(owner, after.orderNumber)).processingStatus).toBe("ON_HOLD");
  });

  it("takes imported orders as pre-orders too; past the cap an imported order, already sold, waits on the out-of-stock hold", async () => {
    const { owner, sn } = await mugStore(0);
    const started = await as(api, owner.token, presales.startPresale, { body: { sku: "MUG-BLUE", receivingSn: sn, cap: 3 } });
    const tag = Date.now().toString(36).toUpperCase();
    const form = new FormData();
    form.append("file", new Blob([shopifyOrdersCsv([{ id: `#A${tag}`, lines: [{ sku: "MUG-BLUE", quantity: 2, price: 24 }] }, { id: `#B${tag}`, lines: [{ sku: "MUG-BLUE", quantity: 2, price: 24 }] }])]), "orders_export_1.csv");
    const uploaded = (await (await fetch(`${api.url}/rest/main/web/orders/import-files`, { method: "POST", body: form, headers: { authorization: `Bearer ${owner.token}` } })).json()) as { id: string };
    await as(api, owner.token, salesChannels.startOrderImport, { body: { importId: uploaded.id } }, crypto.randomUUID());
    await expect.poll(async () => (await as(api, owner.token, salesChannels.getOrderImport, { params: { id: uploaded.id } })).status, { timeout: 20_000 }).toBe("COMPLETED");
    const placed = await as(api, owner.token, orders.listOrders, { query: { filter: "ON_HOLD" } });
    const rules = await Promise.all(placed.list.map(async (o) => (await order(owner, o.orderNumber)).holds.map((h) => h.setBy.rule)));
    expect(rules.flat().sort()).toEqual(["Out of stock", "Pre-sale"]);
    expect(await as(api, owner.token, presales.getPresale, { params: { id: started.id } })).toMatchObject({ sold: 2, left: 1, waitingOrders: 1 });
  });

  it("waits for a freight booking, defaulting the ship date from its arrival", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "MUG-SEA", 0, { title: "Sea mug" });
    const reference = `AF-CNSZX-${String(Date.now()).slice(-6)}`;
    await api.deps.pool.query(
      `INSERT INTO freight_bookings (store_id, reference, origin_code, mode, cartons, weight_kg, volume_cbm, goods, price_cents, transit_days, arrival_date, duty, duty_cents, charge_id)
       VALUES ($1, $2, 'CNSZX', 'LCL', 4, 60, 0.5, $3, 20400, 27, '2031-03-02', '{"lines":[],"totalCents":0,"basis":""}', 0, $4)`,
      [owner.store.id, reference, JSON.stringify([{ sku: "MUG-SEA", description: "Mugs", hsCode: "6912.00.44", units: 300, valueCents: 90000 }]), `test-${reference}`],
    );
    expect((await as(api, owner.token, presales.listIncomingShipments, { query: { sku: "MUG-SEA" } })).list).toEqual([
      { kind: "FREIGHT", ref: reference, words: `freight booking ${reference}`, units: 300, arrivalDate: "2031-03-02", defaultShipDate: "2031-03-04" },
    ]);
    const started = await as(api, owner.token, presales.startPresale, { body: { sku: "MUG-SEA", freightReference: reference.toLowerCase(), cap: 100 } });
    expect(started).toMatchObject({ expectedShipWords: "4 March 2031", source: { kind: "FREIGHT", ref: reference, words: `freight booking ${reference}` } });
  });

  it("edits the cap (never below what is sold) and the date (the waiting orders' holds follow), with who changed what in its history", async () => {
    const { owner, sn } = await mugStore(0);
    const started = await as(api, owner.token, presales.startPresale, { body: { sku: "MUG-BLUE", receivingSn: sn, cap: 5 } });
    const first = await place(owner, "MUG-BLUE", 3);
    const update = (body: { cap?: number; expectedShipDate?: string }) => as(api, owner.token, presales.updatePresale, { params: { id: started.id }, body });

    const below = await expectError(update({ cap: 2 }), 409);
    expect(below.message).toBe("3 units of Blue mug (MUG-BLUE) are already pre-ordered, so the cap can't go below 3; cancel pre-orders from Orders first to go lower.");
    const raised = await update({ cap: 200 });
    expect(raised.message).toBe("The cap of Blue mug (MUG-BLUE) is now 200 units (was 5); 197 units can still be pre-ordered.");
    expect(raised.presale).toMatchObject({ cap: 200, sold: 3, left: 197 });

    const moved = await update({ expectedShipDate: "2031-03-03" });
    expect(moved.message).toBe("Pre-orders of Blue mug (MUG-BLUE) are now expected to ship on 3 March 2031 (was 17 January 2031). The order waiting for it now says so.");
    const waiting = await order(owner, first.orderNumber);
    expect(waiting.holds.map((h) => h.reason)).toEqual([`Pre-sale: expected to ship on 3 March 2031; 3 × MUG-BLUE wait for receiving ${sn}`]);
    expect(waiting.timeline.at(-1)?.message).toBe("The pre-sale's expected ship date moved to 3 March 2031 (was 17 January 2031).");
    // Orders placed after the move wait with the new date too.
    const second = await place(owner, "MUG-BLUE", 1);
    expect(second.holds[0]!.reason).toBe(`Pre-sale: expected to ship on 3 March 2031; 1 × MUG-BLUE wait for receiving ${sn}`);

    const name = owner.user.username;
    const detail = await as(api, owner.token, presales.getPresale, { params: { id: started.id } });
    expect(detail.history.map((h) => [h.by, h.words])).toEqual([
      [name, `started it, waiting for receiving ${sn}`],
      [name, "raised the cap from 5 to 200 units"],
      [name, "moved the expected ship date from 17 January 2031 to 3 March 2031"],
    ]);
    // Ended: the date can still move (orders wait), the cap can't.
    await as(api, owner.token, presales.endPresale, { params: { id: started.id }, body: {} });
    expect((await expectError(update({ cap: 300 }), 409)).message).toBe("The pre-sale of Blue mug (MUG-BLUE) has ended, so its cap can't change; start a new pre-sale to take more pre-orders.");
    expect((await update({ expectedShipDate: "2031-03-10" })).message).toContain("The 2 orders waiting for it now say so.");

    await expectError(update({}), 400, "body.cap", /new cap or a new expected ship date/);
    await expectError(update({ cap: 0 }), 400, "body.cap", /at least 1/);
    await expectError(update({ expectedShipDate: "2020-01-01" }), 400, "body.expectedShipDate", /today or later/);
    await expectError(update({ expectedShipDate: "March 3" }), 400, "body.expectedShipDate", /date like/);
    const other = await registerUser(api);
    await expectError(as(api, other.token, presales.updatePresale, { params: { id: started.id }, body: { cap: 9 } }), 404);
    await expectError(as(api, (await teamMember(api, owner, "CX")).token, presales.updatePresale, { params: { id: started.id }, body: { cap: 9 } }), 403);
    await expectError(as(api, (await previewStore(api)).token, presales.updatePresale, { params: { id: started.id }, body: { cap: 9 } }), 403);
  });

  it("refuses bad input with the field and the reason, other stores, roles and preview accounts", async () => {
    const { owner, sn } = await mugStore(0);
    const start = (body: Record<string, unknown>) => as(api, owner.token, presales.startPresale, { body: body as never });
    await expectError(start({ sku: "MUG-BLUE", cap: 5 }), 400, "body.receivingSn", /must name the incoming shipment/);
    await expectError(start({ sku: "MUG-BLUE", receivingSn: sn, freightReference: "AF-1", cap: 5 }), 400, "body.freightReference", /one shipment only/);
    await expectError(start({ sku: "MUG-BLUE", receivingSn: sn, cap: 0 }), 400, "body.cap", /at least 1/);
    await expectError(start({ sku: "MUG-BLUE", receivingSn: sn, cap: 2.5 }), 400, "body.cap", /whole number/);
    await expectError(start({ sku: "MUG-BLUE", receivingSn: sn, cap: 5, expectedShipDate: "2031-02-30x" }), 400, "body.expectedShipDate", /date like/);
    await expectError(start({ sku: "MUG-BLUE", receivingSn: sn, cap: 5, expectedShipDate: "2020-01-01" }), 400, "body.expectedShipDate", /today or later/);
    await expectError(start({ sku: "NOPE", receivingSn: sn, cap: 5 }), 400, "body.sku", /not a SKU of your inventory/);
    await expectError(start({ sku: "MUG-BLUE", receivingSn: "RCV-9999", cap: 5 }), 400, "body.receivingSn", /not one/);
    await expectError(start({ sku: "MUG-BLUE", receivingSn: sn, cap: 5, extra: 1 }), 400);
    await expectError(as(api, owner.token, presales.listPresales, { query: { status: "OPEN" as never } }), 400, "query.status");
    await expectError(as(api, owner.token, presales.getPresale, { params: { id: "nope" } }), 400, "params.id");
    await expectError(as(api, owner.token, presales.listIncomingShipments, { query: { sku: "NOPE" } }), 404);

    const started = await as(api, owner.token, presales.startPresale, { body: { sku: "MUG-BLUE", receivingSn: sn, cap: 5 } });
    const other = await registerUser(api);
    await stockSku(api, other.token, "MUG-BLUE", 0, { title: "Their mug" });
    await expectError(as(api, other.token, presales.getPresale, { params: { id: started.id } }), 404);
    await expectError(as(api, other.token, presales.listPreorders, { params: { id: started.id } }), 404);
    await expectError(as(api, other.token, presales.endPresale, { params: { id: started.id }, body: {} }), 404);
    // Another store's receiving is not one of yours.
    await expectError(as(api, other.token, presales.startPresale, { body: { sku: "MUG-BLUE", receivingSn: sn, cap: 5 } }), 400, "body.receivingSn");
    expect((await as(api, other.token, presales.listPresales, {})).total).toBe(0);

    await expectError(api.client.call(presales.listPresales, {}, {}), 401);
    const cx = await teamMember(api, owner, "CX");
    expect((await as(api, cx.token, presales.listPresales, {})).total).toBe(1);
    await expectError(as(api, cx.token, presales.endPresale, { params: { id: started.id }, body: {} }), 403);
    const preview = await previewStore(api);
    await stockSku(api, owner.token, "MUG-RED", 0, { title: "Red mug" });
    const blocked = await expectError(as(api, preview.token, presales.startPresale, { body: { sku: "MUG-RED", receivingSn: sn, cap: 5 } }), 403);
    expect(blocked.message).toBe("Preview mode can't take this action.");
  });
});
