import { describe, expect, it } from "vitest";
import { orders } from "@atelier/contracts";
import { createStore } from "../../test/factories/accounts";
import { manualOrderBody, stockSku } from "../../test/factories/inventory";
import { overflowsSideways, pageAs, shot, useWebApi } from "./browser";

// The Products screen (/inventory) in Chromium at a desktop (1400×900) and a phone (390×844): it
// fits without sideways scrolling, shows low and out-of-stock tabs, and a person can open a SKU,
// see what orders reserved, and adjust its stock with a reason.
const env = useWebApi();

async function storeWithStock() {
  const owner = await createStore(env.api, { storeName: "Inventory e2e" });
  const products = [["TEE-BLK-M", "Heavyweight tee, black, M", 40], ["TEE-BLK-L", "Heavyweight tee, black, L", 4], ["CAP-RED", "Red dad cap", 0], ["MUG-ENAMEL", "Enamel camp mug", 120], ["TOTE-NAT", "Organic canvas tote", 12]] as const;
  for (const [sku, title, units] of products) await stockSku(env.api, owner.token, sku, units, { title });
  await env.api.client.call(orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 3 }]) }, { token: owner.token });
  return owner;
}

describe("the Products screen in Chromium", () => {
  it.each([
    ["desktop", { width: 1400, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const)("fits the %s, shows what is low and lets a person adjust a SKU with a reason", async (name, viewport) => {
    const owner = await storeWithStock();
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize(viewport);
    await page.goto(`${env.api.url}/inventory`);
    await page.getByTestId("inventory-row").first().waitFor();
    expect(await page.getByTestId("inventory-row").count()).toBe(5);
    expect(await page.getByRole("tab", { name: "Low stock (1)" }).isVisible()).toBe(true);
    expect(await page.getByRole("tab", { name: "Out of stock (1)" }).isVisible()).toBe(true);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, `inventory-list-${name}`);

    await page.getByRole("button", { name: "TEE-BLK-M" }).click();
    const dialog = page.getByTestId("inventory-item");
    await dialog.getByText("37 available of 40 on hand; 3 reserved by open orders").waitFor();
    expect(await dialog.getByTestId("movement").first().textContent()).toContain("Reserved by order");
    await dialog.getByLabel("Units to add or remove").fill("-2");
    await dialog.getByLabel("Reason").selectOption("DAMAGED");
    await dialog.getByLabel("Note").fill("Torn seam");
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, `inventory-item-${name}`);
    await page.getByRole("button", { name: "Save adjustment" }).click();
    await dialog.getByText("35 available of 38 on hand").waitFor();
    expect(await dialog.getByTestId("movement").first().textContent()).toContain("Adjusted · Damaged");
    await page.getByRole("button", { name: "Close" }).click();

    await page.getByRole("tab", { name: "Out of stock (1)" }).click();
    await page.locator('[data-testid="inventory-row"][data-sku="CAP-RED"]').waitFor();
    // CAP-RED is on the first tab too: wait for the tab's own list, not just the row.
    await expect.poll(() => page.getByTestId("inventory-row").count(), { timeout: 15_000 }).toBe(1);
    await page.context().close();
  });
});
