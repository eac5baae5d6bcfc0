import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeStats } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { createSupplier } from "../../test/factories/suppliers";

const { MILESTONE_MESSAGES, milestoneLevelOf } = storeStats;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

let orderNumber = 5000;
async function insertOrder(user: TestUser, totalCents: number, daysAgo: number, cancellation: "NONE" | "PARTIAL" | "CANCELED" = "NONE") {
  orderNumber += 1;
  await api.deps.pool.query(
    `INSERT INTO orders (store_id, order_number, origin, subtotal_cents, total_cents, cancellation_state, placed_at)
     VALUES ($1, $2, 'SHOPIFY_CREATOR', $3, $3, $4, now() - make_interval(days => $5))`,
    [user.store.id, orderNumber, totalCents, cancellation, daysAgo],
  );
}

function insertSupplierAndItem() {
  return createSupplier(api, { name: "Stats Test Works", countryCode: "US", region: "NA", employees: 12, productionDaysMin: 10, productionDaysMax: 20 });
}

async function insertPurchase(user: TestUser, supplierId: string, kind: "SAMPLE" | "PRODUCTION", status: string) {
  await api.deps.pool.query(
    `INSERT INTO creator_order_items (store_id, supplier_id, kind, status, title, quantity, unit_price_cents)
     VALUES ($1, $2, $3, $4, 'Heavyweight hoodie', 1, 4500)`,
    [user.store.id, supplierId, kind, status],
  );
}

describe("GET /web/stores/me/sales-stats", () => {
  it("is all zeros with the DEFAULT milestone for a new store", async () => {
    const user = await registerUser(api);
    const stats = await as(api, user.token, storeStats.getStoreSalesStats, {});
    expect(stats).toEqual({
      currency: "USD", lifetimeSalesCents: 0, orderCount: 0, averageOrderValueCents: 0,
      last30Days: { salesCents: 0, orderCount: 0 }, previous30Days: { salesCents: 0, orderCount: 0 },
      salesChangePercent: null, firstOrderAt: null, lastOrderAt: null,
      milestone: { level: "DEFAULT", message: MILESTONE_MESSAGES.DEFAULT, nextLevel: "1k", nextLevelAtCents: 100_000 },
    });
  });

  it("sums orders, skips fully canceled ones, and compares the last 30 days with the 30 before", async () => {
    const user = await registerUser(api);
    await insertOrder(user, 10_000, 2);
    await insertOrder(user, 5_000, 20);
    await insertOrder(user, 6_000, 40, "PARTIAL");
    await insertOrder(user, 300_000, 100);
    await insertOrder(user, 99_999, 5, "CANCELED");
    const stats = await as(api, user.token, storeStats.getStoreSalesStats, {});
    expect(stats.lifetimeSalesCents).toBe(321_000);
    expect(stats.orderCount).toBe(4);
    expect(stats.averageOrderValueCents).toBe(80_250);
    expect(stats.last30Days).toEqual({ salesCents: 15_000, orderCount: 2 });
    expect(stats.previous30Days).toEqual({ salesCents: 6_000, orderCount: 1 });
    expect(stats.salesChangePercent).toBe(150);
    expect(stats.milestone).toEqual({ level: "1k", message: MILESTONE_MESSAGES["1k"], nextLevel: "5k", nextLevelAtCents: 500_000 });
    expect(Date.parse(stats.lastOrderAt!)).toBeGreaterThan(Date.parse(stats.firstOrderAt!));
  });

  it("reaches FIRST_SALE with one small order", async () => {
    const user = await registerUser(api);
    await insertOrder(user, 2_500, 1);
    const stats = await as(api, user.token, storeStats.getStoreSalesStats, {});
    expect(stats.milestone.level).toBe("FIRST_SALE");
    expect(stats.milestone.message).toBe(MILESTONE_MESSAGES.FIRST_SALE);
  });

  it("never counts another store's orders", async () => {
    const seller = await registerUser(api);
    const other = await registerUser(api);
    await insertOrder(seller, 50_000, 3);
    const stats = await as(api, other.token, storeStats.getStoreSalesStats, {});
    expect(stats.orderCount).toBe(0);
    expect(stats.lifetimeSalesCents).toBe(0);
  });

  it("answers 401 without a token", async () => {
    const res = await api.raw("GET", "/web/stores/me/sales-stats");
    expect(res.status).toBe(401);
  });

  it("rejects unknown query parameters with 400", async () => {
    const user = await registerUser(api);
    const res = await api.raw("GET", "/web/stores/me/sales-stats?range=all", { token: user.token });
    expect(res.status).toBe(400);
  });
});

describe("milestone levels", () => {
  it("follow the thresholds of 000 §3", () => {
    expect(milestoneLevelOf(0, 0)).toBe("DEFAULT");
    expect(milestoneLevelOf(99_999, 3)).toBe("FIRST_SALE");
    expect(milestoneLevelOf(100_000, 3)).toBe("1k");
    expect(milestoneLevelOf(4_999_999, 3)).toBe("10k");
    expect(milestoneLevelOf(100_000_000, 3)).toBe("1MM");
    expect(milestoneLevelOf(900_000_000, 3)).toBe("5MM");
  });
});

describe("GET /web/stores/me/has-purchased-samples", () => {
  it("is false until a sample is paid for, and ignores unpaid samples and production runs", async () => {
    const user = await registerUser(api);
    const supplierId = await insertSupplierAndItem();
    expect(await as(api, user.token, storeStats.getStoreHasPurchasedSamples, {})).toEqual({ hasPurchasedSamples: false });
    await insertPurchase(user, supplierId, "SAMPLE", "IN_SHOPPING_CART");
    await insertPurchase(user, supplierId, "SAMPLE", "CHARGE_PENDING");
    await insertPurchase(user, supplierId, "SAMPLE", "CANCELED");
    await insertPurchase(user, supplierId, "PRODUCTION", "SHIPPED");
    expect(await as(api, user.token, storeStats.getStoreHasPurchasedSamples, {})).toEqual({ hasPurchasedSamples: false });
    await insertPurchase(user, supplierId, "SAMPLE", "SHIPPED");
    expect(await as(api, user.token, storeStats.getStoreHasPurchasedSamples, {})).toEqual({ hasPurchasedSamples: true });
  });

  it.each(["IN_PRODUCTION", "IN_SUBSCRIPTION"])("counts a sample %s as paid", async (status) => {
    const user = await registerUser(api);
    await insertPurchase(user, await insertSupplierAndItem(), "SAMPLE", status);
    expect(await as(api, user.token, storeStats.getStoreHasPurchasedSamples, {})).toEqual({ hasPurchasedSamples: true });
  });

  it("never sees another store's samples", async () => {
    const buyer = await registerUser(api);
    const other = await registerUser(api);
    await insertPurchase(buyer, await insertSupplierAndItem(), "SAMPLE", "SHIPPED");
    expect(await as(api, other.token, storeStats.getStoreHasPurchasedSamples, {})).toEqual({ hasPurchasedSamples: false });
  });

  it("answers 401 without a token", async () => {
    const res = await api.raw("GET", "/web/stores/me/has-purchased-samples");
    expect(res.status).toBe(401);
  });
});
