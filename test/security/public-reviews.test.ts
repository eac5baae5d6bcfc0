import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace, purchasing } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi } from "../../api/test/harness";
import { seedSupplierItem } from "./fixtures";
import { paidOrderFrom } from "../factories/purchases";

// Issue 14, item 6: 30 anonymous one-star reviews with made-up e-mails moved a supplier from 3.75 to 1.96.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const rating = async (supplierId: string) =>
  (await api.deps.pool.query<{ average_review: number; review_count: number }>("SELECT average_review, review_count FROM suppliers WHERE id = $1", [supplierId])).rows[0]!;

describe("public supplier reviews", () => {
  it("without a review link are refused with what works instead: thirty made-up reviewers move neither the rating nor the list", async () => {
    const { supplierId } = await seedSupplierItem(api);
    for (const stars of [5, 4, 3, 3]) {
      const store = await registerUser(api);
      await paidOrderFrom(api.deps.pool, store.store.id, supplierId);
      await as(api, store.token, marketplace.createSupplierReview, { body: { supplierId, rating: stars, body: "Worked with them" } });
    }
    expect(await rating(supplierId)).toEqual({ average_review: 3.75, review_count: 4 });
    for (let i = 0; i < 30; i++) {
      const res = await api.raw("POST", `/app/supplier-profile/${supplierId}/post-review`, { body: { authorName: `Bot ${i}`, email: `bot-${crypto.randomUUID().slice(0, 8)}@example.com`, rating: 1, body: "Terrible" } });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ field: "body.reviewToken", reason: expect.stringContaining("reviews count only from stores that ordered from this supplier") }]);
    }
    expect(await rating(supplierId)).toEqual({ average_review: 3.75, review_count: 4 });
    const summary = await api.raw("GET", `/app/catalog-company-reviews/-/summary/${supplierId}`);
    expect(summary.body).toMatchObject({ count: 4, histogram: { 1: 0 } });
    const list = await api.raw("GET", `/app/catalog-company-reviews?supplierId=${supplierId}`);
    expect(list.body.total).toBe(4);
    expect(JSON.stringify(list.body)).not.toContain("Terrible");
    const { rows } = await api.deps.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM supplier_reviews WHERE supplier_id = $1", [supplierId]);
    expect(rows[0]!.n).toBe(4);
  });

  it("from a logged-in store count only after a paid order from that supplier, one per store", async () => {
    const { supplierId } = await seedSupplierItem(api);
    const store = await registerUser(api);
    const post = () => api.raw("POST", "/web/catalog-company-reviews", { token: store.token, body: { supplierId, rating: 1, body: "Never ordered" } });
    const refused = await post();
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ field: "body.supplierId", reason: "is a supplier your store has not ordered from yet: you can review it once an order from it is paid" }]);
    // An order in the cart is not a relationship yet.
    await api.deps.pool.query("INSERT INTO creator_order_items (store_id, supplier_id, kind, status, title, quantity, unit_price_cents) VALUES ($1, $2, 'SAMPLE', 'IN_SHOPPING_CART', 'Sample', 1, 2500)", [store.store.id, supplierId]);
    expect((await post()).status).toBe(400);
    await paidOrderFrom(api.deps.pool, store.store.id, supplierId);
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(409);
    expect(await rating(supplierId)).toEqual({ average_review: 1, review_count: 1 });
  });

  it("through a signed per-order review link count at once, once per store and supplier; forged or foreign links are refused", async () => {
    const { supplierId } = await seedSupplierItem(api);
    const { supplierId: otherSupplier } = await seedSupplierItem(api);
    const store = await registerUser(api);
    const orderItemId = await paidOrderFrom(api.deps.pool, store.store.id, supplierId);
    const link = await as(api, store.token, purchasing.getSupplierReviewLink, { params: { id: orderItemId } });
    expect(link.supplierId).toBe(supplierId);
    expect(link.url).toContain(`/supplier-profile/${supplierId}/post-review?reviewToken=`);
    const review = (reviewToken: string, target = supplierId, email = `buyer-${crypto.randomUUID().slice(0, 8)}@example.com`) =>
      api.raw("POST", `/app/supplier-profile/${target}/post-review`, { body: { authorName: "Buyer", email, rating: 5, body: "Great samples", reviewToken } });

    const [id] = link.reviewToken.split(".");
    for (const forged of [`${id}.${"A".repeat(43)}`, `${crypto.randomUUID()}.${link.reviewToken.split(".")[1]}`, "not-a-link", `${link.reviewToken}.x`]) {
      const res = await review(forged);
      expect(res.status).toBe(400);
      expect(res.body.details[0].field).toBe("body.reviewToken");
    }
    // A link for one supplier does not review another.
    expect((await review(link.reviewToken, otherSupplier)).status).toBe(400);
    expect(await rating(supplierId)).toEqual({ average_review: 0, review_count: 0 });

    const posted = await review(link.reviewToken);
    expect(posted.status).toBe(201);
    expect(await rating(supplierId)).toEqual({ average_review: 5, review_count: 1 });
    // One review per relationship: the link again (another e-mail), or the store logged in.
    const again = await review(link.reviewToken);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This store has already reviewed this supplier: one review per store and supplier.");
    expect((await api.raw("POST", "/web/catalog-company-reviews", { token: store.token, body: { supplierId, rating: 1, body: "again" } })).status).toBe(409);
    expect(await rating(supplierId)).toEqual({ average_review: 5, review_count: 1 });
  });

  it("gives no link for an unpaid order item, nor for another store's", async () => {
    const { supplierId } = await seedSupplierItem(api);
    const store = await registerUser(api);
    const other = await registerUser(api);
    const { rows } = await api.deps.pool.query<{ id: string }>("INSERT INTO creator_order_items (store_id, supplier_id, kind, status, title, quantity, unit_price_cents) VALUES ($1, $2, 'SAMPLE', 'NOT_PURCHASED', 'Sample', 1, 2500) RETURNING id", [store.store.id, supplierId]);
    expect((await api.raw("GET", `/web/creator-order-items/${rows[0]!.id}/review-link`, { token: store.token })).status).toBe(409);
    const paid = await paidOrderFrom(api.deps.pool, store.store.id, supplierId);
    expect((await api.raw("GET", `/web/creator-order-items/${paid}/review-link`, { token: other.token })).status).toBe(404);
  });
});
