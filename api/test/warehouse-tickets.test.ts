import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, warehouseTickets as wt } from "@atelier/contracts";
import { as, expectError, registerUser, startTestApi, type TestApi } from "./harness";
import { manualOrderBody, previewStore, stockSku, teamMember } from "../../test/factories";

// Warehouse tickets (issue 16): a store's conversation with its fulfilment center about an order.
// The local center answers through the job queue at once in tests, so each test waits for it.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
async function uploadPng(token: string, name: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([PNG]), name);
  const res = await fetch(`${api.url}/rest/main/upload`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { id: string }).id;
}

async function orderOf(token: string): Promise<{ id: string; orderNumber: number }> {
  await stockSku(api, token, "TEE-BLK-M", 10);
  return as(api, token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 1 }]) });
}

/** The ticket once the warehouse has answered it (the job runs at once in tests). */
async function answered(token: string, sn: string, messages: number) {
  await expect.poll(async () => (await as(api, token, wt.getWarehouseTicket, { params: { sn } })).messages.length, { timeout: 15_000 }).toBe(messages);
  return as(api, token, wt.getWarehouseTicket, { params: { sn } });
}

describe("warehouse tickets", () => {
  it("opens a ticket about an order with a photo, the warehouse answers, the store replies, then closes it", async () => {
    const owner = await registerUser(api);
    const order = await orderOf(owner.token);
    const photo = await uploadPng(owner.token, "Crushed box.png");
    const opened = await as(api, owner.token, wt.createWarehouseTicket, { body: { type: "BROKEN", orderId: String(order.orderNumber), subject: "Mug arrived broken", message: "The buyer sent this photo.", uploadIds: [photo] } });
    expect(opened).toMatchObject({ sn: "WT-1001", type: "BROKEN", status: "OPEN", orderId: order.id, orderNumber: order.orderNumber, messageCount: 1 });
    expect(opened.messages[0]).toMatchObject({ author: "STORE", body: "The buyer sent this photo.", attachments: [{ uploadId: photo, fileName: "Crushed-box.png" }] });
    expect(opened.messages[0]!.attachments[0]!.url).toMatch(/^\/rest\/main\/upload\/files\/.+\/Crushed-box\.png$/);

    const first = await answered(owner.token, "WT-1001", 2);
    expect(first.status).toBe("ANSWERED");
    expect(first.messages[1]).toMatchObject({ author: "WAREHOUSE", authorName: null });
    expect(first.messages[1]!.body).toBe(`Thank you for reporting the damage on order #${order.orderNumber}. We are reviewing how it was packed; if our packing was at fault we reship at our cost, otherwise we file a claim with the carrier using your photos. We received the file you attached.`);

    const replied = await as(api, owner.token, wt.replyWarehouseTicket, { params: { sn: "1001" }, body: { message: "Please reship it." } });
    expect(replied.status).toBe("OPEN");
    expect((await answered(owner.token, "WT-1001", 4)).messages[3]!.body).toBe("Thank you, we have added your message to WT-1001 and will update you here.");

    // Listed by tab, by order and by words; counts per tab.
    await as(api, owner.token, wt.createWarehouseTicket, { body: { type: "WHOLESALE_ORDER_REQUIREMENTS", subject: "Pallet labels for Ridgeway", message: "Every carton needs our PO number." } });
    const all = await as(api, owner.token, wt.listWarehouseTickets, {});
    expect(all.list.map((t) => t.sn).sort()).toEqual(["WT-1001", "WT-1002"]);
    expect((await as(api, owner.token, wt.listWarehouseTickets, { query: { orderId: order.id } })).list.map((t) => t.sn)).toEqual(["WT-1001"]);
    expect((await as(api, owner.token, wt.listWarehouseTickets, { query: { search: "pallet" } })).list.map((t) => t.sn)).toEqual(["WT-1002"]);
    expect((await as(api, owner.token, wt.listWarehouseTickets, { query: { search: String(order.orderNumber) } })).list.map((t) => t.sn)).toEqual(["WT-1001"]);

    const closed = await as(api, owner.token, wt.closeWarehouseTicket, { params: { sn: "WT-1001" }, body: {} });
    expect(closed).toMatchObject({ status: "CLOSED" });
    expect(closed.closedAt).not.toBeNull();
    expect((await as(api, owner.token, wt.listWarehouseTickets, { query: { filter: "CLOSED" } })).counts.CLOSED).toBe(1);
    const again = await expectError(as(api, owner.token, wt.replyWarehouseTicket, { params: { sn: "WT-1001" }, body: { message: "One more thing" } }), 409);
    expect(again.message).toBe("Ticket WT-1001 is closed, so it takes no more messages; open a new ticket instead.");
    await expectError(as(api, owner.token, wt.closeWarehouseTicket, { params: { sn: "WT-1001" }, body: {} }), 409);
  });

  it("refuses bad input with the field, keeps stores apart, asks for a session and refuses preview accounts", async () => {
    const owner = await registerUser(api);
    const order = await orderOf(owner.token);
    const open = (token: string, body: object) => as(api, token, wt.createWarehouseTicket, { body: body as never });
    await expectError(open(owner.token, { type: "LOST", orderId: order.id, subject: "Where is it", message: "x" }), 400, "body.type");
    await expectError(open(owner.token, { type: "LOST_DELAYED", subject: "Where is it", message: "x" }), 400, "body.orderId", /which order/);
    await expectError(open(owner.token, { type: "LOST_DELAYED", orderId: order.id, subject: "Hi", message: "x" }), 400, "body.subject");
    await expectError(open(owner.token, { type: "LOST_DELAYED", orderId: order.id, subject: "Where is it", message: " " }), 400, "body.message");
    await expectError(open(owner.token, { type: "LOST_DELAYED", orderId: "not-an-order", subject: "Where is it", message: "x" }), 400, "body.orderId");
    await expectError(open(owner.token, { type: "LOST_DELAYED", orderId: order.id, subject: "Where is it", message: "x", uploadIds: ["00000000-0000-4000-8000-000000000000"] }), 400, "body.uploadIds.0", /uploaded files/);
    await expectError(as(api, owner.token, wt.getWarehouseTicket, { params: { sn: "ticket-one" } }), 400, "params.sn");
    await expectError(as(api, owner.token, wt.getWarehouseTicket, { params: { sn: "WT-9999" } }), 404);

    const mine = await open(owner.token, { type: "LOST_DELAYED", orderId: order.id, subject: "Where is it", message: "Tracking has not moved in a week." });
    const other = await registerUser(api);
    // Another store's order and ticket are not found, and its lists hold none of ours.
    await expectError(open(other.token, { type: "LOST_DELAYED", orderId: order.id, subject: "Where is it", message: "x" }), 404);
    await expectError(as(api, other.token, wt.getWarehouseTicket, { params: { sn: mine.id } }), 404);
    await expectError(as(api, other.token, wt.replyWarehouseTicket, { params: { sn: mine.id }, body: { message: "hello" } }), 404);
    expect((await as(api, other.token, wt.listWarehouseTickets, {})).total).toBe(0);
    // Another store's upload can't be attached.
    const theirs = await uploadPng(other.token, "theirs.png");
    await expectError(open(owner.token, { type: "LOST_DELAYED", orderId: order.id, subject: "Where is it", message: "x", uploadIds: [theirs] }), 400, "body.uploadIds.0");

    await expectError(api.client.call(wt.listWarehouseTickets, {}), 401);
    // CX handles orders, so CX asks the warehouse too.
    const cx = await teamMember(api, owner, "CX");
    expect((await as(api, cx.token, wt.replyWarehouseTicket, { params: { sn: mine.sn }, body: { message: "Any news?" } })).messages.at(-1)!.author).toBe("STORE");
    const preview = await previewStore(api);
    await expectError(open(preview.token, { type: "WHOLESALE_ORDER_REQUIREMENTS", subject: "Pallets", message: "x" }), 403);
  });
});
