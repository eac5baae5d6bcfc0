import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fees, orders, payments, receivings } from "@atelier/contracts";
import { as, expectError, registerUser, setPlan, startTestApi, type TestApi, type TestUser } from "./harness";
import { createOrder, dueStorageFee, manualOrderBody, previewStore, stockSku, teamMember } from "../../test/factories";
import { recordFulfilmentFee } from "../src/services/fees/record-fulfilment-fee";
import { insertFulfilmentFee } from "../src/queries/fees/fees";
import { renewStorage } from "../src/services/fees/renew-storage";
import { runPayouts, weekStart } from "../src/services/fees/run-payouts";

// Fees through the payments ledger (000 §9), the payments report and its payout and card payment
// records. Every assertion reads this file's own stores: the database is shared with other files.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const expYear = new Date().getUTCFullYear() + 2;
const addCard = (owner: TestUser, cardNumber = "4242424242424242") =>
  as(api, owner.token, payments.attachPaymentMethod, { body: { cardNumber, expMonth: 12, expYear, cvc: "123", makeDefault: true } });

/** Reads the report until `done` holds (the fee's charge is a background job). */
async function reportWhen(owner: TestUser, query: Parameters<typeof report>[1], done: (r: Awaited<ReturnType<typeof report>>) => boolean) {
  for (let i = 0; i < 200; i++) {
    const r = await report(owner, query);
    if (done(r)) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("The payments report never showed what was expected");
}
const report = (owner: TestUser, query: { kind?: (typeof fees.PAYMENT_KINDS)[number]; from?: string; to?: string; page?: number; size?: number } = {}) =>
  as(api, owner.token, fees.getPaymentsReport, { query });

async function shippedOrder(owner: TestUser, sku: string) {
  await stockSku(api, owner.token, sku, 10);
  const order = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku, quantity: 1 }]) });
  await as(api, owner.token, orders.submitOrderFulfilment, { params: { id: String(order.orderNumber) } });
  for (let i = 0; i < 200; i++) {
    const o = await as(api, owner.token, orders.getOrder, { params: { id: order.id } });
    if (o.fulfillmentState === "FULFILLED") return o;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("The order never shipped");
}

const feeRows = async (storeId: string, kind: string) =>
  (await api.deps.pool.query<{ status: string; amount: number; sku: string | null; bin: string | null; period_start: Date | null }>(
    "SELECT status, amount_cents AS amount, sku, bin, period_start FROM store_fees WHERE store_id = $1 AND kind = $2 ORDER BY created_at, period_start",
    [storeId, kind],
  )).rows;

