import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, ApiError } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { inflateSync } from "node:zlib";
import { createOrder, manualOrderBody, previewStore, stockSku, teamMember } from "../../test/factories";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function expectError(promise: Promise<unknown>, status: number, field?: string): Promise<ApiError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).status).toBe(status);
  if (field) expect((err as ApiError).details?.[0]?.field).toBe(field);
  return err as ApiError;
}

/** A store with one order of each tab (#1001-#1007). */
async function storeWithOrders() {
  const owner = await registerUser(api);
  const s = owner.store.id;
  const day = (n: number) => new Date(Date.UTC(2026, 10, n)).toISOString();
  const ids = {
    outstanding: await createOrder(api, s, { orderNumber: 1001, customerName: "Ada Lovelace", email: "ada@example.com", placedAt: day(1), totalCents: 1000 }),
    processing: await createOrder(api, s, { orderNumber: 1002, processingStatus: "PROCESSING", placedAt: day(2), totalCents: 9000 }),
    fulfilled: await createOrder(api, s, { orderNumber: 1003, processingStatus: "FINISHED", fulfillmentState: "FULFILLED", placedAt: day(3), totalCents: 3000 }),
    canceled: await createOrder(api, s, { orderNumber: 1004, processingStatus: "FINISHED", cancellationState: "CANCELED", placedAt: day(4), totalCents: 4000 }),
    returned: await createOrder(api, s, { orderNumber: 1005, processingStatus: "FINISHED", fulfillmentState: "FULFILLED", returned: true, placedAt: day(5), totalCents: 5000 }),
    partial: await createOrder(api, s, { orderNumber: 1006, processingStatus: "PROCESSING", fulfillmentState: "PARTIAL", placedAt: day(6), totalCents: 6000 }),
    outstanding2: await createOrder(api, s, { orderNumber: 1007, customerName: "Grace Hopper", placedAt: day(7), totalCents: 2000 }),
  };
  return { owner: owner as TestUser, ids };
}

