import { describe, expect, it } from "vitest";
import { inventory, returns } from "@atelier/contracts";
import { createStore, previewStore } from "../../test/factories/accounts";
import { stockSku } from "../../test/factories/inventory";
import { createOrder } from "../../test/factories/orders";
import { overflowsSideways, pageAs, shot, useWebApi } from "./browser";

// Returns on the order details screen in Chromium, at a desktop (1400×900) and a phone (390×844):
// a person creates a return for a shipped order, receives it and refunds the buyer; the stock
// comes back and the timeline says so.
const env = useWebApi();

describe("returns in Chromium", () => {
  it.each([
    ["desktop", { width: 1400, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const)("create a return → receive → refund, on the %s", async (name, viewport) => {
    const owner = await createStore(env.api, { storeName: "Returns e2e" });
    await stockSku(env.api, owner.token, "TEE-BLK-M", 5, { title: "Heavyweight tee" });
    await createOrder(env.api, owner.store.id, { orderNumber: 1043, fulfillmentState: "FULFILLED", processingStatus: "FINISHED", customerName: "Grace Hopper", totalCents: 4200 });
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize(viewport);
    await page.goto(`${env.api.url}/order-details/1043`);
    await page.getByRole("button", { name: "Create return" }).click();
    await page.getByLabel("Units of TEE-BLK-M coming back").fill("1");
    await page.getByLabel("Reason for the return").fill("Too small");
    await page.getByLabel("Refund to").selectOption("STORE_CREDIT");
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, `returns-create-${name}`);
    await page.getByRole("alertdialog").getByRole("button", { name: "Create return" }).click();

    const entry = page.getByTestId("return-entry");
    await entry.getByText("Receiving it refunds $21.00 to Grace Hopper's store credit.").waitFor();
    expect(await entry.getAttribute("data-status")).toBe("CREATED");
    await page.getByRole("button", { name: "Receive and refund" }).click();
    await page.getByRole("alertdialog").getByText("$21.00 goes back to Grace Hopper's store credit.").waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, `returns-receive-${name}`);
    await page.getByRole("button", { name: "Refund $21.00" }).click();
    await entry.getByText("Refunded $21.00 to Grace Hopper's store credit.").waitFor();
    expect(await entry.getAttribute("data-status")).toBe("RECEIVED");
    await entry.getByText("Complete: received and refunded").waitFor();
    await page.locator('[data-testid="timeline-entry"][data-kind="REFUNDED"]').waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, `returns-done-${name}`);
    expect((await env.api.client.call(inventory.getInventoryItem, { params: { sku: "TEE-BLK-M" } }, { token: owner.token })).onHand).toBe(6);
    await page.context().close();
  });

  it("Manage returns: the owner changes the policy at both sizes; a preview account reads a sentence", async () => {
    const owner = await createStore(env.api, { storeName: "Returns policy e2e" });
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${env.api.url}/return-settings`);
    await page.getByLabel("Return fee").selectOption("DEDUCT_FROM_REFUND");
    await page.getByLabel("Fee taken from each refund ($)").fill("4.50");
    await page.getByText("Each refund is $4.50 less.").waitFor();
    await shot(page, "return-settings-desktop");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(async () => (await env.api.client.call(returns.getReturnSettings, {}, { token: owner.token })).feeCents, { timeout: 15_000 }).toBe(450);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "return-settings-phone");
    await page.context().close();

    const preview = await previewStore(env.api);
    const previewPage = await pageAs(env.browser, preview);
    await previewPage.goto(`${env.api.url}/return-settings`);
    await previewPage.getByRole("alert").filter({ hasText: /preview/i }).first().waitFor();
    expect(await previewPage.getByTestId("return-settings").count()).toBe(0);
    await previewPage.context().close();
  });
});
