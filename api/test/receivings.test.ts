import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inventory, receivings } from "@atelier/contracts";
import { as, expectError, registerUser, startTestApi, type TestApi } from "./harness";
import { createSupplier, previewStore, stockSku, teamMember } from "../../test/factories";
import { PDFDocument } from "pdf-lib";
import { pdfImages, readCode128 } from "./fixtures/barcode-reader";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const stockOf = async (token: string, sku: string) => {
  const i = await as(api, token, inventory.getInventoryItem, { params: { sku } });
  return { onHand: i.onHand, incoming: i.incoming, bins: i.bins.map((b) => [b.bin, b.onHand, b.incoming]) };
};

describe("receivings: inbound shipments to the fulfilment center", () => {
  it("announces a shipment as incoming, counts it partly with damaged units, then in full; stock follows", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 5, { bin: "B-02" });
    const created = await as(api, owner.token, receivings.createReceiving, {
      body: {
        supplierName: "Ningbo Knitwear", boxCount: 3, expectedArrival: "2031-01-15",
        lines: [{ sku: "tee-blk-m", expectedQuantity: 20 }, { sku: "MUG-01", title: "Enamel mug", expectedQuantity: 10, bin: "c-03" }],
      },
    });
    expect(created).toMatchObject({ sn: "RCV-1001", deliveryStatus: "NOT_YET_SHIPPED", receivingStatus: "NONE", boxCount: 3, expectedArrival: "2031-01-15", supplierName: "Ningbo Knitwear" });
    // The SKU's fullest bin takes the units; a new SKU is added to the inventory with its name.
    expect(created.lines.map((l) => [l.sku, l.bin, l.expected, l.outstanding])).toEqual([["TEE-BLK-M", "B-02", 20, 20], ["MUG-01", "C-03", 10, 10]]);
    expect(await stockOf(owner.token, "TEE-BLK-M")).toEqual({ onHand: 5, incoming: 20, bins: [["B-02", 5, 20]] });
    expect((await as(api, owner.token, inventory.getInventoryItem, { params: { sku: "MUG-01" } })).title).toBe("Enamel mug");

    const shipped = await as(api, owner.token, receivings.updateReceivingDelivery, { params: { sn: "RCV-1001" }, body: { status: "NOT_YET_DELIVERED", carrier: "UPS", trackingNumber: "1Z999AA10123456784" } });
    expect(shipped).toMatchObject({ deliveryStatus: "NOT_YET_DELIVERED", carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    expect(shipped.shippedAt).not.toBeNull();
    await as(api, owner.token, receivings.updateReceivingDelivery, { params: { sn: "1001" }, body: { status: "IN_QUEUE" } });

    const partial = await as(api, owner.token, receivings.receiveReceiving, { params: { sn: "RCV-1001" }, body: { lines: [{ sku: "TEE-BLK-M", received: 12, damaged: 2 }], note: "One carton crushed" } });
    expect(partial).toMatchObject({ receivingStatus: "PARTIAL", deliveryStatus: "RECEIVED_BY_PROVIDER", totals: { expected: 30, received: 12, damaged: 2, outstanding: 16 } });
    expect(await stockOf(owner.token, "TEE-BLK-M")).toEqual({ onHand: 17, incoming: 6, bins: [["B-02", 17, 6]] });
    const ledger = (await as(api, owner.token, inventory.getInventoryItem, { params: { sku: "TEE-BLK-M" } })).movements[0]!;
    expect(ledger).toMatchObject({ kind: "RECEIVED", onHandChange: 12, note: "Received in RCV-1001; 2 units damaged, not stocked" });

    // Counting beyond what was announced is refused with the numbers.
    const over = await expectError(as(api, owner.token, receivings.receiveReceiving, { params: { sn: "RCV-1001" }, body: { lines: [{ sku: "TEE-BLK-M", received: 7 }] } }), 409);
    expect(over.message).toBe("Receiving RCV-1001 expects 20 units of TEE-BLK-M and 14 units were counted, so at most 6 units more can be counted. Add an overage to the inventory as an adjustment.");

    const done = await as(api, owner.token, receivings.receiveReceiving, { params: { sn: "RCV-1001" }, body: { lines: [{ sku: "TEE-BLK-M", received: 6 }, { sku: "MUG-01", received: 10 }] } });
    expect(done).toMatchObject({ receivingStatus: "RECEIVED", totals: { received: 28, damaged: 2, outstanding: 0 } });
    expect(done.receivedAt).not.toBeNull();
    expect(done.receipts.map((p) => [p.sku, p.received, p.damaged, p.note])).toEqual([["TEE-BLK-M", 12, 2, "One carton crushed"], ["TEE-BLK-M", 6, 0, ""], ["MUG-01", 10, 0, ""]]);
    expect(done.receipts[0]!.userName).toBe(owner.user.username);
    expect(await stockOf(owner.token, "MUG-01")).toEqual({ onHand: 10, incoming: 0, bins: [["C-03", 10, 0]] });
    await expectError(as(api, owner.token, receivings.receiveReceiving, { params: { sn: "RCV-1001" }, body: { lines: [{ sku: "MUG-01", damaged: 1 }] } }), 409);

    // The list pages in SQL with tabs, search and sort.
    await as(api, owner.token, receivings.createReceiving, { body: { supplierName: "Jingdezhen Ceramics", lines: [{ sku: "MUG-01", expectedQuantity: 4 }] } });
    const list = await as(api, owner.token, receivings.listReceivings, {});
    expect(list.list.map((r) => r.sn)).toEqual(["RCV-1002", "RCV-1001"]);
    expect(list.counts).toEqual({ ALL: 2, NONE: 1, PARTIAL: 0, RECEIVED: 1, CANCELED: 0 });
    expect((await as(api, owner.token, receivings.listReceivings, { query: { search: "jingdezhen" } })).list.map((r) => r.sn)).toEqual(["RCV-1002"]);
    expect((await as(api, owner.token, receivings.listReceivings, { query: { search: "tee-blk" } })).list.map((r) => r.sn)).toEqual(["RCV-1001"]);
    expect((await as(api, owner.token, receivings.listReceivings, { query: { search: "RCV-1002" } })).list.map((r) => r.sn)).toEqual(["RCV-1002"]);
    expect((await as(api, owner.token, receivings.listReceivings, { query: { filter: "RECEIVED" } })).list.map((r) => r.sn)).toEqual(["RCV-1001"]);
    expect((await as(api, owner.token, receivings.listReceivings, { query: { sort: "number", size: 1 } })).list.map((r) => r.sn)).toEqual(["RCV-1001"]);
  });

  it("finishes a short receiving and cancels an uncounted one, taking what never came out of incoming", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "CAP-RED", 0);
    await as(api, owner.token, receivings.createReceiving, { body: { lines: [{ sku: "CAP-RED", expectedQuantity: 10 }] } });
    const short = await as(api, owner.token, receivings.receiveReceiving, { params: { sn: "RCV-1001" }, body: { lines: [{ sku: "CAP-RED", received: 7 }], finish: true } });
    expect(short).toMatchObject({ receivingStatus: "PARTIAL", closed: true, totals: { received: 7, outstanding: 0 } });
    expect(await stockOf(owner.token, "CAP-RED")).toEqual({ onHand: 7, incoming: 0, bins: [["A-01", 7, 0]] });
    const after = await expectError(as(api, owner.token, receivings.receiveReceiving, { params: { sn: "RCV-1001" }, body: { lines: [{ sku: "CAP-RED", received: 1 }] } }), 409);
    expect(after.message).toBe("Receiving RCV-1001 was finished short, so it can't be counted.");
    await expectError(as(api, owner.token, receivings.cancelReceiving, { params: { sn: "RCV-1001" }, body: { reason: "Too late" } }), 409);

    await as(api, owner.token, receivings.createReceiving, { body: { lines: [{ sku: "CAP-RED", expectedQuantity: 5 }] } });
    expect((await stockOf(owner.token, "CAP-RED")).incoming).toBe(5);
    const canceled = await as(api, owner.token, receivings.cancelReceiving, { params: { sn: "RCV-1002" }, body: { reason: "The factory split the order" } });
    expect(canceled).toMatchObject({ canceled: true, cancelReason: "The factory split the order", totals: { outstanding: 0 } });
    expect((await stockOf(owner.token, "CAP-RED")).incoming).toBe(0);
    const again = await expectError(as(api, owner.token, receivings.updateReceivingDelivery, { params: { sn: "RCV-1002" }, body: { status: "IN_QUEUE" } }), 409);
    expect(again.message).toBe("Receiving RCV-1002 was canceled, so it can't be moved.");
    expect((await as(api, owner.token, receivings.listReceivings, { query: { filter: "CANCELED" } })).list.map((r) => r.sn)).toEqual(["RCV-1002"]);

    // The delivery never moves back.
    await as(api, owner.token, receivings.createReceiving, { body: { lines: [{ sku: "CAP-RED", expectedQuantity: 1 }] } });
    await as(api, owner.token, receivings.updateReceivingDelivery, { params: { sn: "RCV-1003" }, body: { status: "IN_QUEUE" } });
    const back = await expectError(as(api, owner.token, receivings.updateReceivingDelivery, { params: { sn: "RCV-1003" }, body: { status: "NOT_YET_DELIVERED" } }), 409);
    expect(back.message).toBe(`Receiving RCV-1003 is already "at the dock, waiting to be counted", so it can't be marked "on its way".`);
  });

  it("refuses bad input with the field and the reason", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 1);
    const create = (body: object) => as(api, owner.token, receivings.createReceiving, { body: body as never });
    await expectError(create({ lines: [] }), 400, "body.lines", /at least one SKU/);
    await expectError(create({ lines: [{ sku: "TEE-BLK-M", expectedQuantity: 0 }] }), 400, "body.lines.0.expectedQuantity", /at least 1/);
    await expectError(create({ lines: [{ sku: "bad sku", expectedQuantity: 1 }] }), 400, "body.lines.0.sku", /letters, digits/);
    await expectError(create({ lines: [{ sku: "TEE-BLK-M", expectedQuantity: 1 }, { sku: "tee-blk-m", expectedQuantity: 2 }] }), 400, "body.lines.1.sku", /appears twice/);
    await expectError(create({ lines: [{ sku: "NEW-1", expectedQuantity: 1 }] }), 400, "body.lines.0.title", /not in your inventory yet/);
    await expectError(create({ boxCount: 0, lines: [{ sku: "TEE-BLK-M", expectedQuantity: 1 }] }), 400, "body.boxCount", /at least 1/);
    await expectError(create({ expectedArrival: "2031-02-30x", lines: [{ sku: "TEE-BLK-M", expectedQuantity: 1 }] }), 400, "body.expectedArrival", /date like/);
    await expectError(create({ trackingNumber: "1Z 99", lines: [{ sku: "TEE-BLK-M", expectedQuantity: 1 }] }), 400, "body.trackingNumber");
    await create({ lines: [{ sku: "TEE-BLK-M", expectedQuantity: 3 }] });
    const receive = (body: object) => as(api, owner.token, receivings.receiveReceiving, { params: { sn: "RCV-1001" }, body: body as never });
    await expectError(receive({}), 400, "body.lines", /finish the receiving/);
    await expectError(receive({ lines: [{ sku: "TEE-BLK-M" }] }), 400, "body.lines.0.received", /at least one unit/);
    await expectError(receive({ lines: [{ sku: "TEE-BLK-M", received: -1 }] }), 400, "body.lines.0.received", /0 or more/);
    await expectError(receive({ lines: [{ sku: "MUG-01", received: 1 }] }), 400, "body.lines.0.sku", /not a SKU of receiving RCV-1001/);
    await expectError(receive({ finish: true }), 409);
    await expectError(as(api, owner.token, receivings.getReceiving, { params: { sn: "RCV-x" } }), 400, "params.sn", /receiving number/);
    await expectError(as(api, owner.token, receivings.listReceivings, { query: { filter: "DONE" as never } }), 400, "query.filter");
    await expectError(as(api, owner.token, receivings.cancelReceiving, { params: { sn: "RCV-1001" }, body: { reason: "" } }), 400, "body.reason");
    await expectError(as(api, owner.token, receivings.getReceiving, { params: { sn: "RCV-1999" } }), 404);
  });

  it("keeps stores apart, asks for a session, enforces roles and refuses preview accounts", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 1);
    const r = await as(api, owner.token, receivings.createReceiving, { body: { lines: [{ sku: "TEE-BLK-M", expectedQuantity: 4 }] } });
    const other = await registerUser(api);
    await expectError(as(api, other.token, receivings.getReceiving, { params: { sn: r.id } }), 404);
    await expectError(as(api, other.token, receivings.getReceiving, { params: { sn: "RCV-1001" } }), 404);
    await expectError(as(api, other.token, receivings.receiveReceiving, { params: { sn: r.id }, body: { lines: [{ sku: "TEE-BLK-M", received: 1 }] } }), 404);
    await expectError(as(api, other.token, receivings.updateReceivingDelivery, { params: { sn: r.id }, body: { status: "IN_QUEUE" } }), 404);
    await expectError(as(api, other.token, receivings.cancelReceiving, { params: { sn: r.id }, body: { reason: "Not yours" } }), 404);
    expect((await as(api, other.token, receivings.listReceivings, {})).total).toBe(0);
    // Another store's SKU of the same name is its own: announcing it adds it to the other store.
    await expectError(as(api, other.token, receivings.createReceiving, { body: { lines: [{ sku: "TEE-BLK-M", expectedQuantity: 1 }] } }), 400, "body.lines.0.title");

    await expectError(api.client.call(receivings.listReceivings, {}), 401);
    await expectError(api.client.call(receivings.receiveReceiving, { params: { sn: "RCV-1001" }, body: { lines: [{ sku: "TEE-BLK-M", received: 1 }] } }), 401);

    // CX counts at the dock but does not call off a shipment.
    const cx = await teamMember(api, owner, "CX");
    expect((await as(api, cx.token, receivings.receiveReceiving, { params: { sn: "RCV-1001" }, body: { lines: [{ sku: "TEE-BLK-M", received: 1 }] } })).receivingStatus).toBe("PARTIAL");
    await as(api, owner.token, receivings.createReceiving, { body: { lines: [{ sku: "TEE-BLK-M", expectedQuantity: 2 }] } });
    await expectError(as(api, cx.token, receivings.cancelReceiving, { params: { sn: "RCV-1002" }, body: { reason: "Not needed" } }), 403);
    const admin = await teamMember(api, owner, "ADMIN");
    expect((await as(api, admin.token, receivings.cancelReceiving, { params: { sn: "RCV-1002" }, body: { reason: "Not needed" } })).canceled).toBe(true);

    const preview = await previewStore(api);
    await expectError(as(api, preview.token, receivings.createReceiving, { body: { lines: [{ sku: "TEE-BLK-M", title: "Tee", expectedQuantity: 1 }] } }), 403);
    expect((await as(api, preview.token, receivings.listReceivings, {})).total).toBe(0);
  });

  it("numbers concurrent announcements apart and counts concurrent receipts of the last units once", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 0);
    const made = await Promise.all(Array.from({ length: 4 }, () => as(api, owner.token, receivings.createReceiving, { body: { lines: [{ sku: "TEE-BLK-M", expectedQuantity: 2 }] } })));
    expect(made.map((r) => r.number).sort()).toEqual([1001, 1002, 1003, 1004]);
    const tries = await Promise.allSettled(Array.from({ length: 3 }, () => as(api, owner.token, receivings.receiveReceiving, { params: { sn: "RCV-1001" }, body: { lines: [{ sku: "TEE-BLK-M", received: 2 }] } })));
    expect(tries.filter((t) => t.status === "fulfilled")).toHaveLength(1);
    expect(await stockOf(owner.token, "TEE-BLK-M")).toEqual({ onHand: 2, incoming: 6, bins: [["A-01", 2, 6]] });
  });

  it("sends a paid sourcing purchase to the fulfilment center as a receiving (update-stored-at-fbp), and calls it off", async () => {
    const owner = await registerUser(api);
    const supplierId = await createSupplier(api, { name: "Ningbo Knitwear" });
    const purchase = async (status: string, quantity = 200) => (await api.deps.pool.query<{ id: string }>(
      `INSERT INTO creator_order_items (store_id, supplier_id, kind, status, title, quantity, unit_price_cents, paid_at) VALUES ($1, $2, 'PRODUCTION', $3, 'Organic tee, sand', $4, 450, now()) RETURNING id`,
      [owner.store.id, supplierId, status, quantity],
    )).rows[0]!.id;
    const paid = await purchase("IN_PRODUCTION");
    const store = (id: string, body: object) => as(api, owner.token, receivings.updateStoredAtFbp, { params: { id }, body: body as never });

    const sent = await store(paid, { storedAtFbp: true, sku: "TEE-ORG-SND", boxCount: 8 });
    expect(sent).toMatchObject({ orderItemId: paid, storedAtFbp: true, receiving: { sn: "RCV-1001", supplierName: "Ningbo Knitwear", boxCount: 8, orderItemId: paid, deliveryStatus: "NOT_YET_SHIPPED", note: "Sourcing purchase: 200 × Organic tee, sand" } });
    expect(sent.receiving!.lines.map((l) => [l.sku, l.title, l.expected])).toEqual([["TEE-ORG-SND", "Organic tee, sand", 200]]);
    expect(await stockOf(owner.token, "TEE-ORG-SND")).toEqual({ onHand: 0, incoming: 200, bins: [["A-01", 0, 200]] });
    // Asking again answers the same receiving; nothing is announced twice.
    expect((await store(paid, { storedAtFbp: true, sku: "TEE-ORG-SND" })).receiving!.sn).toBe("RCV-1001");
    expect((await as(api, owner.token, receivings.listReceivings, {})).total).toBe(1);

    const off = await store(paid, { storedAtFbp: false });
    expect(off).toEqual({ orderItemId: paid, storedAtFbp: false, receiving: null });
    expect((await stockOf(owner.token, "TEE-ORG-SND")).incoming).toBe(0);
    expect((await as(api, owner.token, receivings.getReceiving, { params: { sn: "RCV-1001" } })).canceled).toBe(true);

    // A purchase the supplier already shipped is on its way; one not paid is refused in a sentence.
    const shipped = await purchase("SHIPPED", 40);
    expect((await store(shipped, { storedAtFbp: true, sku: "TEE-ORG-SND" })).receiving).toMatchObject({ sn: "RCV-1002", deliveryStatus: "NOT_YET_DELIVERED" });
    await as(api, owner.token, receivings.receiveReceiving, { params: { sn: "RCV-1002" }, body: { lines: [{ sku: "TEE-ORG-SND", received: 10 }] } });
    await expectError(store(shipped, { storedAtFbp: false }), 409);
    // The purchases page asks for its purchases' live receivings in one call; the canceled one is left out.
    const byPurchase = (ids: string) => as(api, owner.token, receivings.listReceivings, { query: { orderItemIds: ids } });
    expect((await byPurchase(`${paid},${shipped}`)).list.map((r) => [r.sn, r.orderItemId])).toEqual([["RCV-1002", shipped]]);
    expect((await byPurchase(paid)).total).toBe(0);
    await expectError(byPurchase("not-an-id"), 400, "query.orderItemIds", /purchase ids/);
    expect((await as(api, (await registerUser(api)).token, receivings.listReceivings, { query: { orderItemIds: shipped } })).total).toBe(0);
    const unpaid = await purchase("NOT_PURCHASED");
    const refused = await expectError(store(unpaid, { storedAtFbp: true, sku: "TEE-ORG-SND" }), 409);
    expect(refused.message).toBe(`The purchase "Organic tee, sand" is not paid yet, so it can't be sent to the fulfilment center.`);
    await expectError(store(paid, { storedAtFbp: true }), 400, "body.sku", /is needed/);
    await expectError(store("not-an-id", { storedAtFbp: false }), 400, "params.id");

    const other = await registerUser(api);
    await expectError(as(api, other.token, receivings.updateStoredAtFbp, { params: { id: paid }, body: { storedAtFbp: true, sku: "X-1" } }), 404);
    await expectError(api.client.call(receivings.updateStoredAtFbp, { params: { id: paid }, body: { storedAtFbp: false } }), 401);
    const cx = await teamMember(api, owner, "CX");
    await expectError(as(api, cx.token, receivings.updateStoredAtFbp, { params: { id: paid }, body: { storedAtFbp: true, sku: "TEE-ORG-SND" } }), 403);
    const preview = await previewStore(api);
    await expectError(as(api, preview.token, receivings.updateStoredAtFbp, { params: { id: paid }, body: { storedAtFbp: false } }), 403);
  });

  it("lists what each box holds against the lines, edits it, and prints a label per box with a scannable box number (issue 16)", async () => {
    const owner = await registerUser(api);
    await stockSku(api, owner.token, "TEE-BLK-M", 1);
    const lines = [{ sku: "TEE-BLK-M", expectedQuantity: 30 }, { sku: "MUG-01", title: "Enamel mug", expectedQuantity: 6 }];
    const box = (tee: number, mug: number) => ({ lines: [...(tee ? [{ sku: "tee-blk-m", quantity: tee }] : []), ...(mug ? [{ sku: "MUG-01", quantity: mug }] : [])] });
    const created = await as(api, owner.token, receivings.createReceiving, { body: { supplierName: "Ningbo Knitwear", boxCount: 3, lines, boxes: [box(10, 2), box(10, 2), box(10, 2)] } });
    expect(created.boxes.map((b) => [b.number, b.lines.map((l) => `${l.quantity} ${l.sku}`).join(", ")])).toEqual([[1, "10 TEE-BLK-M, 2 MUG-01"], [2, "10 TEE-BLK-M, 2 MUG-01"], [3, "10 TEE-BLK-M, 2 MUG-01"]]);
    expect(created.boxes[0]!.lines[1]!.title).toBe("Enamel mug");

    // The boxes must be one per box and add up to each line's units; a SKU not shipped is named.
    await expectError(as(api, owner.token, receivings.createReceiving, { body: { boxCount: 2, lines, boxes: [box(30, 6)] } }), 400, "body.boxes", /must list 2 boxes, one per box, not 1/);
    await expectError(as(api, owner.token, receivings.createReceiving, { body: { boxCount: 2, lines, boxes: [box(10, 6), box(10, 0)] } }), 400, "body.boxes", /must hold 30 units of TEE-BLK-M in all, as expected, not 20/);
    await expectError(as(api, owner.token, receivings.createReceiving, { body: { boxCount: 1, lines, boxes: [{ lines: [{ sku: "CAP-01", quantity: 1 }] }] } }), 400, "body.boxes.0.lines.0.sku", /not on this shipment/);
    await expectError(as(api, owner.token, receivings.createReceiving, { body: { boxCount: 1, lines, boxes: [{ lines: [] }] } }), 400, "body.boxes.0.lines", /at least one SKU/);

    // Repacked into two boxes: the box count follows; a wrong total is a 400 naming the boxes.
    const repacked = await as(api, owner.token, receivings.updateReceivingBoxes, { params: { sn: created.sn }, body: { boxes: [box(20, 6), box(10, 0)] } });
    expect(repacked).toMatchObject({ boxCount: 2, boxes: [{ number: 1, lines: [{ sku: "TEE-BLK-M", quantity: 20 }, { sku: "MUG-01", quantity: 6 }] }, { number: 2, lines: [{ sku: "TEE-BLK-M", quantity: 10 }] }] });
    await expectError(as(api, owner.token, receivings.updateReceivingBoxes, { params: { sn: created.sn }, body: { boxes: [box(20, 6)] } }), 400, "body.boxes", /30 units of TEE-BLK-M/);
    await expectError(as(api, owner.token, receivings.updateReceivingBoxes, { params: { sn: created.sn }, body: { boxes: [box(20, 6), { lines: [{ sku: "TEE-BLK-M", quantity: 5 }, { sku: "tee-blk-m", quantity: 5 }] }] } }), 400, "body.boxes.1.lines.1.sku", /twice in box 2/);

    const labels = await as(api, owner.token, receivings.getReceivingBoxLabels, { params: { sn: created.sn } });
    expect(labels).toMatchObject({ sn: created.sn, boxCount: 2, listed: true, documentPath: `/web/receivings/${created.sn}/box-labels/document`, fileName: `box-labels-${created.sn}.pdf` });
    const res = await fetch(`${api.url}/rest/main${labels.documentPath}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`box-labels-${created.sn}.pdf`);
    const pdf = Buffer.from(await res.arrayBuffer());
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    expect(pdfImages(pdf).map(readCode128).sort()).toEqual([`${created.sn}-B01`, `${created.sn}-B02`]);

    // A shipment without a packing list still gets a label per box, its contents "not listed".
    const bare = await as(api, owner.token, receivings.createReceiving, { body: { boxCount: 3, lines: [{ sku: "TEE-BLK-M", expectedQuantity: 3 }] } });
    expect(bare.boxes).toEqual([]);
    expect(await as(api, owner.token, receivings.getReceivingBoxLabels, { params: { sn: bare.sn } })).toMatchObject({ listed: false, boxCount: 3, boxes: [] });
    const bareDoc = await fetch(`${api.url}/rest/main/web/receivings/${bare.sn}/box-labels/document`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect((await PDFDocument.load(Buffer.from(await bareDoc.arrayBuffer()))).getPageCount()).toBe(3);

    // Other stores, no session, preview accounts; CX repacks (the dock's paperwork); a canceled shipment is 409.
    const other = await registerUser(api);
    await expectError(as(api, other.token, receivings.updateReceivingBoxes, { params: { sn: created.sn }, body: { boxes: [box(30, 6)] } }), 404);
    await expectError(as(api, other.token, receivings.getReceivingBoxLabels, { params: { sn: created.id } }), 404);
    expect((await fetch(`${api.url}/rest/main${labels.documentPath}`, { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(404);
    expect((await fetch(`${api.url}/rest/main${labels.documentPath}`)).status).toBe(401);
    await expectError(api.client.call(receivings.updateReceivingBoxes, { params: { sn: created.sn }, body: { boxes: [box(30, 6)] } }), 401);
    await expectError(api.client.call(receivings.getReceivingBoxLabels, { params: { sn: created.sn } }), 401);
    const preview = await previewStore(api);
    await expectError(as(api, preview.token, receivings.updateReceivingBoxes, { params: { sn: "RCV-1001" }, body: { boxes: [box(30, 6)] } }), 403);
    const cx = await teamMember(api, owner, "CX");
    expect((await as(api, cx.token, receivings.updateReceivingBoxes, { params: { sn: created.sn }, body: { boxes: [box(15, 3), box(15, 3)] } })).boxCount).toBe(2);
    await as(api, owner.token, receivings.cancelReceiving, { params: { sn: bare.sn }, body: { reason: "Sent with the next one" } });
    const closed = await expectError(as(api, owner.token, receivings.updateReceivingBoxes, { params: { sn: bare.sn }, body: { boxes: [box(3, 0)] } }), 409);
    expect(closed.message).toBe(`Receiving ${bare.sn} was canceled, so it can't be given a new packing list.`);
  });
});