describe("the orders list (000 §4 filters)", () => {
  it("filters by every tab, counts each, searches, sorts and pages in SQL", async () => {
    const { owner } = await storeWithOrders();
    const list = (query: Record<string, unknown>) => as(api, owner.token, orders.listOrders, { query: query as never });
    const all = await list({});
    expect(all.list.map((o) => o.orderNumber)).toEqual([1007, 1006, 1005, 1004, 1003, 1002, 1001]);
    expect(all.counts).toEqual({ ALL: 7, OUTSTANDING: 2, PROCESSING: 2, FULFILLED: 2, CANCELED: 1, ON_HOLD: 0, RETURNS: 1 });
    const numbers = async (filter: string) => (await list({ filter })).list.map((o) => o.orderNumber).sort();
    expect(await numbers("OUTSTANDING")).toEqual([1001, 1007]);
    expect(await numbers("PROCESSING")).toEqual([1002, 1006]);
    expect(await numbers("FULFILLED")).toEqual([1003, 1005]);
    expect(await numbers("CANCELED")).toEqual([1004]);
    expect(await numbers("RETURNS")).toEqual([1005]);
    expect((await list({ search: "#1003" })).list.map((o) => o.orderNumber)).toEqual([1003]);
    expect((await list({ search: "ada@exam" })).list.map((o) => o.orderNumber)).toEqual([1001]);
    expect((await list({ search: "grace" })).list.map((o) => o.orderNumber)).toEqual([1007]);
    expect((await list({ search: "100%" })).total).toBe(0);
    expect((await list({ sort: "-total" })).list[0]!.orderNumber).toBe(1002);
    expect((await list({ sort: "orderNumber", size: 3, page: 1 })).list.map((o) => o.orderNumber)).toEqual([1004, 1005, 1006]);
    const page = await list({ size: 2, page: 3 });
    expect(page).toMatchObject({ total: 7, page: 3, size: 2 });
    expect(page.list.map((o) => o.orderNumber)).toEqual([1001]);

    // One sales channel's orders, with that channel's counts.
    await createOrder(api, owner.store.id, { orderNumber: 1008, origin: "IMPORT", processingStatus: "PROCESSING" });
    const imported = await list({ origin: "IMPORT" });
    expect(imported.list.map((o) => [o.orderNumber, o.origin])).toEqual([[1008, "IMPORT"]]);
    expect(imported.counts).toMatchObject({ ALL: 1, PROCESSING: 1, OUTSTANDING: 0 });
    expect((await list({ origin: "IMPORT", filter: "OUTSTANDING" })).total).toBe(0);
    expect((await list({ origin: "SHOPIFY_CREATOR" })).total).toBe(7);
  });

  it("refuses bad input with the field, and callers without a token", async () => {
    const { owner } = await storeWithOrders();
    await expectError(as(api, owner.token, orders.listOrders, { query: { filter: "SHIPPED" as "ALL" } }), 400, "query.filter");
    await expectError(as(api, owner.token, orders.listOrders, { query: { sort: "price" as "total" } }), 400, "query.sort");
    await expectError(as(api, owner.token, orders.listOrders, { query: { size: 500 } }), 400, "query.size");
    await expectError(as(api, owner.token, orders.listOrders, { query: { origin: "EBAY" as "IMPORT" } }), 400, "query.origin");
    expect((await api.raw("GET", "/web/orders")).status).toBe(401);
    expect((await api.raw("GET", "/web/orders/1001")).status).toBe(401);
    expect((await api.raw("POST", "/web/orders/1001/holds", { body: { reason: "nope" } })).status).toBe(401);
  });

  it("keeps stores apart: another store's order is 404 by id and by number, and never listed", async () => {
    const { owner, ids } = await storeWithOrders();
    const other = await registerUser(api);
    expect((await as(api, other.token, orders.listOrders, {})).total).toBe(0);
    await expectError(as(api, other.token, orders.getOrder, { params: { id: ids.outstanding } }), 404);
    await expectError(as(api, other.token, orders.getOrder, { params: { id: "1001" } }), 404);
    await expectError(as(api, other.token, orders.holdOrder, { params: { id: ids.outstanding }, body: { reason: "Not mine" } }), 404);
    await expectError(as(api, other.token, orders.cancelOrder, { params: { id: ids.outstanding }, body: { reason: "Not mine" } }), 404);
    await expectError(as(api, other.token, orders.addOrderNote, { params: { id: ids.outstanding }, body: { note: "Not mine" } }), 404);
    const bulk = await as(api, other.token, orders.bulkUpdateOrders, { body: { action: "HOLD", orderIds: [ids.outstanding], reason: "Not mine" } });
    expect(bulk.results).toEqual([{ orderId: ids.outstanding, orderNumber: null, ok: false, message: "Order was not found" }]);
    expect((await as(api, owner.token, orders.getOrder, { params: { id: ids.outstanding } })).holds).toEqual([]);
  });
});

