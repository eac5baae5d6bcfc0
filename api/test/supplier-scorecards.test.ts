import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { receivings, shipping, supplierScorecards } from "@atelier/contracts";
import { QC_INSPECTION_FEE_CENTS, qcSamplingPlan } from "@atelier/contracts/shipping";
import { as, expectError, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { cardOnFile, createItem, createSupplier, previewStore, teamMember } from "../../test/factories";

// Supplier scorecards from the store's own records: figures checked against a count made here from
// the rows this file writes (never against the whole shared database), the threshold below which a
// figure says "not enough data yet", ranking, and every failure path.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A paid purchase from the supplier `paidDaysAgo` days ago, shipped `shippedDaysAgo` days ago (or not yet). */
async function purchase(storeId: string, supplierId: string, itemId: string, paidDaysAgo: number | null, shippedDaysAgo: number | null): Promise<string> {
  const { rows } = await api.deps.pool.query<{ id: string }>(
    `INSERT INTO creator_order_items (store_id, supplier_id, catalog_item_id, kind, status, title, quantity, unit_price_cents, paid_at, shipped_at)
     VALUES ($1, $2, $3, 'PRODUCTION', $4, 'Heavy tee', 200, 450, now() - make_interval(days => $5::int), CASE WHEN $6::int IS NULL THEN NULL ELSE now() - make_interval(days => $6::int) END)
     RETURNING id`,
    [storeId, supplierId, itemId, paidDaysAgo === null ? "NOT_PURCHASED" : shippedDaysAgo === null ? "IN_PRODUCTION" : "SHIPPED", paidDaysAgo, shippedDaysAgo],
  );
  return rows[0]!.id;
}

/** Announces a receiving and counts it at once (received, damaged) unless told not to; its number. */
async function receiving(owner: TestUser, supplierName: string, expectedArrival: string, expected: number, counted: [number, number] | null, sku: string) {
  const r = await as(api, owner.token, receivings.createReceiving, { body: { supplierName, expectedArrival, lines: [{ sku, title: "Heavy tee", expectedQuantity: expected }] } });
  if (counted) await as(api, owner.token, receivings.receiveReceiving, { params: { sn: r.sn }, body: { lines: [{ sku, received: counted[0], damaged: counted[1] }] } });
  return r.sn;
}

async function inspect(owner: TestUser, reference: string, lotSize: number, found: [number, number, number] | null, orderItemId?: string) {
  const booked = await as(api, owner.token, shipping.createQcInspection, { body: { reference, product: "Heavy tee", stage: orderItemId ? "PRE_SHIPMENT" : "RECEIVING", lotSize, expectedFeeCents: QC_INSPECTION_FEE_CENTS, ...(orderItemId ? { orderItemId } : {}) } }, crypto.randomUUID());
  if (!found) return booked;
  const [critical, major, minor] = found;
  return as(api, owner.token, shipping.reportQcInspection, { params: { id: booked.id }, body: { critical, major, minor } }, crypto.randomUUID());
}

describe("supplier scorecards", () => {
  let owner: TestUser;
  let supplierId: string;
  let supplierName: string;
  let localName: string;
  let untouched: string;
  let verdicts: (string | null)[] = [];
  let shippedOnTime: string;
  let unpaid: string;

  beforeAll(async () => {
    owner = await registerUser(api);
    supplierName = `Scorecard Knitwear ${tag()}`;
    localName = `Corner Print Shop ${tag()}`;
    supplierId = await createSupplier(api, { name: supplierName, enabled: true, productionDaysMax: 45 });
    untouched = await createSupplier(api, { name: `Never Bought ${tag()}`, enabled: true });
    // The item promises 10 days at most: a purchase is due 10 days after it was paid.
    const item = await createItem(api, supplierId, { productionDaysMin: 5, productionDaysMax: 10 });
    await purchase(owner.store.id, supplierId, item.id, 20, 5); // due 10 days ago, shipped 5 days ago: late
    shippedOnTime = await purchase(owner.store.id, supplierId, item.id, 20, 12); // shipped 2 days before it was due: on time
    await purchase(owner.store.id, supplierId, item.id, 30, null); // due 20 days ago, still not shipped: late
    await purchase(owner.store.id, supplierId, item.id, 2, null); // not due yet: not counted
    unpaid = await purchase(owner.store.id, supplierId, item.id, null, null); // in the basket: not a delivery
    const sku = `TEE-${tag()}`.toUpperCase();
    // Typed in another case, the receivings still tie to the listed supplier by its name.
    const onTime = await receiving(owner, supplierName.toUpperCase(), day(1), 20, [18, 2], sku);
    const late = await receiving(owner, supplierName, day(-3), 10, [10, 0], sku);
    const onTime2 = await receiving(owner, ` ${supplierName.toLowerCase()} `, day(2), 5, [5, 0], sku);
    await receiving(owner, supplierName, day(-5), 8, null, sku); // overdue and not counted: late
    await receiving(owner, localName, day(30), 4, null, sku); // a supplier outside the marketplace, not due
    await cardOnFile(api, owner.token);
    // A minor defect in a sample of 5 already fails at AQL 4.0 (accept 0); the critical one fails too.
    verdicts = [await inspect(owner, onTime, 20, [0, 0, 1]), await inspect(owner, late, 10, [1, 0, 0]), await inspect(owner, onTime2, 5, [0, 0, 0])].map((r) => r.verdict);
    // A pre-shipment check of a purchase counts for its supplier; a booked one without a report counts for nobody.
    verdicts.push((await inspect(owner, "PO heavy tee", 200, [0, 0, 0], shippedOnTime)).verdict);
    await inspect(owner, late, 10, null);
  }, 60_000);

  it("scores a supplier from purchases, receivings and inspections, each figure with its counts", async () => {
    const card = await as(api, owner.token, supplierScorecards.getSupplierScorecard, { params: { supplierId } });
    // An independent count of what beforeAll wrote: deliveries 1 of 3 purchases + 2 of 4 receivings on time.
    expect(card.onTimePurchases).toMatchObject({ good: 1, total: 3, basis: 3, words: "1 of 3 purchases shipped by their promised day" });
    expect(card.onTimeReceivings).toMatchObject({ good: 2, total: 4, basis: 4, words: "2 of 4 receivings counted by their expected day" });
    expect(card.onTime).toMatchObject({ good: 3, total: 7, words: "3 of 7 deliveries on time" });
    expect(card.onTime.rate).toBeCloseTo(3 / 7);
    // Three counted shipments: 33 of 35 units sound, 2 of 35 damaged.
    expect(card.accuracy).toMatchObject({ good: 33, total: 35, basis: 3, words: "33 of 35 units expected arrived sound (3 shipments)" });
    expect(card.damage).toMatchObject({ good: 2, total: 35, basis: 3 });
    const sampled = [20, 10, 5, 200].reduce((n, lot) => n + qcSamplingPlan(lot, "II", { critical: "0.065", major: "2.5", minor: "4.0" }).sampleSize, 0);
    expect(verdicts).toEqual(["FAIL", "FAIL", "PASS", "PASS"]);
    expect(card.qcPass).toMatchObject({ good: 2, total: 4, words: "2 of 4 inspections passed" });
    expect(card.defects).toMatchObject({ good: 2, total: sampled, basis: 4 });
    expect(card.reliability).toBe(Math.round(((3 / 7 + 33 / 35 + 2 / 4) / 3) * 100));
    expect(card).toMatchObject({ supplierId, name: supplierName, hasDealings: true });
    expect(card.summary).toContain(`${supplierName} scores ${card.reliability} out of 100`);
    expect(card.summary).toContain("3 of 7 deliveries on time");
  });

  it("gives the supplier's median first reply to the store's messages in the inbox, with its counts", async () => {
    expect((await as(api, owner.token, supplierScorecards.getSupplierScorecard, { params: { supplierId } })).replyTime).toEqual({ medianMinutes: null, answered: 0, asked: 0, words: "No messages to this supplier in your inbox yet" });
    // Minutes from the start: the supplier wrote first (no reply to anything); the store asked at 0
    // (answered at 30), at 60 and again at 70 (one question, answered at 180: 120 min), at 200
    // (answered at 500: 300 min), and at 600 (not answered yet).
    const messages = [["S", -10], ["A", 0], ["S", 30], ["A", 60], ["A", 70], ["S", 180], ["A", 200], ["S", 500], ["A", 600]] as const;
    const { rows } = await api.deps.pool.query<{ id: string }>(`INSERT INTO conversations (sid, store_id, supplier_id, name) VALUES ($1, $2, $3, $4) RETURNING id`, [`CH${crypto.randomUUID().replace(/-/g, "")}`, owner.store.id, supplierId, `store_${owner.store.id}:manufacturer:${supplierId}`]);
    for (const [index, [side, at]] of messages.entries()) {
      await api.deps.pool.query(
        `INSERT INTO conversation_messages (conversation_id, msg_index, author, type, body, created_at) VALUES ($1, $2, $3, 'TEXT', 'Hello', now() - interval '2 days' + make_interval(mins => $4::int))`,
        [rows[0]!.id, index, side === "A" ? `store_${owner.store.id}` : `manufacturer:${supplierId}`, at],
      );
    }
    const card = await as(api, owner.token, supplierScorecards.getSupplierScorecard, { params: { supplierId } });
    expect(card.replyTime).toEqual({ medianMinutes: 120, answered: 3, asked: 4, words: "Answers in a median of 2 h (3 of 4 messages answered)" });
    // The reply time is its own figure: the reliability score is unchanged.
    expect(card.reliability).toBe(Math.round(((3 / 7 + 33 / 35 + 2 / 4) / 3) * 100));
  });

  it("says 'not enough data yet' under the threshold, and nothing for a supplier never dealt with", async () => {
    const list = await as(api, owner.token, supplierScorecards.listSupplierScorecards, { query: { search: localName } });
    expect(list.total).toBe(1);
    const local = list.list[0]!;
    expect(local).toMatchObject({ supplierId: null, name: localName, hasDealings: true, reliability: null });
    // Its one receiving is not due yet: no delivery to judge, no rate.
    expect(local.onTime).toMatchObject({ total: 0, rate: null, words: "No deliveries yet" });
    expect(local.summary).toMatch(/^Not enough data yet to score/);
    const never = await as(api, owner.token, supplierScorecards.getSupplierScorecard, { params: { supplierId: untouched } });
    expect(never).toMatchObject({ hasDealings: false, reliability: null, lastDealtAt: null });
    expect(never.summary).toMatch(/haven't bought from or received from/);
  });

  it("ranks the store's suppliers by reliability or late deliveries, searched and paged on the server", async () => {
    const ranked = await as(api, owner.token, supplierScorecards.listSupplierScorecards, {});
    expect(ranked.list.map((s) => s.name)).toEqual([supplierName, localName]);
    const late = await as(api, owner.token, supplierScorecards.listSupplierScorecards, { query: { sort: "MOST_LATE", lateOnly: "true" } });
    expect(late.list.map((s) => s.name)).toEqual([supplierName]);
    const paged = await as(api, owner.token, supplierScorecards.listSupplierScorecards, { query: { sort: "NAME", size: 1, page: 1 } });
    expect(paged).toMatchObject({ total: 2, page: 1 });
    expect(paged.list.map((s) => s.name)).toEqual([supplierName]);
  });

  it("filters the inspection list by verdict in SQL and lists a purchase's inspections with the purchase named", async () => {
    const count = async (verdict: "PASS" | "FAIL" | "PENDING") => (await as(api, owner.token, shipping.listQcInspections, { query: { verdict } })).total;
    expect([await count("PASS"), await count("FAIL"), await count("PENDING")]).toEqual([2, 2, 1]);
    const ofPurchase = await as(api, owner.token, shipping.listQcInspections, { query: { orderItemIds: shippedOnTime } });
    expect(ofPurchase.list.map((i) => [i.reference, i.verdict, i.purchase])).toEqual([["PO heavy tee", "PASS", { id: shippedOnTime, title: "Heavy tee", quantity: 200, supplierName }]]);
    await expectError(as(api, owner.token, shipping.listQcInspections, { query: { verdict: "MAYBE" as "PASS" } }), 400, "query.verdict", /PASS, FAIL or PENDING/);
    const body = { reference: "PO-9", product: "Tee", lotSize: 50, expectedFeeCents: QC_INSPECTION_FEE_CENTS };
    await expectError(as(api, owner.token, shipping.createQcInspection, { body: { ...body, orderItemId: unpaid } }, crypto.randomUUID()), 400, "body.orderItemId", /not paid yet/);
    const other = await registerUser(api);
    await cardOnFile(api, other.token);
    await expectError(as(api, other.token, shipping.createQcInspection, { body: { ...body, orderItemId: shippedOnTime } }, crypto.randomUUID()), 400, "body.orderItemId", /no purchase of this store/);
    expect((await as(api, other.token, shipping.listQcInspections, { query: { orderItemIds: shippedOnTime } })).total).toBe(0);
  });

  it("keeps stores apart, checks its input, asks for a session, enforces roles and gives preview accounts nothing", async () => {
    const other = await registerUser(api);
    expect((await as(api, other.token, supplierScorecards.listSupplierScorecards, {})).total).toBe(0);
    // Another store sees the supplier's page but none of this store's record with it.
    expect(await as(api, other.token, supplierScorecards.getSupplierScorecard, { params: { supplierId } })).toMatchObject({ hasDealings: false, onTime: { total: 0 }, qcPass: { total: 0 } });
    await expectError(as(api, owner.token, supplierScorecards.getSupplierScorecard, { params: { supplierId: crypto.randomUUID() } }), 404);
    await expectError(as(api, owner.token, supplierScorecards.getSupplierScorecard, { params: { supplierId: "not-a-supplier" } }), 400, "params.supplierId", /supplier id/);
    await expectError(as(api, owner.token, supplierScorecards.listSupplierScorecards, { query: { sort: "FASTEST" as "NAME" } }), 400, "query.sort", /MOST_RELIABLE/);
    await expectError(api.client.call(supplierScorecards.listSupplierScorecards, {}), 401);
    const cx = await teamMember(api, owner, "CX");
    await expectError(as(api, cx.token, supplierScorecards.listSupplierScorecards, {}), 403);
    await expectError(as(api, cx.token, supplierScorecards.getSupplierScorecard, { params: { supplierId } }), 403);
    const preview = await previewStore(api);
    expect((await as(api, preview.token, supplierScorecards.listSupplierScorecards, {})).total).toBe(0);
  });
});