describe("fees through the payments ledger", () => {
  it("charges the fulfilment fee once per shipped order on the default card, at the plan's price, and shows it as a card payment", async () => {
    const owner = await registerUser(api);
    await addCard(owner);
    const order = await shippedOrder(owner, `FEE-${Date.now()}`);
    const paid = await reportWhen(owner, { kind: "FULFILMENT_FEE" }, (r) => r.list.some((row) => row.status === "PAID"));
    expect(paid.list).toHaveLength(1);
    expect(paid.list[0]).toMatchObject({ kind: "FULFILMENT_FEE", status: "PAID", amountCents: 150, orderNumber: order.orderNumber });
    expect(paid.list[0]!.description).toBe(`Fulfilment fee for order #${order.orderNumber} ($1.50 per order on the Free plan)`);
    expect(paid.totals.FULFILMENT_FEE).toBe(150);

    // A recreated shipment (or a re-run stage) settles again: still one fee, one charge.
    await recordFulfilmentFee(api.deps, api.deps.pool, owner.store.id, { id: order.id, orderNumber: order.orderNumber });
    expect(await feeRows(owner.store.id, "FULFILMENT")).toHaveLength(1);

    const record = await as(api, owner.token, fees.getPaymentRecord, { params: { id: paid.list[0]!.paymentRecordId! } });
    expect(record).toMatchObject({ kind: "FULFILMENT_FEE", amountCents: 150, succeeded: true, card: { brand: "visa", last4: "4242" }, refundedCents: 0 });
    expect(record.fees).toEqual([expect.objectContaining({ kind: "FULFILMENT_FEE", orderNumber: order.orderNumber, amountCents: 150 })]);
  });

  it("shows a fee being charged once, as its card payment with its order, before the job marks the fee paid", async () => {
    const owner = await registerUser(api);
    const card = await addCard(owner);
    const sku = `MID-${Date.now()}`;
    await stockSku(api, owner.token, sku, 5);
    const order = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku, quantity: 1 }]) });
    // The charge job's two steps, stopped between them: the charge has committed, the fee is still pending.
    const fee = (await insertFulfilmentFee(api.deps.pool, owner.store.id, { orderId: order.id, orderNumber: order.orderNumber, planType: "TIER_1", amountCents: 150, description: `Fulfilment fee for order #${order.orderNumber}` }))!;
    await api.deps.providers.payments.charge(api.deps.pool, { storeId: owner.store.id, amountCents: 150, description: fee.description, paymentMethodId: card.id, idempotencyKey: `fee:fulfilment:${fee.id}` });
    const r = await report(owner, { kind: "FULFILMENT_FEE" });
    expect(r.list).toEqual([expect.objectContaining({ status: "PAID", amountCents: 150, orderNumber: order.orderNumber })]);
  });

  it("charges $1.15 on Professional; with no card the fee waits as a balance due; a canceled order pays nothing", async () => {
    const owner = await registerUser(api);
    await setPlan(api, owner.store.id, "TIER_3");
    const order = await shippedOrder(owner, `PRO-${Date.now()}`);
    const due = await reportWhen(owner, { kind: "FULFILMENT_FEE" }, (r) => r.list.some((row) => row.status === "DUE"));
    expect(due.list[0]).toMatchObject({ status: "DUE", amountCents: 115, orderNumber: order.orderNumber, paymentRecordId: null });
    expect(due.balanceDueCents).toBe(115);

    const sku = `CXL-${Date.now()}`;
    await stockSku(api, owner.token, sku, 5);
    const canceled = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku, quantity: 1 }]) });
    await as(api, owner.token, orders.cancelOrder, { params: { id: canceled.id }, body: { reason: "Customer changed their mind" } });
    expect((await feeRows(owner.store.id, "FULFILMENT")).map((f) => f.amount)).toEqual([115]);
  });

  it("secures each SKU's bin for 12 months when a receiving first fills it, and renews it daily once the period runs out while units stay", async () => {
    const owner = await registerUser(api);
    await addCard(owner);
    const tee = `TEE-${Date.now()}`;
    const mug = `MUG-${Date.now()}`;
    await as(api, owner.token, receivings.createReceiving, { body: { lines: [{ sku: tee, title: "Tee", expectedQuantity: 10, bin: "S-01" }, { sku: mug, title: "Mug", expectedQuantity: 4, bin: "S-02" }] } });
    await as(api, owner.token, receivings.receiveReceiving, { params: { sn: "RCV-1001" }, body: { lines: [{ sku: tee, received: 4 }] } });
    await as(api, owner.token, receivings.receiveReceiving, { params: { sn: "RCV-1001" }, body: { lines: [{ sku: tee, received: 6 }, { sku: mug, received: 4 }] } });
    // A second receiving into the same bin pays nothing more this period.
    await as(api, owner.token, receivings.createReceiving, { body: { lines: [{ sku: tee, expectedQuantity: 2, bin: "S-01" }] } });
    await as(api, owner.token, receivings.receiveReceiving, { params: { sn: "RCV-1002" }, body: { lines: [{ sku: tee, received: 2 }] } });
    expect((await feeRows(owner.store.id, "STORAGE")).map((f) => [f.sku, f.bin, f.amount])).toEqual([[tee, "S-01", 100], [mug, "S-02", 100]]);
    const paid = await reportWhen(owner, { kind: "STORAGE_FEE" }, (r) => r.list.filter((row) => row.status === "PAID").length === 2);
    expect(paid.totals.STORAGE_FEE).toBe(200);
    expect(paid.list.map((r) => r.receivingSn)).toEqual(["RCV-1001", "RCV-1001"]);

    // The tee's period ran out; the mug's bin is emptied. The daily job renews the tee's only, once.
    const past = new Date(Date.now() - 3 * 24 * 3600_000);
    await api.deps.pool.query("UPDATE store_fees SET period_start = period_start - interval '12 months' - interval '3 days', period_end = $2 WHERE store_id = $1 AND kind = 'STORAGE'", [owner.store.id, past]);
    await api.deps.pool.query("UPDATE inventory_levels l SET on_hand = 0 FROM inventory_items i WHERE i.id = l.item_id AND i.store_id = $1 AND i.sku = $2", [owner.store.id, mug]);
    await renewStorage(api.deps, new Date());
    await renewStorage(api.deps, new Date());
    const rows = await feeRows(owner.store.id, "STORAGE");
    expect(rows.map((f) => [f.sku, f.bin])).toEqual([[tee, "S-01"], [mug, "S-02"], [tee, "S-01"]]);
    expect(rows[2]!.period_start!.toISOString()).toBe(past.toISOString());
  });
});

