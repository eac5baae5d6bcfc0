import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { receivings, shipping, type CallInput } from "@atelier/contracts";
import { as, expectError, registerUser, startTestApi, type TestApi } from "./harness";
import { cardOnFile, previewStore, teamMember } from "../../test/factories";
import { chargeableWeightKg, containerMix, rateFreight, revenueTons } from "../src/providers/freight";

// Freight through HTTP on a real database: the rate model against hand-computed examples, the
// duty from the tariff data, a booking charged once per Idempotency-Key, its timeline run by the
// background job to delivery (the local forwarder moves at once in tests) and the receiving it
// becomes, bad input, preview accounts, roles and other stores.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

type Cargo = Omit<CallInput<typeof shipping.createFreightBooking>["body"], "mode" | "expectedPriceCents">;
/** 20 cartons of mugs and tees from Shenzhen: 300 kg, 2.4 CBM; SKUs unique to the test. */
function cargo(tag: string, overrides: Partial<Cargo> = {}): Cargo {
  return {
    origin: "CNSZX", cartons: 20, weightKg: 300, volumeCbm: 2.4,
    goods: [
      { sku: `MUG-${tag}`, description: "Ceramic mugs", hsCode: "6912.00.44", units: 600, valueCents: 150_000 },
      { sku: `TEE-${tag}`, description: "Cotton t-shirts", hsCode: "6109.10.00", units: 200, valueCents: 100_000 },
    ],
    ...overrides,
  };
}
const charges = async (storeId: string) => (await api.deps.pool.query("SELECT amount_cents FROM payment_charges WHERE store_id = $1 AND description LIKE 'Freight:%'", [storeId])).rows.map((r) => r.amount_cents as number);

describe("freight rate model", () => {
  it("bills air by chargeable weight, LCL by revenue ton, FCL by the cheapest container mix", () => {
    // 2.4 CBM = 2,400,000 cm³ ÷ 6000 = 400 kg, more than the 300 kg actual.
    expect(chargeableWeightKg(300, 2.4)).toBe(400);
    // 0.1 CBM = 16.67 kg volumetric, rounded up to the half kilogram.
    expect(chargeableWeightKg(10.2, 0.1)).toBe(17);
    expect(chargeableWeightKg(50.2, 0.1)).toBe(50.5);
    expect(revenueTons(300, 2.4)).toBe(2.4);
    expect(revenueTons(10, 0.1)).toBe(1);
    expect(revenueTons(3500, 2)).toBe(3.5);
    const shenzhen = { "20'": 240_000, "40'": 300_000 };
    expect(containerMix(300, 2.4, shenzhen)).toEqual(["20'"]);
    // 70 CBM: 3 × 20' = $7,200, 1 × 40' + 1 × 20' = $5,400, 2 × 40' = $6,000.
    expect(containerMix(10_000, 70, shenzhen)).toEqual(["40'", "20'"]);
    // 40 t in 30 CBM: two 20' carry 43.4 t for $4,800; a 40' and a 20' would cost $5,400.
    expect(containerMix(40_000, 30, shenzhen)).toEqual(["20'", "20'"]);

    const options = rateFreight({ origin: "CNSZX", weightKg: 300, volumeCbm: 2.4 }, new Date("2026-03-02T10:00:00Z"));
    expect(options.map((o) => [o.mode, o.priceCents, o.transitDays, o.arrivalDate])).toEqual([
      ["LCL", 2.4 * 8500, 27, "2026-03-29"],
      ["AIR", 400 * 550, 5, "2026-03-07"],
      ["FCL", 240_000, 22, "2026-03-24"],
    ]);
    const small = rateFreight({ origin: "CNSZX", weightKg: 10.2, volumeCbm: 0.1 }, new Date("2026-03-02T10:00:00Z"));
    expect(small.find((o) => o.mode === "AIR")).toMatchObject({ priceCents: 15_000, basis: "The minimum air charge of $150.00 (17 kg chargeable)." });
  });
});

