import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parse } from "csv-parse/sync";
import { orderExports, returns, stores } from "@atelier/contracts";
import { as, expectError, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { createOrder, createPayout, createSupplier, poolOf, previewStore, stockSku, supplierMember, teamMember } from "../../test/factories";

// The two export jobs: the CSV holds exactly the period's rows, read in the store's time zone with
// the period half-open (the first instant of `from` in, the first instant of `to` out), and
// nothing of another store; the file downloads only for a member of the store who may read it.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const OCTOBER = { from: "2026-10-01", to: "2026-11-01" };
// New York is four hours behind UTC all October (summer time ends on 1 November 2026 at 02:00).
const NY_OCT_START = "2026-10-01T04:00:00Z";
const NY_NOV_START = "2026-11-01T04:00:00Z";

async function newYorkStore(): Promise<TestUser> {
  const owner = await registerUser(api);
  await as(api, owner.token, stores.updateStoreConfigs, { body: { timezone: "America/New_York" } });
  return owner;
}

async function fee(storeId: string, orderNumber: number, cents: number, at: string): Promise<void> {
  await poolOf(api).query(
    `INSERT INTO store_fees (store_id, kind, order_number, plan_type, amount_cents, description, status, created_at)
     VALUES ($1, 'FULFILMENT', $2, 'TIER_1', $3, $4, 'DUE', $5)`,
    [storeId, orderNumber, cents, `Fulfilment fee for order #${orderNumber}`, at],
  );
}

/** Follows an export to its end and reads its file as the owner downloads it. */
async function finishedCsv(token: string, kind: "FINANCIAL" | "RETURNS", id: string): Promise<{ rows: string[][]; fileName: string; rowCount: number }> {
  const get = orderExports.ORDER_EXPORT_CONTRACTS[kind].get;
  const done = await vi.waitFor(async () => {
    const e = await as(api, token, get, { params: { id } });
    expect(e.status).toBe("completed");
    return e;
  }, { timeout: 20_000, interval: 50 });
  const res = await fetch(`${api.url}/rest/main${done.downloadPath!}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-disposition")).toContain(done.fileName!);
  const text = (await res.text()).replace(/^\uFEFF/, "");
  return { rows: parse(text) as string[][], fileName: done.fileName!, rowCount: done.rowCount! };
}

describe("the financial export job", () => {
  it("writes the period's payments in the store's zone, half-open, with a running balance, and nothing of another store", async () => {
    const owner = await newYorkStore();
    const other = await newYorkStore();
    const s = owner.store.id;
    await fee(s, 2000, 150, "2026-10-01T03:59:59Z"); // 30 Sep, 23:59:59 in New York: before
    await fee(s, 2001, 150, NY_OCT_START); // the first instant of 1 October: in
    await fee(s, 2002, 115, "2026-10-15T12:00:00Z");
    const orderId = await createOrder(api, s, { orderNumber: 2003, totalCents: 10_000 });
    await createPayout(api, s, { orders: [{ orderId, orderNumber: 2003, amountCents: 10_000 }], paidAt: new Date("2026-10-20T12:00:00Z") });
    await fee(s, 2004, 150, "2026-11-01T03:59:59Z"); // 31 October, 23:59:59: in
    await fee(s, 2005, 150, NY_NOV_START); // the first instant of 1 November: out
    await fee(other.store.id, 9001, 150, "2026-10-10T12:00:00Z");

    const started = await as(api, owner.token, orderExports.startFinancialExport, { body: OCTOBER });
    expect(started).toMatchObject({ kind: "FINANCIAL", from: "2026-10-01", to: "2026-11-01", timezone: "America/New_York", downloadPath: null });
    const { rows, fileName, rowCount } = await finishedCsv(owner.token, "FINANCIAL", started.id);
    expect(fileName).toBe("financial-report-2026-10-01-to-2026-10-31.csv");
    expect(rowCount).toBe(4);
    expect(rows).toEqual([
      ["Date", "Order number", "Type of charge", "Description", "Status", "Amount", "Refunded", "Currency", "Balance"],
      ["2026-10-01 00:00", "#2001", "Fulfilment fees", "Fulfilment fee for order #2001", "Balance due", "-1.50", "0.00", "USD", "-1.50"],
      ["2026-10-15 08:00", "#2002", "Fulfilment fees", "Fulfilment fee for order #2002", "Balance due", "-1.15", "0.00", "USD", "-2.65"],
      ["2026-10-20 08:00", "", "Payouts", "Payout of 1 storefront sale", "Paid out to you", "95.00", "0.00", "USD", "92.35"],
      ["2026-10-31 23:59", "#2004", "Fulfilment fees", "Fulfilment fee for order #2004", "Balance due", "-1.50", "0.00", "USD", "90.85"],
    ]);
    const done = await as(api, owner.token, orderExports.getFinancialExport, { params: { id: started.id } });
    expect(done.summary).toBe("Your financial report for 1 October 2026 to 31 October 2026 is ready: 4 payments.");

    // Another store neither reads the export nor downloads its file; the returns route does not serve it either.
    await expectError(as(api, other.token, orderExports.getFinancialExport, { params: { id: started.id } }), 404);
    expect((await api.raw("GET", `/web/orders/financial-export-job/${started.id}/file`, { token: other.token })).status).toBe(404);
    await expectError(as(api, owner.token, orderExports.getReturnExport, { params: { id: started.id } }), 404);
    expect((await api.raw("GET", `/web/orders/financial-export-job/${started.id}/file`)).status).toBe(401);
  });
});

describe("the returns export job", () => {
  it("writes one row per returned line of the returns created in the period, with the refund on the return's first row", async () => {
    const owner = await newYorkStore();
    const other = await newYorkStore();
    await stockSku(api, owner.token, "TEE-BLK-M", 10);
    const call = <C extends Parameters<typeof as>[2]>(c: C, input: Parameters<typeof as<C>>[3]) => as(api, owner.token, c, input);
    for (const n of [3001, 3002, 3003]) await createOrder(api, owner.store.id, { orderNumber: n, fulfillmentState: "FULFILLED", processingStatus: "FINISHED", customerName: `Buyer ${n}`, totalCents: 4200 });
    const inside = await call(returns.createReturnOrder, { body: { orderId: "3001", lines: [{ sku: "TEE-BLK-M", quantity: 2 }], reason: "Too small" } });
    await call(returns.receiveReturnOrder, { params: { id: inside.id }, body: {} });
    const before = await call(returns.createReturnOrder, { body: { orderId: "3002", lines: [{ sku: "TEE-BLK-M", quantity: 1 }], reason: "Before the period" } });
    const after = await call(returns.createReturnOrder, { body: { orderId: "3003", lines: [{ sku: "TEE-BLK-M", quantity: 1 }], reason: "After the period" } });
    const at = (id: string, when: string) => poolOf(api).query("UPDATE return_orders SET created_at = $2 WHERE id = $1", [id, when]);
    await at(inside.id, NY_OCT_START);
    await at(before.id, "2026-10-01T03:59:59Z");
    await at(after.id, NY_NOV_START);
    await poolOf(api).query("UPDATE order_refunds SET created_at = $2 WHERE return_id = $1", [inside.id, "2026-10-02T16:00:00Z"]);
    await createOrder(api, other.store.id, { orderNumber: 3001, fulfillmentState: "FULFILLED", processingStatus: "FINISHED", totalCents: 4200 });
    await stockSku(api, other.token, "TEE-BLK-M", 10);
    const theirs = await as(api, other.token, returns.createReturnOrder, { body: { orderId: "3001", lines: [{ sku: "TEE-BLK-M", quantity: 1 }], reason: "Another store" } });
    await at(theirs.id, "2026-10-10T12:00:00Z");

    const started = await call(orderExports.startReturnExport, { body: OCTOBER });
    const { rows, fileName } = await finishedCsv(owner.token, "RETURNS", started.id);
    expect(fileName).toBe("returns-2026-10-01-to-2026-10-31.csv");
    expect(rows).toEqual([
      ["Return", "Created", "Order number", "Customer", "Status", "Reason", "Canceled because", "SKU", "Product", "Quantity", "Restocked", "Refund method", "Return fee", "Refund amount", "Refunded to", "Refunded on", "Currency"],
      [inside.handle, "2026-10-01 00:00", "#3001", "Buyer 3001", "Complete: received and refunded", "Too small", "", "TEE-BLK-M", "Heavyweight tee", "2", "2", "Automatic", "Free returns", "42.00", "Original payment", "2026-10-02 12:00", "USD"],
    ]);
    await expectError(as(api, other.token, orderExports.getReturnExport, { params: { id: started.id } }), 404);
    expect((await api.raw("GET", `/web/return-orders/export-job/${started.id}/file`, { token: other.token })).status).toBe(404);
  });
});

describe("starting an export", () => {
  it("refuses a period that ends before it starts or runs past a year, naming the field", async () => {
    const owner = await registerUser(api);
    await expectError(as(api, owner.token, orderExports.startFinancialExport, { body: { from: "2026-10-01", to: "2026-10-01" } }), 400, "body.to", /after the first day/);
    await expectError(as(api, owner.token, orderExports.startReturnExport, { body: { from: "2025-10-01", to: "2026-10-02" } }), 400, "body.to", /at most a year/);
    await expectError(as(api, owner.token, orderExports.startReturnExport, { body: { from: "2026-02-30", to: "2026-03-02" } }), 400, "body.from", /real calendar date/);
    expect((await as(api, owner.token, orderExports.startReturnExport, { body: { from: "2025-10-01", to: "2026-10-01" } })).status).toMatch(/queued|running|completed/);
  });

  it("needs a session, refuses preview accounts, and keeps the money file from CX", async () => {
    const owner = await registerUser(api);
    expect((await api.raw("POST", "/web/return-orders/export-job", { body: OCTOBER })).status).toBe(401);
    const preview = await previewStore(api);
    await expectError(as(api, preview.token, orderExports.startReturnExport, { body: OCTOBER }), 403);
    await expectError(as(api, preview.token, orderExports.startFinancialExport, { body: OCTOBER }), 403);
    const cx = await teamMember(api, owner, "CX");
    await expectError(as(api, cx.token, orderExports.startFinancialExport, { body: OCTOBER }), 403);
    const mine = await as(api, owner.token, orderExports.startFinancialExport, { body: OCTOBER });
    const refused = await expectError(as(api, cx.token, orderExports.getFinancialExport, { params: { id: mine.id } }), 403);
    // The file route and the JSON routes have one authenticator: the same refusal, in the same words.
    const file = await api.raw("GET", `/web/orders/financial-export-job/${mine.id}/file`, { token: cx.token });
    expect(file).toMatchObject({ status: 403, body: { code: "FORBIDDEN", message: refused.message } });
    expect(refused.message).toBe("Your role (CX) can't do this. Ask the store owner.");
    const supplier = await supplierMember(api, await createSupplier(api));
    const asSupplier = await api.raw("GET", `/web/orders/financial-export-job/${mine.id}/file`, { token: supplier.token });
    expect(asSupplier).toMatchObject({ status: 403, body: { message: "A supplier account can only use the supplier inbox." } });
    const expired = await api.raw("GET", `/web/orders/financial-export-job/${mine.id}/file`, { token: `${owner.token}x` });
    expect(expired).toMatchObject({ status: 401, body: { message: "Your session has expired. Log in again." } });
    const returnsFile = await as(api, cx.token, orderExports.startReturnExport, { body: OCTOBER });
    expect((await finishedCsv(cx.token, "RETURNS", returnsFile.id)).rowCount).toBe(0);
  });
});