describe("payouts of storefront sales", () => {
  it("pays last week's storefront sales less 5% processing and the balance due, once; the records open from the report", async () => {
    const owner = await registerUser(api);
    const lastWeek = new Date(weekStart(new Date()).getTime() - 3 * 24 * 3600_000).toISOString();
    const base = 4000 + (Date.now() % 1000);
    await createOrder(api, owner.store.id, { orderNumber: base, totalCents: 10_000, placedAt: lastWeek });
    await createOrder(api, owner.store.id, { orderNumber: base + 1, totalCents: 5_000, placedAt: lastWeek });
    await createOrder(api, owner.store.id, { orderNumber: base + 2, totalCents: 7_000, placedAt: lastWeek, cancellationState: "CANCELED" });
    await createOrder(api, owner.store.id, { orderNumber: base + 3, totalCents: 9_000, placedAt: lastWeek, origin: "MANUAL_RETAIL" });
    // A shipped order with no card: $1.50 due, taken from the payout.
    await shippedOrder(owner, `PAY-${Date.now()}`);
    for (let i = 0; i < 200 && (await feeRows(owner.store.id, "FULFILMENT"))[0]?.status !== "DUE"; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await report(owner)).balanceDueCents).toBe(150);

    await runPayouts(api.deps, new Date());
    await runPayouts(api.deps, new Date());
    const all = await report(owner, { from: lastWeek.slice(0, 10) });
    const payouts = all.list.filter((r) => r.kind === "PAYOUT");
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ status: "PAID_OUT", amountCents: 15_000 - 750 - 150, description: "Payout of 2 storefront sales" });
    expect(all.totals.PAYOUT).toBe(14_100);
    expect(all.balanceDueCents).toBe(0);
    expect(all.list.find((r) => r.kind === "FULFILMENT_FEE")).toMatchObject({ status: "DEDUCTED", payoutRecordId: payouts[0]!.id });

    const payout = await as(api, owner.token, fees.getPayoutRecord, { params: { id: payouts[0]!.payoutRecordId! } });
    expect(payout).toMatchObject({ orderCount: 2, grossCents: 15_000, processingCents: 750, feesCents: 150, netCents: 14_100 });
    expect(payout.orders.map((o) => [o.orderNumber, o.amountCents, o.processingCents])).toEqual([[base, 10_000, 500], [base + 1, 5_000, 250]]);
    expect(payout.fees).toEqual([expect.objectContaining({ kind: "FULFILMENT_FEE", amountCents: 150 })]);

    // Filters: one kind, a period that holds nothing, paging.
    expect((await report(owner, { from: lastWeek.slice(0, 10), kind: "PAYOUT" })).total).toBe(1);
    expect((await report(owner, { from: "2020-01-01", to: "2020-02-01" })).list).toEqual([]);
    const paged = await report(owner, { from: lastWeek.slice(0, 10), size: 1, page: 1 });
    expect(paged).toMatchObject({ total: 2, page: 1, size: 1 });
    expect(paged.list).toHaveLength(1);
  });
});