describe("freight booking", () => {
  it("quotes every mode with the duty of the goods from the tariff data", async () => {
    const owner = await registerUser(api);
    const tag = `Q${Date.now()}`;
    const q = await as(api, owner.token, shipping.quoteFreight, { body: cargo(tag, { goods: [...cargo(tag).goods, { sku: `ODD-${tag}`, description: "Mystery goods", hsCode: "9999.99", units: 1, valueCents: 100 }] }) });
    expect(q.origin).toEqual({ code: "CNSZX", name: "Shenzhen", country: "China" });
    expect(q.chargeableWeightKg).toBe(400);
    expect(q.options.map((o) => [o.mode, o.priceCents])).toEqual([["LCL", 20_400], ["AIR", 220_000], ["FCL", 240_000]]);
    // Mugs from China: 10% general + 25% Section 301 List 3; tees: 16.5% + 7.5% List 4A.
    expect(q.duty.lines.map((l) => [l.sku, l.ratePercent, l.dutyCents])).toEqual([[`MUG-${tag}`, 35, 52_500], [`TEE-${tag}`, 24, 24_000], [`ODD-${tag}`, null, null]]);
    expect(q.duty.totalCents).toBe(76_500);
    expect(q.duty.lines[2]!.note).toMatch(/9999.99 is not in the tariff data/);
  });

  it("refuses bad cargo with the field and the reason", async () => {
    const owner = await registerUser(api);
    await expectError(as(api, owner.token, shipping.quoteFreight, { body: { ...cargo("X"), origin: "XXYYY" } as unknown as Cargo }), 400, "body.origin", /must be one of the origins/);
    await expectError(as(api, owner.token, shipping.createFreightBooking, { body: { ...cargo("X", { goods: [] }), mode: "LCL", expectedPriceCents: 20_400 } }), 400, "body.goods", /at least one kind of goods/);
    // A quote may leave the goods out: the duty then asks for them.
    expect((await as(api, owner.token, shipping.quoteFreight, { body: cargo("X", { goods: [] }) })).duty).toEqual({ lines: [], totalCents: 0, basis: expect.stringMatching(/^Name the goods/) });
    await expectError(as(api, owner.token, shipping.quoteFreight, { body: cargo("X", { weightKg: 0 }) }), 400, "body.weightKg", /more than 0/);
    const twice = cargo("X");
    await expectError(as(api, owner.token, shipping.quoteFreight, { body: { ...twice, goods: [twice.goods[0]!, twice.goods[0]!] } }), 400, "body.goods.1.sku", /appears twice/);
    await expectError(as(api, owner.token, shipping.createFreightBooking, { body: { ...cargo("X"), mode: "SHIP" as "AIR", expectedPriceCents: 1 } }), 400, "body.mode", /AIR, LCL or FCL/);
    await expectError(api.client.call(shipping.quoteFreight, { body: cargo("X") }), 401);
  });

  it("books once per Idempotency-Key, charged through the ledger, runs the timeline and becomes a receiving", async () => {
    const owner = await registerUser(api);
    await cardOnFile(api, owner.token);
    const tag = `B${Date.now()}`;
    const moved = await expectError(as(api, owner.token, shipping.createFreightBooking, { body: { ...cargo(tag), mode: "LCL", expectedPriceCents: 19_900 } }), 409);
    expect(moved.message).toBe("Sea, shared container (LCL) from Shenzhen now costs $204.00, not $199.00; look at the quote again before booking.");
    expect(await charges(owner.store.id)).toEqual([]);

    const booked = await as(api, owner.token, shipping.createFreightBooking, { body: { ...cargo(tag), mode: "LCL", expectedPriceCents: 20_400 } }, `freight-${tag}`);
    expect(booked).toMatchObject({ mode: "LCL", priceCents: 20_400, transitDays: 27, cartons: 20, dutyCents: 76_500, origin: { name: "Shenzhen" } });
    expect(booked.reference).toMatch(/^AF-CNSZX-\d{6}$/);
    const again = await as(api, owner.token, shipping.createFreightBooking, { body: { ...cargo(tag), mode: "LCL", expectedPriceCents: 20_400 } }, `freight-${tag}`);
    expect(again.id).toBe(booked.id);
    expect(await charges(owner.store.id)).toEqual([20_400]);

    await vi.waitFor(async () => expect((await as(api, owner.token, shipping.getFreightBooking, { params: { id: booked.id } })).receivingSn).toMatch(/^RCV-\d+$/), { timeout: 10_000, interval: 50 });
    const delivered = await as(api, owner.token, shipping.getFreightBooking, { params: { id: booked.id } });
    expect(delivered.status).toBe("DELIVERED");
    expect(delivered.events.map((e) => e.status)).toEqual(["BOOKED", "PICKED_UP", "DEPARTED", "ARRIVED", "CUSTOMS_CLEARED", "DELIVERED"]);
    const receiving = await as(api, owner.token, receivings.getReceiving, { params: { sn: delivered.receivingSn! } });
    expect(receiving).toMatchObject({ deliveryStatus: "IN_QUEUE", receivingStatus: "NONE", boxCount: 20, trackingNumber: booked.reference, supplierName: "Freight from Shenzhen" });
    expect(receiving.lines.map((l) => [l.sku, l.title, l.expected])).toEqual([[`MUG-${tag}`, "Ceramic mugs", 600], [`TEE-${tag}`, "Cotton t-shirts", 200]]);

    const listed = await as(api, owner.token, shipping.listFreightBookings, { query: { search: "shenzhen" } });
    expect(listed.list.map((b) => b.id)).toEqual([booked.id]);
    expect((await as(api, owner.token, shipping.listFreightBookings, { query: { search: `tee-${tag}`, status: "DELIVERED" } })).total).toBe(1);
    expect((await as(api, owner.token, shipping.listFreightBookings, { query: { status: "BOOKED" } })).total).toBe(0);

    // Another store sees nothing of it; a CX member of the store follows it; a preview account may quote but never book.
    const other = await registerUser(api);
    await expectError(as(api, other.token, shipping.getFreightBooking, { params: { id: booked.id } }), 404);
    expect((await as(api, other.token, shipping.listFreightBookings, { query: {} })).total).toBe(0);
    const cx = await teamMember(api, owner, "CX");
    expect((await as(api, cx.token, shipping.listFreightBookings, { query: {} })).total).toBe(1);
    const preview = await previewStore(api);
    expect((await as(api, preview.token, shipping.quoteFreight, { body: cargo(tag) })).options).toHaveLength(3);
    const blocked = await expectError(as(api, preview.token, shipping.createFreightBooking, { body: { ...cargo(tag), mode: "AIR", expectedPriceCents: 220_000 } }), 403);
    expect(blocked.message).toBe("Preview mode can't take this action.");
    await expectError(as(api, owner.token, shipping.getFreightBooking, { params: { id: "not-an-id" } }), 400, "params.id");
  });

  it("refuses a declined card with a sentence and books nothing", async () => {
    const owner = await registerUser(api);
    await cardOnFile(api, owner.token, "4000000000000002");
    const err = await expectError(as(api, owner.token, shipping.createFreightBooking, { body: { ...cargo(`D${Date.now()}`), mode: "AIR", expectedPriceCents: 220_000 } }), 409);
    expect(err.message).toMatch(/card was declined, so no freight was booked/);
    expect((await as(api, owner.token, shipping.listFreightBookings, { query: {} })).total).toBe(0);
  });
});
