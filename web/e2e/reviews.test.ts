import { describe, expect, it } from "vitest";
import { createStore } from "../../test/factories/accounts";
import { paidOrderFrom } from "../../test/factories/purchases";
import { seedSupplierItem } from "../../test/security/fixtures";
import { overflowsSideways, pageAs, poll, shot, useWebApi } from "./browser";

// /leave-a-review/:orderId in Chromium at a desktop (1400×900) and a phone (390×844): a store with a
// paid sourcing order reviews its supplier from the order, the review counts, and the order's review
// link is there for whoever handled the order.
const env = useWebApi();

describe("reviewing a supplier from a paid order", () => {
  it.each([
    ["desktop", { width: 1400, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const)("fits the %s; the review posts once and counts; the review link is offered", async (name, viewport) => {
    const owner = await createStore(env.api, { storeName: "Review e2e" });
    const { supplierId } = await seedSupplierItem(env.api);
    const orderId = await paidOrderFrom(env.api.deps.pool, owner.store.id, supplierId);
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize(viewport);

    await page.goto(`${env.api.url}/inbox/orders`);
    await page.getByRole("link", { name: /^Review Security Test Supplier/ }).click();
    await page.waitForURL(`${env.api.url}/leave-a-review/${orderId}`);
    const form = page.getByRole("form", { name: "Your review" });
    await form.waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, `leave-a-review-${name}`);

    await form.getByLabel("Rating").selectOption("4");
    await form.getByLabel("Title").fill("Careful stitching");
    await form.getByLabel("Review").fill("The sample arrived on time and matched the tech pack.");
    await form.getByRole("button", { name: "Post review" }).click();
    await poll(() => page.getByRole("status").first().textContent()).toContain("counts in its rating");
    const { rows } = await env.api.deps.pool.query<{ average_review: number; review_count: number }>("SELECT average_review, review_count FROM suppliers WHERE id = $1", [supplierId]);
    expect(rows[0]).toEqual({ average_review: 4, review_count: 1 });
    // The store's one review is now edited here, not posted twice.
    await poll(() => form.getByRole("button", { name: "Save review" }).count()).toBe(1);

    await page.getByRole("button", { name: "Get a review link" }).click();
    await poll(() => page.getByLabel("Review link").inputValue()).toContain(`/supplier-profile/${supplierId}/post-review?reviewToken=`);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, `leave-a-review-link-${name}`);
    await page.context().close();
  });

  it("an unpaid order says when it can be reviewed; another store's order is not found", async () => {
    const owner = await createStore(env.api, { storeName: "Unpaid e2e" });
    const other = await createStore(env.api, { storeName: "Other e2e" });
    const { supplierId } = await seedSupplierItem(env.api);
    const { rows } = await env.api.deps.pool.query<{ id: string }>(
      "INSERT INTO creator_order_items (store_id, supplier_id, kind, status, title, quantity, unit_price_cents) VALUES ($1, $2, 'SAMPLE', 'IN_SHOPPING_CART', 'Sample', 1, 2500) RETURNING id",
      [owner.store.id, supplierId],
    );
    const page = await pageAs(env.browser, owner);
    await page.goto(`${env.api.url}/leave-a-review/${rows[0]!.id}`);
    await poll(() => page.getByRole("status").first().textContent()).toContain("once this order is paid");
    expect(await page.getByRole("form", { name: "Your review" }).count()).toBe(0);
    const othersOrder = await paidOrderFrom(env.api.deps.pool, other.store.id, supplierId);
    await page.goto(`${env.api.url}/leave-a-review/${othersOrder}`);
    await poll(() => page.getByRole("alert").first().textContent()).toContain("This order was not found in your store.");
    await page.context().close();
  });
});