const dueFee = (owner: TestUser, amountCents: number, status: "DUE" | "PENDING" = "DUE") => dueStorageFee(api, owner.store.id, amountCents, status);
const payBalance = (owner: TestUser, amountCents: number, key = crypto.randomUUID()) => as(api, owner.token, fees.payBalanceDue, { body: { amountCents } }, key);

describe("paying the balance due on demand", () => {
  it("charges exactly the confirmed balance on the default card once per key, marks those fees paid and shows one balance payment", async () => {
    const owner = await registerUser(api);
    await dueFee(owner, 150);
    await dueFee(owner, 100);
    await addCard(owner);
    const before = await report(owner);
    expect(before).toMatchObject({ balanceDueCents: 250, payableCents: 250, defaultCard: { brand: "visa", last4: "4242" } });

    // The amount the owner saw must still be the balance: a stale one charges nothing.
    await expectError(payBalance(owner, 150), 409, undefined, /\$2\.50/);
    const key = crypto.randomUUID();
    const paid = await payBalance(owner, 250, key);
    expect(paid).toMatchObject({ result: "COMPLETED", amountCents: 250, feeCount: 2, card: { brand: "visa", last4: "4242" }, balanceDueCents: 0 });
    expect(paid.message).toBe("Paid $2.50 with your Visa ending 4242: 2 fees are settled.");
    expect(await payBalance(owner, 250, key)).toEqual(paid);
    expect((await feeRows(owner.store.id, "STORAGE")).map((f) => f.status)).toEqual(["PAID", "PAID"]);
    const charges = await api.deps.pool.query("SELECT 1 FROM payment_charges WHERE store_id = $1 AND idempotency_key LIKE 'fee:balance:%'", [owner.store.id]);
    expect(charges.rowCount).toBe(1);

    const after = await report(owner);
    expect(after).toMatchObject({ balanceDueCents: 0, payableCents: 0 });
    expect(after.list).toEqual([expect.objectContaining({ kind: "BALANCE_PAYMENT", status: "PAID", amountCents: 250, paymentRecordId: paid.chargeId })]);
    const record = await as(api, owner.token, fees.getPaymentRecord, { params: { id: paid.chargeId } });
    expect(record.fees.map((f) => f.amountCents).sort()).toEqual([100, 150]);
    // Nothing left to pay.
    await expectError(payBalance(owner, 250), 409, undefined, /no balance due/);
  });

  it("changes nothing when the card is declined, and says so; with no card it charges nothing", async () => {
    const owner = await registerUser(api);
    await dueFee(owner, 150);
    await expectError(payBalance(owner, 150), 409, undefined, /no default card/);
    await addCard(owner, "4000000000000002");
    const declined = await payBalance(owner, 150);
    expect(declined).toMatchObject({ result: "INSTRUMENT_DECLINED", amountCents: 150, balanceDueCents: 150 });
    expect(declined.message).toBe("Your Visa ending 0002 was declined, so nothing was charged and the balance of $1.50 is still due. Set another default card under Billing and pay again.");
    expect((await feeRows(owner.store.id, "STORAGE")).map((f) => f.status)).toEqual(["DUE"]);
    const r = await report(owner);
    expect(r).toMatchObject({ balanceDueCents: 150, payableCents: 150 });
    expect(r.list).toEqual([expect.objectContaining({ kind: "STORAGE_FEE", status: "DUE" })]);
    // A working card afterwards pays it, under a new key.
    await addCard(owner);
    expect(await payBalance(owner, 150)).toMatchObject({ result: "COMPLETED", balanceDueCents: 0 });
  });

  it("leaves a pending fee whose charge already exists out of the balance due, as the list does", async () => {
    const owner = await registerUser(api);
    const card = await addCard(owner);
    const fee = await dueFee(owner, 100, "PENDING");
    expect((await report(owner)).balanceDueCents).toBe(100);
    // The charge job stopped between its two steps: the charge committed, the fee still pending.
    await api.deps.providers.payments.charge(api.deps.pool, { storeId: owner.store.id, amountCents: 100, description: fee.description, paymentMethodId: card.id, idempotencyKey: `fee:storage:${fee.id}` });
    expect(await report(owner)).toMatchObject({ balanceDueCents: 0, payableCents: 0 });
  });

  it("refuses a bad amount with the field, strangers, preview accounts and members who do not manage billing; another store's fees are not its to pay", async () => {
    const owner = await registerUser(api);
    await dueFee(owner, 150);
    await addCard(owner);
    await expectError(payBalance(owner, 1.5), 400, "body.amountCents");
    await expectError(payBalance(owner, 0), 400, "body.amountCents");
    expect((await api.raw("POST", "/web/stores/me/balance-due/payments", { body: { amountCents: 150 } })).status).toBe(401);
    const admin = await teamMember(api, owner, "ADMIN");
    await expectError(as(api, admin.token, fees.payBalanceDue, { body: { amountCents: 150 } }), 403);
    const preview = await previewStore(api);
    await expectError(as(api, preview.token, fees.payBalanceDue, { body: { amountCents: 150 } }), 403);
    const stranger = await registerUser(api);
    await addCard(stranger);
    await expectError(payBalance(stranger, 150), 409, undefined, /no balance due/);
    expect((await feeRows(owner.store.id, "STORAGE")).map((f) => f.status)).toEqual(["DUE"]);
  });
});

