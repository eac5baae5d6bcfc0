import { describe, expect, it } from "vitest";
import { inventory, orders } from "@atelier/contracts";
import { createStore } from "../../test/factories/accounts";
import { manualOrderBody, stockSku } from "../../test/factories/inventory";
import { cardOnFile } from "../../test/factories/shipping";
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

  it("makes a kit from the fulfilment home's kitting action and has the center assemble it once the fee is confirmed", async () => {
    const owner = await createStore(env.api, { storeName: "Kitting e2e" });
    await cardOnFile(env.api, owner.token);
    await stockSku(env.api, owner.token, "MUG-STONE", 10, { title: "Stoneware mug" });
    await stockSku(env.api, owner.token, "COASTER-CORK", 5, { title: "Cork coaster" });
    await env.api.client.call(inventory.adjustInventory, { params: { sku: "COASTER-CORK" }, body: { bin: "B-01", change: 2, reason: "RECEIVED" } }, { token: owner.token });
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${env.api.url}/fulfillment-services`);
    await page.getByRole("link", { name: "Kitting" }).click();
    await page.getByRole("button", { name: "New kit" }).click();
    const form = page.getByRole("form", { name: "New kit" });
    await form.getByLabel("Kit SKU").fill("GIFT-SET");
    await form.getByLabel("Kit name").fill("Gift set");
    await form.getByLabel("Component 1 SKU").fill("MUG-STONE");
    await form.getByRole("button", { name: "Add a component" }).click();
    await form.getByLabel("Component 2 SKU").fill("COASTER-CORK");
    await form.getByLabel("Component 2 units").fill("2");
    await form.getByRole("button", { name: "Make kit" }).click();
    // 7 coasters make 3 kits: the coaster runs out first.
    await page.getByTestId("kit-summary").getByText("3 can be sold now").waitFor();
    expect(await page.getByTestId("kit-summary").textContent()).toContain("COASTER-CORK runs out first");

    await page.getByLabel("Kits to assemble").fill("2");
    await page.getByLabel("Into bin").fill("k-01");
    await page.getByRole("button", { name: "Assemble ahead" }).click();
    expect(await page.getByTestId("kit-confirm").textContent()).toContain("charged $1.50 for the fulfilment center to assemble 2 kits of Gift set into bin K-01");
    await shot(page, "kitting-confirm-desktop");
    await page.getByRole("button", { name: "Pay $1.50" }).click();
    // The center's job moves the components; the screen follows it live.
    await page.getByTestId("kit-work-order").getByText("Assembled").waitFor();
    await page.getByTestId("kit-summary").getByText("2 kits assembled ahead").waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "kitting-kit-desktop");

    // The kit is a SKU of the Products screen, with the kits in their bin.
    await page.goto(`${env.api.url}/inventory?q=GIFT`);
    const row = page.locator('[data-testid="inventory-row"][data-sku="GIFT-SET"]');
    await row.waitFor();
    expect(await row.textContent()).toContain("K-01");

    // On a phone the kit and its forms fit without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${env.api.url}/fulfillment-services/kitting?kit=GIFT-SET`);
    await page.getByTestId("kit-summary").getByText("2 kits assembled ahead").waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "kitting-kit-phone");
    await page.context().close();
  });
});
