import { describe, expect, it } from "vitest";
import { orderRules, orders } from "@atelier/contracts";
import { createStore } from "../../test/factories/accounts";
import { createOrder } from "../../test/factories/orders";
import { manualOrderBody, stockSku } from "../../test/factories/inventory";
import { overflowsSideways, pageAs, shot, useWebApi } from "./browser";

// The fulfilment rules screen (/fulfillment-rules) in Chromium at a desktop (1400×900) and a phone
// (390×844): a person writes a rule, dry-runs it on the last 30 days of orders, saves it, turns it
// on, and the next order that matches arrives on hold in the rule's name.
const env = useWebApi();

describe("the fulfilment rules screen in Chromium", () => {
  it.each([
    ["desktop", { width: 1400, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const)("fits the %s: a rule is dry-run, saved, turned on, and holds the next big order", async (name, viewport) => {
    const owner = await createStore(env.api, { storeName: "Rules e2e" });
    await stockSku(env.api, owner.token, "TEE-BLK-M", 40, { title: "Heavyweight tee" });
    for (const [n, total] of [[3001, 64_000], [3002, 2_500], [3003, 51_000]] as const) await createOrder(env.api, owner.store.id, { orderNumber: n, totalCents: total, customerName: `Buyer ${n}` });
    await env.api.client.call(orderRules.createOrderRule, { body: { name: "Thank-you card", conditions: [{ field: "TOTAL", op: "GTE", cents: 10_000 }], actions: [{ type: "ADD_INSERT", item: "a thank-you card" }], enabled: true } }, { token: owner.token });

    const page = await pageAs(env.browser, owner);
    await page.setViewportSize(viewport);
    await page.goto(`${env.api.url}/fulfillment-rules`);
    await page.getByTestId("rule-card").first().waitFor();
    await page.getByRole("button", { name: "New rule" }).click();
    const editor = page.getByTestId("rule-editor");
    await editor.getByLabel("Rule name").fill("Hold orders over $500");
    await editor.getByLabel("Condition 1 value").fill("500");
    await editor.getByLabel("Action 1 value").fill("Call the customer to confirm");
    await editor.getByRole("button", { name: "Dry run on the last 30 days" }).click();
    await editor.getByTestId("dry-run").getByText("would have touched 2 of your 3 orders").waitFor();
    expect(await editor.getByTestId("dry-run-order").allTextContents()).toEqual([expect.stringContaining("#3003"), expect.stringContaining("#3001")]);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, `fulfilment-rules-editor-${name}`);

    await editor.getByRole("button", { name: "Save rule" }).click();
    const card = page.locator('[data-testid="rule-card"][data-rule="Hold orders over $500"]');
    await card.waitFor();
    await card.getByRole("switch").click();
    await card.getByText("On", { exact: true }).waitFor();
    await card.getByRole("button", { name: 'Move "Hold orders over $500" up' }).click();
    await expect.poll(() => page.getByTestId("rule-card").first().getAttribute("data-rule")).toBe("Hold orders over $500");
    await page.getByRole("button", { name: "Close" }).click();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, `fulfilment-rules-list-${name}`);

    const placed = await env.api.client.call(orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-BLK-M", quantity: 30, unitPriceCents: 2_000 }]) }, { token: owner.token });
    expect(placed.processingStatus).toBe("ON_HOLD");
    expect(placed.holds[0]!.setBy.rule).toBe("Hold orders over $500");
    await page.goto(`${env.api.url}/order-details/${placed.id}`);
    await page.getByText("Call the customer to confirm").first().waitFor();
    await page.context().close();
  });
});
