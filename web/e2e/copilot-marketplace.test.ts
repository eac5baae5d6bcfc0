import { mkdirSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { payments, stores } from "@atelier/contracts";
import { as } from "../../api/test/harness";
import { seedCatalog, uniq, type CatalogFixture } from "../../api/test/marketplace-fixtures";
import { newPage, poll, registerThroughUi, uniqueEmail, sendChat, useAgentStack } from "./browser";

// Issue 5 end to end on the offline model: the copilot finds a supplier, puts a sample in the cart
// once the person approves, and pays only once the person approves again; the order then shows in
// production.

/** Types into the chat and sends. */
function send(page: Page, text: string) {
  return sendChat(page.locator("aside.chat-dock"), "Message the assistant", text);
}

const env = useAgentStack();
let catalog: CatalogFixture;
// Made-up words only this run's rows carry, so the searches find them among the other tests' rows.
const brand = `Vellomar${uniq().replace(/\d/g, (d) => "ghijklmnop"[Number(d)]!)}`;
const supplierName = `${brand} Ceramics`;
const itemTitle = `${brand} stoneware mug`;

beforeAll(async () => {
  catalog = await seedCatalog(
    env.stack.api.deps.pool,
    [{ name: supplierName, countryCode: "PT", region: "EU", capabilities: ["stoneware", "glazing"], description: `${brand} makes stoneware mugs.` }],
    [{ supplier: 0, title: itemTitle, description: "A glazed stoneware mug.", samplePrice: 1800, price: 600, moq: 100 }],
  );
});

describe("the copilot buys a sample (offline model)", () => {
  it("finds the supplier, adds a sample to the cart after approval, pays only after approval, and the order is in production", async () => {
    const page = await newPage(env.browser);
    const base = env.stack.api.url;
    const pool = env.stack.api.deps.pool;
    try {
      await registerThroughUi(page, base, uniqueEmail("copilot-market"), "Mug Co");
      const token = (await page.evaluate(() => window.localStorage.getItem("atelier.token")))!;
      // The guided tours are tested on their own screens; here they would sit over the buttons.
      await as(env.stack.api, token, stores.updateStoreSeenState, { body: { seenSourcingHomeTour: true, seenSourcingMarketplaceTour: true, seenSupplierProfileTour: true } });
      await env.stack.api.client.call(payments.attachPaymentMethod, { body: { cardNumber: payments.TEST_CARDS.visaSuccess, expMonth: 12, expYear: 2035, cvc: "123", makeDefault: true } }, { token });
      const storeId = (await as(env.stack.api, token, stores.getMyStore, {})).id;

      await page.locator("#nav-copilot").click();
      const dock = page.locator("aside.chat-dock");
      await poll(() => dock.getByTestId("offline-banner").count()).toBe(1);

      // 1. Find suppliers: the supplier card names the seeded supplier, and so does the answer.
      await send(page, `find suppliers for ${brand} stoneware mugs`);
      await poll(() => dock.locator('[data-tool="search_suppliers"][data-card="supplier"]').last().textContent()).toContain(supplierName);
      await poll(() => dock.locator('[data-role="assistant"]').last().textContent()).toContain(supplierName);

      // 2. Add a sample: the approval card names the product and its price, and nothing is ordered
      //    before the click; approved, the order card appears, the answer states the price, and the cart holds it.
      const orderItem = async () => (await pool.query("SELECT id, status, catalog_item_id FROM creator_order_items WHERE store_id = $1", [storeId])).rows;
      await send(page, `add a sample of ${itemTitle} to my cart`);
      const cartApproval = page.getByTestId("approval-card");
      await cartApproval.waitFor({ state: "visible", timeout: 20_000 });
      expect(await cartApproval.textContent()).toContain("create order item");
      expect(await cartApproval.textContent()).toContain(`1 sample of ${itemTitle} (${supplierName}) at $18.00 each to the cart`);
      expect(await orderItem()).toEqual([]);
      await cartApproval.getByRole("button", { name: "Approve" }).click();
      await poll(() => page.getByTestId("approval-card").count()).toBe(0);
      await poll(() => dock.locator('[data-tool="create_order_item"]').count()).toBe(1);
      await poll(() => dock.locator('[data-role="assistant"]').last().textContent()).toMatch(new RegExp(`Added 1 sample of .*${itemTitle}.*\\$18\\.00`));
      await poll(async () => (await orderItem()).map((r) => r.status)).toEqual(["IN_SHOPPING_CART"]);
      expect((await orderItem())[0].catalog_item_id).toBe(catalog.itemIds[0]);
      await send(page, "what's in my cart");
      await poll(() => dock.locator('[data-role="assistant"]').last().textContent()).toMatch(new RegExp(`Your cart \\(1 item\\):.*${itemTitle}.*Total: \\$18\\.00`, "s"));
      // The app's own cart dialog (another tab of the same session, so the chat stays open) shows it too.
      const cartTab = await page.context().newPage();
      await cartTab.goto(`${base}/homebase?open=cart`);
      const cartDialog = cartTab.getByRole("dialog", { name: "Your cart" });
      await poll(() => cartDialog.getByTestId("invoice-total").textContent()).toBe("$18.00");
      expect(await cartDialog.textContent()).toContain(itemTitle);
      await cartTab.close();

      // 3. Pay: a second approval card waits, and nothing is charged before the click.
      await send(page, "pay my cart");
      const approval = page.getByTestId("approval-card");
      await approval.waitFor({ state: "visible", timeout: 20_000 });
      expect(await approval.textContent()).toContain("pay sourcing invoice");
      expect(await approval.textContent()).toContain("default card");
      expect((await pool.query("SELECT count(*)::int AS n FROM creator_invoice_payments WHERE store_id = $1", [storeId])).rows[0].n).toBe(0);
      expect((await pool.query("SELECT count(*)::int AS n FROM payment_charges WHERE store_id = $1", [storeId])).rows[0].n).toBe(0);
      expect((await orderItem()).map((r) => r.status)).toEqual(["IN_SHOPPING_CART"]);

      // 4. Approve: the assistant confirms the payment and the item is in production.
      await approval.getByRole("button", { name: "Approve" }).click();
      await poll(() => page.getByTestId("approval-card").count()).toBe(0);
      await poll(() => dock.locator('[data-role="assistant"]').last().textContent()).toMatch(/Paid \$18\.00 .*1 item is now in production/);
      expect(await dock.locator('[data-tool="pay_sourcing_invoice"]').count()).toBeGreaterThan(0);
      expect((await orderItem()).map((r) => r.status)).toEqual(["IN_PRODUCTION"]);
      const { rows: paid } = await pool.query("SELECT status, amount_cents FROM creator_invoice_payments WHERE store_id = $1", [storeId]);
      expect(paid).toEqual([{ status: "COMPLETED", amount_cents: 1800 }]);

      // 5. The orders inbox shows it in production.
      await page.goto(`${base}/inbox/orders`);
      await poll(() => page.getByTestId("order-item").count()).toBe(1);
      expect(await page.getByTestId("order-status").first().getAttribute("data-status")).toBe("IN_PRODUCTION");
      expect(await page.getByTestId("order-item").first().textContent()).toContain(itemTitle);
    } catch (e) {
      mkdirSync("test-results", { recursive: true });
      await page.screenshot({ path: `test-results/copilot-marketplace-failure-${Date.now()}.png`, fullPage: true }).catch(() => undefined);
      throw e;
    } finally {
      await page.context().close();
    }
  });
});