describe("payments report access", () => {
  it("refuses bad periods with the field, strangers, the wrong role and other stores' records", async () => {
    const owner = await registerUser(api);
    await addCard(owner);
    await shippedOrder(owner, `ACC-${Date.now()}`);
    const mine = await reportWhen(owner, { kind: "FULFILMENT_FEE" }, (r) => r.list.some((row) => row.status === "PAID"));
    const chargeId = mine.list[0]!.paymentRecordId!;

    await expectError(report(owner, { from: "2026-13-01" }), 400, "query.from");
    await expectError(report(owner, { from: "2026-05-01", to: "2026-05-01" }), 400, "query.to");
    const badKind = await api.raw("GET", "/web/stores/me/payments-report?kind=TIPS", { token: owner.token });
    expect(badKind.status).toBe(400);
    expect(JSON.stringify(badKind.body)).toContain("query.kind");
    expect((await api.raw("GET", "/web/stores/me/payments-report")).status).toBe(401);
    expect((await api.raw("GET", `/web/stripe-payment-records/${chargeId}`)).status).toBe(401);

    const cx = await teamMember(api, owner, "CX");
    await expectError(as(api, cx.token, fees.getPaymentsReport, { query: {} }), 403);
    await expectError(as(api, cx.token, fees.getPaymentRecord, { params: { id: chargeId } }), 403);

    const stranger = await registerUser(api);
    await expectError(as(api, stranger.token, fees.getPaymentRecord, { params: { id: chargeId } }), 404);
    await expectError(as(api, stranger.token, fees.getPayoutRecord, { params: { id: crypto.randomUUID() } }), 404);
    await expectError(as(api, stranger.token, fees.getPayoutRecord, { params: { id: "not-a-payout" } }), 404);
    expect((await report(stranger)).list).toEqual([]);

    // A preview account may look (reads are allowed) and sees only its own, empty report.
    const preview = await previewStore(api);
    expect(await as(api, preview.token, fees.getPaymentsReport, { query: {} })).toMatchObject({ list: [], total: 0, balanceDueCents: 0 });
  });
});
