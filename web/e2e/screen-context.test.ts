import { mkdirSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { registerUser, type TestUser } from "../../api/test/harness";
import { seedCatalog, type CatalogFixture } from "../../api/test/marketplace-fixtures";
import { madeUpWord, pageAs, poll, sendChat, skipSourcingTours, useAgentStack } from "./browser";

// "This supplier" means the one on screen: the chat dock sends the screen context the web builds
// from the contract's schema, the agent server parses it, and the offline copilot acts on that
// entity. Everything goes through the real UI: pages, the dock, the approval card.

const env = useAgentStack();
let catalog: CatalogFixture;
const brand = madeUpWord("Quorvel");
const supplierName = `${brand} Ceramics`;
const otherSupplier = `${brand} Glassworks`;
const itemTitle = `${brand} speckled mug`;

beforeAll(async () => {
  catalog = await seedCatalog(
    env.stack.api.deps.pool,
    [
      { name: supplierName, countryCode: "PT", region: "EU", capabilities: ["stoneware", "glazing"], description: `${brand} throws stoneware mugs by hand.` },
      { name: otherSupplier, countryCode: "IT", region: "EU", capabilities: ["glass"], description: `${brand} blows glass.` },
    ],
    [{ supplier: 0, title: itemTitle, description: "A speckled stoneware mug.", samplePrice: 1700, price: 550, moq: 50 }],
  );
});

async function storeOwner(): Promise<{ user: TestUser; page: Page }> {
  const user = await registerUser(env.stack.api);
  await skipSourcingTours(env.stack.api, user);
  return { user, page: await pageAs(env.browser, user) };
}

const dockOf = (page: Page) => page.locator("aside.chat-dock");
const lastAnswer = (page: Page) => dockOf(page).locator('[data-role="assistant"]').last().textContent();

/** Runs a test's steps, keeping a screenshot when they fail. */
async function onPage(page: Page, name: string, steps: () => Promise<void>) {
  try {
    await steps();
  } catch (e) {
    mkdirSync("test-results", { recursive: true });
    await page.screenshot({ path: `test-results/screen-context-${name}-${Date.now()}.png`, fullPage: true }).catch(() => undefined);
    throw e;
  } finally {
    await page.context().close();
  }
}

describe("the chat dock acts on the entity on screen (offline model)", () => {
  it("favourites the supplier whose page is open when asked to 'favourite this supplier'", async () => {
    const { user, page } = await storeOwner();
    const [supplierId, other] = catalog.supplierIds as [string, string];
    await onPage(page, "favourite", async () => {
      await page.goto(`${env.stack.api.url}/browse-suppliers/supplier-profile/${supplierId}`);
      await page.getByRole("heading", { name: supplierName }).first().waitFor();
      await page.locator("#nav-copilot").click();
      await sendChat(dockOf(page), "Message the assistant", "favourite this supplier");
      // Answers render as markdown: the name is bold, the asterisks are not text.
      await poll(() => lastAnswer(page)).toContain(`Added ${supplierName} to your favourites`);
      const { rows } = await env.stack.api.deps.pool.query("SELECT target_kind, supplier_id FROM favorites WHERE store_id = $1", [user.store.id]);
      expect(rows).toEqual([{ target_kind: "SUPPLIER", supplier_id: supplierId }]);
      expect(rows.some((r: { supplier_id: string }) => r.supplier_id === other)).toBe(false);
    });
  });

  it("asks approval to add a sample of the item whose page is open", async () => {
    const { user, page } = await storeOwner();
    const itemId = catalog.itemIds[0]!;
    await onPage(page, "sample", async () => {
      await page.goto(`${env.stack.api.url}/browse-suppliers/catalog-item/${itemId}`);
      await page.getByRole("heading", { name: itemTitle }).first().waitFor();
      await page.locator("#nav-copilot").click();
      await sendChat(dockOf(page), "Message the assistant", "add a sample of this item to my cart");
      const approval = page.getByTestId("approval-card");
      await approval.waitFor({ state: "visible", timeout: 20_000 });
      expect(await approval.textContent()).toContain(`1 sample of ${itemTitle} (${supplierName}) at $17.00 each to the cart`);
      const { rows } = await env.stack.api.deps.pool.query("SELECT count(*)::int AS n FROM creator_order_items WHERE store_id = $1", [user.store.id]);
      expect(rows[0].n).toBe(0);
    });
  });

  it("answers each page's own 'Ask the assistant' prompt about that page's entity", async () => {
    const { page } = await storeOwner();
    const [supplierId, other] = catalog.supplierIds as [string, string];
    await onPage(page, "prompts", async () => {
      const ask = async (path: string, heading: string) => {
        await page.goto(`${env.stack.api.url}${path}`);
        await page.getByRole("heading", { name: heading }).first().waitFor();
        await page.getByTestId("page-chat-entry").click();
        // The page's prompt is in the composer; sending it as it is.
        const composer = dockOf(page).getByPlaceholder("Message the assistant");
        await poll(() => composer.inputValue()).toContain(heading);
        await dockOf(page).getByRole("button", { name: "Send" }).click();
      };
      await ask(`/browse-suppliers/supplier-profile/${supplierId}`, supplierName);
      await poll(() => lastAnswer(page)).toContain(`${brand} throws stoneware mugs by hand.`);
      // The answer streams: its last lines may arrive after the first.
      await poll(() => lastAnswer(page)).toContain(itemTitle);

      await ask(`/browse-suppliers/supplier-profile/${other}`, otherSupplier);
      await poll(() => lastAnswer(page)).toContain(`${brand} blows glass.`);

      await ask(`/browse-suppliers/catalog-item/${catalog.itemIds[0]}`, itemTitle);
      await poll(() => lastAnswer(page)).toMatch(new RegExp(`${itemTitle}.*from.*${supplierName}.*samples at \\$17\\.00`, "s"));
    });
  });
});
