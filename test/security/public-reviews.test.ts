import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi } from "../../api/test/harness";
import { seedSupplierItem } from "./fixtures";

// Issue 14, item 6: 30 anonymous one-star reviews with made-up e-mails moved a supplier from 3.75 to 1.96.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const rating = async (supplierId: string) =>
  (await api.deps.pool.query<{ average_review: number; review_count: number }>("SELECT average_review, review_count FROM suppliers WHERE id = $1", [supplierId])).rows[0]!;

describe("public supplier reviews", () => {
  it("without an account are held: thirty made-up reviewers move neither the rating nor the list", async () => {
    const { supplierId } = await seedSupplierItem(api);
    for (const stars of [5, 4, 3, 3]) {
      const store = await registerUser(api);
      await as(api, store.token, marketplace.createSupplierReview, { body: { supplierId, rating: stars, body: "Worked with them" } });
    }
    expect(await rating(supplierId)).toEqual({ average_review: 3.75, review_count: 4 });
    for (let i = 0; i < 30; i++) {
      const res = await api.raw("POST", `/app/supplier-profile/${supplierId}/post-review`, { body: { authorName: `Bot ${i}`, email: `bot-${crypto.randomUUID().slice(0, 8)}@example.com`, rating: 1, body: "Terrible" } });
      expect(res.status).toBe(201);
    }
    expect(await rating(supplierId)).toEqual({ average_review: 3.75, review_count: 4 });
    const summary = await api.raw("GET", `/app/catalog-company-reviews/-/summary/${supplierId}`);
    expect(summary.body).toMatchObject({ count: 4, histogram: { 1: 0 } });
    const list = await api.raw("GET", `/app/catalog-company-reviews?supplierId=${supplierId}`);
    expect(list.body.total).toBe(4);
    expect(JSON.stringify(list.body)).not.toContain("Terrible");
    const { rows } = await api.deps.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM supplier_reviews WHERE supplier_id = $1 AND held_at IS NOT NULL", [supplierId]);
    expect(rows[0]!.n).toBe(30);
  });
});
