import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analytics, inbox, receivings, warehouseTickets, type CallInput } from "@atelier/contracts";
import { as, expectError, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { createSupplier, previewStore, seedAnalyticsHistory, setAnalyticsFlags, teamMember, type AnalyticsSeed } from "../../test/factories";
import { Oracle } from "./analytics-oracle";

// From a report, one action (issue 20, agents): a churn-risk row saved as a customer list. The
// members are checked against the report's own drill-down and the independent computation's count;
// then bad input, other stores, roles and preview accounts. And a product's returns asked about with
// its supplier (or the fulfilment center), with the report's figures in the message.

const ANCHOR = new Date("2026-11-01T00:00:00Z");
const TZ = "America/New_York";
const RANGE = { from: "2024-11-01", to: "2026-11-01", asOf: ANCHOR.toISOString() } as const;
const AT_RISK = "03";

let api: TestApi;
let owner: TestUser;
let seed: AnalyticsSeed;
beforeAll(async () => {
  api = await startTestApi();
  owner = await registerUser(api);
  await setAnalyticsFlags(api, owner.token, { analytics: true, fulfillmentMetrics: true }, TZ);
  seed = await seedAnalyticsHistory(api, owner.store.id, { anchor: ANCHOR, scale: 0.03 });
}, 120_000);
afterAll(() => api.close());

const save = (user: TestUser, body: CallInput<typeof analytics.saveCustomerList>["body"]) => as(api, user.token, analytics.saveCustomerList, { body });

describe("customer lists from a report", () => {
  it("saves the churn-risk segment as a list holding exactly the report's customers of that row", async () => {
    const expected = new Oracle({ seed, ...RANGE, tz: TZ }).expected("analytics-churn-risk")!.get(AT_RISK)!;
    expect(expected.customers).toBeGreaterThan(0);
    const list = await save(owner, { reportId: "analytics-churn-risk", params: RANGE, key: AT_RISK });
    expect(list).toMatchObject({ reportId: "analytics-churn-risk", reportTitle: "Churn risk", segmentLabel: "At risk", asOf: RANGE.asOf, customerCount: expected.customers });
    expect(list.name).toBe("Churn risk: At risk, Nov 2026");
    // The members are the drill-down's customers of the row, every page of both.
    const members = new Set<string>();
    const drilled = new Set<string>();
    for (let page = 0; page * 100 < list.customerCount; page++) {
      const got = await as(api, owner.token, analytics.getCustomerList, { params: { listId: list.id }, query: { page, size: 100 } });
      for (const c of got.customers.list) members.add(c.id);
      const drill = await as(api, owner.token, analytics.drillDownReport, { params: { reportId: "analytics-churn-risk" }, query: { ...RANGE, key: AT_RISK, page, size: 100 } });
      for (const c of drill.customers!.list) drilled.add(c.id);
    }
    expect(members.size).toBe(list.customerCount);
    expect([...members].sort()).toEqual([...drilled].sort());
    const named = await save(owner, { reportId: "analytics-churn-risk", params: RANGE, key: "04", name: "Win-back, November" });
    expect(named.name).toBe("Win-back, November");
    const lists = await as(api, owner.token, analytics.listCustomerLists, { query: { size: 1 } });
    expect(lists.total).toBe(2);
    expect(lists.list[0]!.id).toBe(named.id);
  });

  it("answers bad input with the field and the reason", async () => {
    await expectError(save(owner, { reportId: "analytics-churn-risk", params: RANGE, key: "99" }), 400, "body.key");
    await expectError(save(owner, { reportId: "analytics" as "analytics-churn-risk", params: RANGE, key: AT_RISK }), 400, "body.reportId");
    await expectError(save(owner, { reportId: "analytics-churn-risk", params: { ...RANGE, from: "2026-02-30" }, key: AT_RISK }), 400, "body.params.from");
    await expectError(save(owner, { reportId: "analytics-churn-risk", params: RANGE, key: AT_RISK, name: " " }), 400, "body.name");
    // A row with no customers is refused rather than saved empty (a store without orders).
    const empty = await registerUser(api);
    await setAnalyticsFlags(api, empty.token, { analytics: true, fulfillmentMetrics: false });
    await expectError(save(empty, { reportId: "analytics-churn-risk", params: RANGE, key: AT_RISK }), 400, "body.key");
    await expectError(as(api, owner.token, analytics.getCustomerList, { params: { listId: "nope" }, query: {} }), 400, "params.listId");
  });

  it("keeps stores apart, lets members read, and only owners and admins save; preview accounts are refused", async () => {
    const list = await save(owner, { reportId: "analytics-churn-risk", params: RANGE, key: AT_RISK, name: "Roles" });
    const other = await registerUser(api);
    await setAnalyticsFlags(api, other.token, { analytics: true, fulfillmentMetrics: false });
    await expectError(as(api, other.token, analytics.getCustomerList, { params: { listId: list.id }, query: {} }), 404);
    expect((await as(api, other.token, analytics.listCustomerLists, { query: {} })).total).toBe(0);
    const cx = await teamMember(api, owner, "CX");
    expect((await as(api, cx.token, analytics.getCustomerList, { params: { listId: list.id }, query: { size: 1 } })).list.id).toBe(list.id);
    await expectError(save(cx, { reportId: "analytics-churn-risk", params: RANGE, key: AT_RISK }), 403);
    const admin = await teamMember(api, owner, "ADMIN");
    expect((await save(admin, { reportId: "analytics-churn-risk", params: RANGE, key: AT_RISK })).customerCount).toBe(list.customerCount);
    const preview = await previewStore(api);
    await expectError(as(api, preview.token, analytics.saveCustomerList, { body: { reportId: "analytics-churn-risk", params: RANGE, key: AT_RISK } }), 403);
  });
});

describe("asking about a product's returns", () => {
  const draft = (user: TestUser, product: string, range: { from?: string; to?: string } = {}) =>
    as(api, user.token, analytics.draftReturnQuestion, { query: { product, ...RANGE, ...range } });
  const ask = (user: TestUser, body: CallInput<typeof analytics.askAboutReturns>["body"]) => as(api, user.token, analytics.askAboutReturns, { body }, crypto.randomUUID());

  it("asks the supplier the product's stock came from in the inbox, else the fulfilment center by ticket, with the report's figures", async () => {
    const report = await as(api, owner.token, analytics.runReport, { params: { reportId: "product-return-rate" }, query: RANGE });
    const returned = report.rows.filter((r) => (r.values.returnedUnits ?? 0) > 0);
    expect(returned.length).toBeGreaterThan(1);
    const [first, second] = [returned[0]!, returned[1]!];
    // The first product's stock arrived from a marketplace supplier (a receiving naming it).
    const name = `Returns Maker ${Date.now()}`;
    const supplierId = await createSupplier(api, { name });
    const sku = seed.lineItems.find((l) => l.title.split(" — ")[0] === first.key)!.sku;
    await as(api, owner.token, receivings.createReceiving, { body: { supplierName: name, lines: [{ sku, title: first.key, expectedQuantity: 10 }] } }, crypto.randomUUID());

    const toSupplier = await draft(owner, first.key);
    expect(toSupplier.recipient).toEqual({ kind: "SUPPLIER", supplierId, name });
    expect(toSupplier.figures).toMatchObject({ units: first.values.units, returnedUnits: first.values.returnedUnits, returnRate: first.values.returnRate, returnedValueCents: first.values.returnedValue, asOf: RANGE.asOf });
    expect(toSupplier.message).toContain(`${first.values.returnedUnits} of the ${first.values.units} units of ${first.key}`);
    expect(toSupplier.message).toContain("November 1, 2024 and October 31, 2026");
    const message = `${toSupplier.message} (checked ${Date.now()})`;
    const sent = await ask(owner, { product: first.key, ...RANGE, recipient: "SUPPLIER", message });
    expect(sent.link).toBe(`/inbox/messages?c=${sent.reference}`);
    const messages = await as(api, owner.token, inbox.listMessages, { params: { sid: sent.reference }, query: {} });
    expect(messages.conversation.supplierId).toBe(supplierId);
    expect(messages.list.map((m) => m.body)).toContain(message);

    // No supplier on record: the fulfilment center, by a ticket about the latest order with a return of it.
    const toWarehouse = await draft(owner, second.key);
    expect(toWarehouse.recipient).toEqual({ kind: "WAREHOUSE", supplierId: null, name: "the fulfilment center" });
    expect(toWarehouse.orderNumber).not.toBeNull();
    // A recipient other than the draft's is refused and nothing is sent.
    await expectError(ask(owner, { product: second.key, ...RANGE, recipient: "SUPPLIER", message: toWarehouse.message }), 409);
    const key = crypto.randomUUID();
    const body = { product: second.key, ...RANGE, recipient: "WAREHOUSE" as const, message: toWarehouse.message };
    const ticket = await as(api, owner.token, analytics.askAboutReturns, { body }, key);
    expect(ticket.link).toBe(`/fulfillment-services/warehouse-tickets?ticket=${ticket.reference}`);
    // The assistant's retry under the same key answers the same ticket and opens no other.
    const countTickets = async () => (await api.deps.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM warehouse_tickets WHERE store_id = $1", [owner.store.id])).rows[0]!.n;
    const tickets = await countTickets();
    expect(await as(api, owner.token, analytics.askAboutReturns, { body }, key)).toEqual(ticket);
    expect(await countTickets()).toBe(tickets);
    const opened = await as(api, owner.token, warehouseTickets.getWarehouseTicket, { params: { sn: ticket.reference } });
    expect([opened.type, opened.subject, opened.orderNumber, opened.messages[0]!.body]).toEqual(["RETURN_EXCHANGE", `Returns of ${second.key}`, toWarehouse.orderNumber, toWarehouse.message]);
  });

  it("answers bad input with the field and the reason, keeps stores apart and lets only owners and admins send; preview accounts are refused", async () => {
    await expectError(draft(owner, `No such product ${Date.now()}`), 400, "query.product");
    await expectError(draft(owner, " "), 400, "query.product");
    await expectError(draft(owner, "Anything", { from: "2026-11-01", to: "2026-10-01" }), 400, "query.to");
    await expectError(ask(owner, { product: "Anything", ...RANGE, recipient: "WAREHOUSE", message: "x" }), 400, "body.message");
    await expectError(ask(owner, { product: `No such product ${Date.now()}`, ...RANGE, recipient: "WAREHOUSE", message: "Why so many returns?" }), 400, "body.product");
    const report = await as(api, owner.token, analytics.runReport, { params: { reportId: "product-return-rate" }, query: RANGE });
    const product = report.rows.find((r) => (r.values.returnedUnits ?? 0) > 0)!.key;
    // Another store has no such product: its figures stay this store's.
    const other = await registerUser(api);
    await setAnalyticsFlags(api, other.token, { analytics: true, fulfillmentMetrics: false });
    await expectError(draft(other, product), 400, "query.product");
    const cx = await teamMember(api, owner, "CX");
    expect((await draft(cx, product)).product).toBe(product);
    await expectError(ask(cx, { product, ...RANGE, recipient: "WAREHOUSE", message: "Why so many returns?" }), 403);
    const preview = await previewStore(api);
    await expectError(ask(preview, { product, ...RANGE, recipient: "WAREHOUSE", message: "Why so many returns?" }), 403);
  });
});
