import { describe, expect, it } from "vitest";
import { orders } from "@atelier/contracts";
import { createStore } from "../../test/factories/accounts";
import { createOrder } from "../../test/factories/orders";
import { overflowsSideways, pageAs, shot, useWebApi } from "./browser";

// The orders screens in Chromium at a desktop (1400×900) and a phone (390×844): they fit without
// sideways scrolling, and a person can open an order from the list and release its hold.
const env = useWebApi();

async function storeWithOrders() {
  const owner = await createStore(env.api, { storeName: "Orders e2e" });
  const names = ["Ada Lovelace", "Grace Hopper", "Katherine Johnson", "Margaret Hamilton", "Radia Perlman"];
  const ids: string[] = [];
  for (let n = 0; n < 25; n++) {
    ids.push(await createOrder(env.api, owner.store.id, {
      orderNumber: 1001 + n, customerName: `${names[n % names.length]}${n >= 5 ? ` ${n}` : ""}`, email: `customer-${n}-${crypto.randomUUID().slice(0, 6)}@example.com`,
      placedAt: new Date(Date.UTC(2026, 10, 1, n)).toISOString(), processingStatus: n % 3 ? "PROCESSING" : "OUTSTANDING", totalCents: 1800 + n * 250,
    }));
  }
  await env.api.client.call(orders.holdOrder, { params: { id: "1025" }, body: { reason: "Address could not be verified by the carrier" } }, { token: owner.token });
  await env.api.client.call(orders.holdOrder, { params: { id: "1025" }, body: { reason: "Customer asked to change the size" } }, { token: owner.token });
  return { owner, ids };
}

describe("orders screens in Chromium", () => {
  it.each([
    ["desktop", { width: 1400, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const)("fit the %s and lead from the list to an order whose holds can be released", async (name, viewport) => {
    const { owner } = await storeWithOrders();
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize(viewport);
    await page.goto(`${env.api.url}/orders`);
    await page.getByTestId("order-row").first().waitFor();
    expect(await page.getByTestId("order-row").count()).toBe(20);
    expect(await page.getByRole("tab", { name: "On hold (1)" }).isVisible()).toBe(true);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, `orders-list-${name}`);

    await page.getByRole("tab", { name: "On hold (1)" }).click();
    await page.getByRole("link", { name: "#1025" }).click();
    await page.getByRole("heading", { name: "Order #1025" }).waitFor();
    await page.getByTestId("open-hold").nth(1).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, `order-details-${name}`);
    await page.getByRole("button", { name: "Release hold: Customer asked to change the size" }).click();
    await page.getByTestId("open-hold").nth(1).waitFor({ state: "detached" });
    expect(await page.getByTestId("order-status").textContent()).toBe("On hold");
    await page.getByRole("button", { name: "Release hold: Address could not be verified by the carrier" }).click();
    await page.getByTestId("open-hold").waitFor({ state: "detached" });
    expect(await page.getByTestId("order-status").textContent()).toBe("Outstanding");
    await page.context().close();
  });
});