describe("order detail, notes and holds", () => {
  it("shows lines, customer, address and a timeline; accepts #1001 and 1001 as the order", async () => {
    const { owner, ids } = await storeWithOrders();
    const byNumber = await as(api, owner.token, orders.getOrder, { params: { id: "#1001" } });
    expect(byNumber).toMatchObject({
      id: ids.outstanding,
      orderNumber: 1001,
      customer: { name: "Ada Lovelace", email: "ada@example.com" },
      shippingAddress: { address1: "12 Harbor Way", city: "Oakland", countryCode: "US" },
      lines: [{ sku: "TEE-BLK-M", quantity: 2 }],
      actions: { hold: { allowed: true }, cancel: { allowed: true } },
    });
    expect(byNumber.timeline.map((e) => e.kind)).toEqual(["PLACED"]);
    await expectError(as(api, owner.token, orders.getOrder, { params: { id: "not-an-order" } }), 400, "params.id");
    await expectError(as(api, owner.token, orders.getOrder, { params: { id: "999999" } }), 404);
  });

  it("keeps the lines in the order they were written, on the detail and the packing slip", async () => {
    const owner = await registerUser(api);
    // Five lines written in one request (one transaction, one created_at): their ids are random.
    const skus = ["ZED-5", "ALPHA-1", "MID-3", "BETA-2", "OMEGA-4"];
    for (const sku of skus) await stockSku(api, owner.token, sku, 5);
    const placed = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody(skus.map((sku) => ({ sku, quantity: 1 }))) });
    const detail = await as(api, owner.token, orders.getOrder, { params: { id: placed.id } });
    expect(detail.lines.map((l) => l.sku)).toEqual(skus);
    const res = await fetch(`${api.url}/rest/main/web/standalone-label/-/packing-slips/document?orders=${placed.orderNumber}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    const at = skus.map((sku) => text.indexOf(sku));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("appends notes to the ledger and refuses empty ones", async () => {
    const { owner } = await storeWithOrders();
    const after = await as(api, owner.token, orders.addOrderNote, { params: { id: "1002" }, body: { note: "Customer called about gift wrap" } });
    expect(after.timeline.at(-1)).toMatchObject({ kind: "NOTE_ADDED", message: "Customer called about gift wrap", actor: { userId: owner.user.id, userName: owner.user.username } });
    await expectError(as(api, owner.token, orders.addOrderNote, { params: { id: "1002" }, body: { note: "   " } }), 400, "body.note");
    await expectError(api.client.call(orders.addOrderNote, { params: { id: "1002" }, body: { note: "x".repeat(2001) } }, { token: owner.token }), 400, "body.note");
  });

  it("lets holds coexist: ON_HOLD while any is open, back to the earlier status when the last is released, each release recorded with who did it", async () => {
    const { owner, ids } = await storeWithOrders();
    const cx = await teamMember(api, owner, "CX");
    const first = await as(api, owner.token, orders.holdOrder, { params: { id: "1002" }, body: { reason: "Address looks wrong" } });
    expect(first.processingStatus).toBe("ON_HOLD");
    const second = await as(api, cx.token, orders.holdOrder, { params: { id: ids.processing }, body: { reason: "Customer wants to add an item" } });
    expect(second.holds.filter((h) => !h.releasedAt).map((h) => h.reason).sort()).toEqual(["Address looks wrong", "Customer wants to add an item"]);
    expect(second.openHolds).toBe(2);
    const listed = await as(api, owner.token, orders.listOrders, { query: { filter: "ON_HOLD" } });
    expect(listed.list.map((o) => [o.orderNumber, o.openHolds])).toEqual([[1002, 2]]);

    const ownerHold = second.holds.find((h) => h.reason === "Address looks wrong")!;
    const cxHold = second.holds.find((h) => h.reason === "Customer wants to add an item")!;
    expect(ownerHold.setBy).toEqual({ userId: owner.user.id, userName: owner.user.username, rule: null });
    expect(cxHold.setBy).toEqual({ userId: cx.user.id, userName: cx.user.username, rule: null });

    const one = await as(api, cx.token, orders.releaseOrderHold, { params: { id: "1002", holdId: cxHold.id }, body: { note: "Item added" } });
    expect(one.processingStatus).toBe("ON_HOLD");
    expect(one.holds.find((h) => h.id === cxHold.id)).toMatchObject({ releasedBy: { userId: cx.user.id, userName: cx.user.username }, releaseNote: "Item added" });
    await expectError(as(api, owner.token, orders.releaseOrderHold, { params: { id: "1002", holdId: cxHold.id }, body: {} }), 409);

    const done = await as(api, owner.token, orders.releaseOrderHold, { params: { id: "1002", holdId: ownerHold.id }, body: {} });
    expect(done.processingStatus).toBe("PROCESSING");
    expect(done.holds.every((h) => h.releasedAt)).toBe(true);
    expect(done.timeline.map((e) => [e.kind, e.toStatus])).toEqual([
      ["PLACED", "OUTSTANDING"], ["HOLD_PLACED", "ON_HOLD"], ["HOLD_PLACED", "ON_HOLD"], ["HOLD_RELEASED", null], ["HOLD_RELEASED", "PROCESSING"],
    ]);
    // A hold of another order is not this order's.
    const other = await as(api, owner.token, orders.holdOrder, { params: { id: "1001" }, body: { reason: "Check stock" } });
    await expectError(as(api, owner.token, orders.releaseOrderHold, { params: { id: "1002", holdId: other.holds[0]!.id }, body: {} }), 404);
    await expectError(as(api, owner.token, orders.releaseOrderHold, { params: { id: "1001", holdId: "nope" }, body: {} }), 400, "params.holdId");
  });

  it("refuses holds on shipped or canceled orders (409, a sentence) and short reasons (400)", async () => {
    const { owner } = await storeWithOrders();
    const shipped = await expectError(as(api, owner.token, orders.holdOrder, { params: { id: "1003" }, body: { reason: "Too late" } }), 409);
    expect(shipped.message).toBe("Order #1003 has already shipped, so it can't be held.");
    const canceled = await expectError(as(api, owner.token, orders.holdOrder, { params: { id: "1004" }, body: { reason: "Too late" } }), 409);
    expect(canceled.message).toBe("Order #1004 is canceled, so there is nothing to hold.");
    await expectError(as(api, owner.token, orders.holdOrder, { params: { id: "1001" }, body: { reason: "x" } }), 400, "body.reason");
    await expectError(api.client.call(orders.holdOrder, { params: { id: "1001" }, body: {} as never }, { token: owner.token }), 400, "body.reason");
  });

  it("the ledger is append-only in the database", async () => {
    const { owner } = await storeWithOrders();
    await as(api, owner.token, orders.addOrderNote, { params: { id: "1001" }, body: { note: "First" } });
    await expect(api.deps.pool.query(`UPDATE order_events SET message = 'rewritten' WHERE store_id = $1`, [owner.store.id])).rejects.toThrow(/append-only/);
  });
});

describe("cancelling", () => {
  it("cancels an unshipped order, releasing its holds; refuses illegal moves with 409", async () => {
    const { owner } = await storeWithOrders();
    await as(api, owner.token, orders.holdOrder, { params: { id: "1001" }, body: { reason: "Fraud check" } });
    const canceled = await as(api, owner.token, orders.cancelOrder, { params: { id: "1001" }, body: { reason: "Customer asked" } });
    expect(canceled).toMatchObject({ cancellationState: "CANCELED", processingStatus: "FINISHED", openHolds: 0, actions: { cancel: { allowed: false }, hold: { allowed: false } } });
    expect(canceled.holds[0]).toMatchObject({ releaseNote: "Order canceled" });
    expect(canceled.timeline.at(-1)).toMatchObject({ kind: "CANCELED", message: "Customer asked" });
    expect((await expectError(as(api, owner.token, orders.cancelOrder, { params: { id: "1001" }, body: { reason: "Again" } }), 409)).message).toBe("Order #1001 is already canceled.");
    expect((await expectError(as(api, owner.token, orders.cancelOrder, { params: { id: "1003" }, body: { reason: "Late" } }), 409)).message).toMatch(/has shipped; start a return/);
    expect((await expectError(as(api, owner.token, orders.cancelOrder, { params: { id: "1006" }, body: { reason: "Late" } }), 409)).message).toMatch(/Part of order #1006 has shipped/);
  });

  it("is for owners and admins: CX gets 403 and sees why on the detail; preview accounts are refused every mutation", async () => {
    const { owner } = await storeWithOrders();
    const cx = await teamMember(api, owner, "CX");
    const admin = await teamMember(api, owner, "ADMIN");
    const denied = await expectError(as(api, cx.token, orders.cancelOrder, { params: { id: "1007" }, body: { reason: "Customer asked" } }), 403);
    expect(denied.message).toMatch(/can't do this/);
    expect((await as(api, cx.token, orders.getOrder, { params: { id: "1007" } })).actions.cancel).toEqual({ allowed: false, reason: "Only the store's owner or an admin can cancel orders." });
    await expectError(as(api, cx.token, orders.bulkUpdateOrders, { body: { action: "CANCEL", orderIds: [crypto.randomUUID()], reason: "Nope" } }), 403);
    expect((await as(api, admin.token, orders.cancelOrder, { params: { id: "1007" }, body: { reason: "Customer asked" } })).cancellationState).toBe("CANCELED");

    const preview = await previewStore(api);
    const previewOrder = await createOrder(api, preview.store.id, { orderNumber: 1001 });
    expect((await as(api, preview.token, orders.listOrders, {})).total).toBe(1);
    for (const call of [
      as(api, preview.token, orders.holdOrder, { params: { id: previewOrder }, body: { reason: "Address" } }),
      as(api, preview.token, orders.addOrderNote, { params: { id: previewOrder }, body: { note: "Hi" } }),
      as(api, preview.token, orders.cancelOrder, { params: { id: previewOrder }, body: { reason: "Customer asked" } }),
      as(api, preview.token, orders.bulkUpdateOrders, { body: { action: "HOLD", orderIds: [previewOrder], reason: "Address" } }),
    ]) {
      expect(await expectError(call, 403)).toMatchObject({ code: "PREVIEW_MODE" });
    }
  });
});

describe("bulk actions", () => {
  it("holds, releases and cancels several orders, each answering on its own", async () => {
    const { owner, ids } = await storeWithOrders();
    const held = await as(api, owner.token, orders.bulkUpdateOrders, { body: { action: "HOLD", orderIds: [ids.outstanding, ids.processing, ids.fulfilled], reason: "Warehouse closed today" } });
    expect(held.results.map((r) => [r.orderNumber, r.ok])).toEqual([[1001, true], [1002, true], [1003, false]]);
    expect(held.results[2]!.message).toBe("Order #1003 has already shipped, so it can't be held.");
    await as(api, owner.token, orders.holdOrder, { params: { id: "1001" }, body: { reason: "Second hold" } });
    const released = await as(api, owner.token, orders.bulkUpdateOrders, { body: { action: "RELEASE", orderIds: [ids.outstanding, ids.processing, ids.outstanding2] } });
    expect(released.results.map((r) => [r.orderNumber, r.ok, r.message])).toEqual([[1001, true, "Order #1001 released."], [1002, true, "Order #1002 released."], [1007, false, "Order #1007 has no open hold."]]);
    expect((await as(api, owner.token, orders.getOrder, { params: { id: "1001" } })).processingStatus).toBe("OUTSTANDING");
    expect((await as(api, owner.token, orders.getOrder, { params: { id: "1002" } })).processingStatus).toBe("PROCESSING");
    await expectError(as(api, owner.token, orders.bulkUpdateOrders, { body: { action: "CANCEL", orderIds: [ids.outstanding] } }), 400, "body.reason");
    await expectError(as(api, owner.token, orders.bulkUpdateOrders, { body: { action: "HOLD", orderIds: [] , reason: "Why" } }), 400, "body.orderIds");
    const canceled = await as(api, owner.token, orders.bulkUpdateOrders, { body: { action: "CANCEL", orderIds: [ids.outstanding, ids.canceled], reason: "Duplicate orders" } });
    expect(canceled.results.map((r) => r.ok)).toEqual([true, false]);
  });
});

/** The text a PDF shows, in drawing order: its content streams inflated, each string of a text operator decoded (pdfkit writes hex). */
function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString("latin1");
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(m[1]!, "latin1")).toString("latin1");
    } catch {
      continue; // not a compressed content stream (an image, a font)
    }
    for (const t of body.matchAll(/<([0-9a-fA-F]+)>/g)) out.push(Buffer.from(t[1]!, "hex").toString("latin1"));
  }
  return out.join("");
}
