import { describe, expect, it } from "vitest";
import { orders } from "@atelier/contracts";
import { createStore } from "../../test/factories/accounts";
import { manualOrderBody, stockSku } from "../../test/factories/inventory";
import { overflowsSideways, pageAs, shot, useWebApi } from "./browser";

// An order sent to the local fulfilment center from its detail screen, in Chromium at a desktop
// (1400×900) and a phone (390×844): the shipment moves to shipped with a tracking number, live in
// that tab and in a second one on the orders list (the realtime module, no reload).
const env = useWebApi();

describe("sending an order to the fulfilment center in Chromium", () => {
  it.each([
    ["desktop", { width: 1400, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const)("ships it with a tracking number on the %s", async (name, viewport) => {
    const owner = await createStore(env.api, { storeName: "Fulfilment e2e" });
    await stockSku(env.api, owner.token, "TEE-BLK-M", 20, { title: "Heavyweight tee, black, M" });
    const order = await env.api.client.call(orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 2 }]) }, { token: owner.token });
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize(viewport);
    // A second tab on the orders list sees the order move without reloading.
    const list = await page.context().newPage();
    await list.setViewportSize(viewport);
    await list.goto(`${env.api.url}/orders`);
    await list.locator(`[data-testid="order-row"][data-order-number="${order.orderNumber}"]`).getByText("Outstanding").waitFor();
    await page.goto(`${env.api.url}/order-details/${order.id}`);
    await page.getByRole("heading", { name: `Order #${order.orderNumber}` }).waitFor();
    await page.getByRole("button", { name: "Send to fulfilment" }).click();
    await page.getByTestId("shipment").waitFor();
    await page.locator('[data-testid="shipment"][data-status="SHIPPED"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("tracking-number").textContent()).toMatch(/^LA\d{9}US$/);
    expect(await page.getByTestId("order-status").textContent()).toBe("Fulfilled");
    await shot(page, `order-shipped-${name}`);
    await list.locator(`[data-testid="order-row"][data-order-number="${order.orderNumber}"]`).getByText("Fulfilled").waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await page.context().close();
  });
});
