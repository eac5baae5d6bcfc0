import { describe, expect, it } from "vitest";
import { inventory, orders, payments, receivings } from "@atelier/contracts";
import { createStore } from "../../test/factories/accounts";
import { manualOrderBody, stockSku } from "../../test/factories/inventory";
import { paidOrderFrom } from "../../test/factories/purchases";
import { createSupplier } from "../../test/factories/suppliers";
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
    // 000 §9: the shipment earned its fulfilment fee; the store has no card, so it waits in the payments report as a balance due.
    await page.goto(`${env.api.url}/account/payments-report?kind=FULFILMENT_FEE`);
    await page.getByTestId("payment-row").getByText(`Fulfilment fee for order #${order.orderNumber}`, { exact: false }).waitFor();
    expect(await page.getByTestId("balance-due").textContent()).toContain("$1.50");
    expect(await page.getByRole("link", { name: "add a card" }).count()).toBe(1);
    await shot(page, `payments-report-${name}`);
    expect(await overflowsSideways(page)).toBe(false);
    // With a card, the balance is paid on demand: the button names the card, the dialog the amount and the card, and nothing is charged before the confirm click.
    await env.api.client.call(payments.attachPaymentMethod, { body: { cardNumber: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123", makeDefault: true } }, { token: owner.token });
    await page.reload();
    await page.getByRole("button", { name: "Pay $1.50 now with Visa ending 4242" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Pay $1.50 now?" });
    expect(await dialog.textContent()).toContain("$1.50 to your Visa ending 4242");
    await shot(page, `pay-balance-dialog-${name}`);
    await dialog.getByRole("button", { name: "Pay $1.50" }).click();
    await page.getByRole("status").getByText("Paid $1.50 with your Visa ending 4242").waitFor();
    await page.getByTestId("balance-due").waitFor({ state: "detached" });
    await page.goto(`${env.api.url}/account/payments-report?kind=BALANCE_PAYMENT`);
    await page.locator('[data-testid="payment-row"][data-kind="BALANCE_PAYMENT"]').getByText("Paid by card").waitFor();
    await shot(page, `pay-balance-paid-${name}`);
    expect(await overflowsSideways(page)).toBe(false);
    await page.context().close();
  });
});

// A shipment to the fulfilment center announced through /receivings/new, counted in part with
// damaged units on its details screen, live in a second tab on the list; the stock follows.
describe("receiving inventory at the fulfilment center in Chromium", () => {
  it("announces a shipment, counts it partly with damaged units, and the list follows live", async () => {
    const owner = await createStore(env.api, { storeName: "Receiving e2e" });
    await stockSku(env.api, owner.token, "TEE-BLK-M", 5, { title: "Heavyweight tee, black, M" });
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${env.api.url}/fulfillment-services`);
    // The home's action opens the SEND_MY_INVENTORY dialog (000 §2.7) over it.
    await page.getByRole("link", { name: "Ship to the fulfilment center" }).click();
    await page.getByRole("dialog", { name: "Send my inventory" }).waitFor();
    expect(new URL(page.url()).searchParams.get("open")).toBe("SEND_MY_INVENTORY");
    await page.getByLabel("Supplier").fill("Ningbo Knitwear");
    await page.getByLabel("Boxes").fill("2");
    await page.getByLabel("SKU 1").fill("TEE-BLK-M");
    await page.getByLabel("Units 1").fill("20");
    await page.getByRole("button", { name: "Add a SKU" }).click();
    await page.getByLabel("SKU 2").fill("MUG-01");
    await page.getByLabel("Product 2").fill("Enamel mug");
    await page.getByLabel("Units 2").fill("10");
    // Per-box packing list (issue 16): the same in each of the two boxes, printed on their labels.
    await page.getByLabel("List what each box holds (printed on its box label)").check();
    expect(await page.getByTestId("box-same").textContent()).toBe("Each of the 2 boxes holds 10 × TEE-BLK-M, 5 × MUG-01.");
    await shot(page, "receiving-new-desktop");
    await page.getByRole("button", { name: "Announce the shipment" }).click();
    await page.getByRole("heading", { name: "Receiving RCV-1001" }).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await page.getByTestId("receiving-totals").textContent()).toBe("0 received, 0 damaged of 30; 30 to come");
    expect((await page.getByTestId("box-row").allTextContents()).map((t) => t.replace("of 2", "of 2: "))).toEqual(["Box 1 of 2: 10 × TEE-BLK-M, 5 × MUG-01", "Box 2 of 2: 10 × TEE-BLK-M, 5 × MUG-01"]);
    await page.getByRole("button", { name: "Download box labels (PDF)" }).waitFor();
    expect((await env.api.client.call(inventory.getInventoryItem, { params: { sku: "TEE-BLK-M" } }, { token: owner.token })).incoming).toBe(20);

    // A second tab on the list sees the count land without reloading.
    const list = await page.context().newPage();
    await list.setViewportSize({ width: 1400, height: 900 });
    await list.goto(`${env.api.url}/receivings`);
    const row = list.locator('[data-testid="receiving-row"][data-sn="RCV-1001"]');
    await row.getByText("Not shipped yet").waitFor();

    await page.getByRole("button", { name: "Mark as at the dock" }).click();
    await page.getByTestId("receiving-delivery").getByText("At the dock, waiting to be counted").waitFor();
    await page.getByLabel("Received TEE-BLK-M").fill("12");
    await page.getByLabel("Damaged TEE-BLK-M").fill("2");
    await page.getByLabel("Count note").fill("One carton crushed");
    await page.getByRole("button", { name: "Record the count" }).click();
    await page.getByTestId("receiving-receipt").getByText("One carton crushed").waitFor();
    expect(await page.getByTestId("receiving-totals").textContent()).toBe("12 received, 2 damaged of 30; 16 to come");
    await row.getByText("Partly received").waitFor();
    expect(await row.locator("td").nth(3).textContent()).toContain("14 of 30");
    const tee = await env.api.client.call(inventory.getInventoryItem, { params: { sku: "TEE-BLK-M" } }, { token: owner.token });
    expect([tee.onHand, tee.incoming]).toEqual([17, 6]);
    await shot(page, "receiving-details-desktop");
    await shot(list, "receivings-desktop");
    expect(await overflowsSideways(page)).toBe(false);
    // The fulfilment home counts it as needing attention, linked to the list's tab.
    await list.goto(`${env.api.url}/fulfillment-services`);
    expect(await list.getByTestId("attention-partial").textContent()).toBe("1 shipment to the center partly received");

    await page.context().close();

    // The same screens on a phone, opened fresh at that size.
    const phone = await pageAs(env.browser, owner);
    await phone.setViewportSize({ width: 390, height: 844 });
    for (const [path, name] of [["/receivings", "receivings-phone"], ["/receivings/RCV-1001/details", "receiving-details-phone"], ["/fulfillment-services?open=SEND_MY_INVENTORY", "send-inventory-dialog-phone"]] as const) {
      await phone.goto(`${env.api.url}${path}`);
      await phone.locator('[data-testid="receiving-row"], [data-testid="receiving-detail"], form[aria-label="New receiving"]').first().waitFor();
      await shot(phone, name);
      expect(await overflowsSideways(phone)).toBe(false);
    }
    await phone.context().close();
  });

  it("stores a paid sourcing purchase at the fulfilment center from the purchases page", async () => {
    const owner = await createStore(env.api, { storeName: "Purchase to center e2e" });
    const supplierId = await createSupplier(env.api, { name: "Porto Knits" });
    const purchaseId = await paidOrderFrom(env.api.deps.pool, owner.store.id, supplierId);
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${env.api.url}/inbox/orders`);
    const row = page.locator(`[data-testid="order-item"][data-order-id="${purchaseId}"]`);
    await row.getByRole("button", { name: "Store at the fulfilment center" }).click();
    await row.getByLabel("SKU to stock it under").fill("SAMPLE-PK-1");
    await row.getByLabel("Boxes").fill("2");
    await shot(page, "purchase-store-form-desktop");
    await row.getByRole("button", { name: "Send them there" }).click();
    const stored = row.getByTestId("stored-at-center");
    await stored.getByText("Not shipped yet").waitFor();
    expect(await stored.textContent()).toContain("Going to the fulfilment center as RCV-1001 under SAMPLE-PK-1");
    await shot(page, "purchase-stored-desktop");
    expect(await overflowsSideways(page)).toBe(false);
    await stored.getByRole("link", { name: "RCV-1001" }).click();
    await page.getByRole("heading", { name: "Receiving RCV-1001" }).waitFor();
    expect((await env.api.client.call(inventory.getInventoryItem, { params: { sku: "SAMPLE-PK-1" } }, { token: owner.token })).incoming).toBe(1);
    await page.context().close();
  });
});

// A question to the fulfilment center about an order, asked on a phone: the ticket opens in place
// and the local center's answer arrives live (warehouseTicket.updated), with nothing past the edge.
describe("a warehouse ticket on a phone in Chromium", () => {
  it("opens a ticket about an order from the form and the warehouse's answer arrives live", async () => {
    const owner = await createStore(env.api, { storeName: "Ticket e2e" });
    await stockSku(env.api, owner.token, "MUG-WHT", 5, { title: "White mug" });
    const order = await env.api.client.call(orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "MUG-WHT", quantity: 1 }]) }, { token: owner.token });
    const phone = await pageAs(env.browser, owner);
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${env.api.url}/fulfillment-services/warehouse-tickets?new=1&order=${order.orderNumber}`);
    const form = phone.getByRole("form", { name: "New ticket" });
    await form.getByLabel("Ticket type").selectOption({ label: "Broken or damaged item" });
    await form.getByLabel("Subject").fill("Mug arrived broken");
    await form.getByLabel("Message").fill("The handle came off in the box.");
    await form.getByRole("button", { name: "Send to the warehouse" }).click();
    const detail = phone.getByTestId("ticket-detail");
    await detail.locator('[data-testid="ticket-message"][data-author="WAREHOUSE"]').waitFor({ timeout: 20_000 });
    expect(await detail.getByTestId("ticket-status").textContent()).toBe("Answered");
    expect(await detail.getByRole("link", { name: `order #${order.orderNumber}` }).count()).toBe(1);
    await shot(phone, "warehouse-ticket-phone");
    expect(await overflowsSideways(phone)).toBe(false);
    await phone.context().close();
  });
});

// A pre-sale started from the fulfilment home's action through the form (the SKU, then the
// receiving bringing it, the limit): an order past the stock lines up in its queue and the orders
// list marks it with the ship date in words; counting the receiving in allocates it live.
describe("a pre-sale in Chromium", () => {
  it("starts one from the form, queues a pre-order and allocates it when the stock is counted in", async () => {
    const owner = await createStore(env.api, { storeName: "Pre-sale e2e" });
    await stockSku(env.api, owner.token, "MUG-BLUE", 0, { title: "Blue mug" });
    const rcv = await env.api.client.call(receivings.createReceiving, { body: { supplierName: "Jingdezhen Ceramics", boxCount: 2, expectedArrival: "2031-01-15", lines: [{ sku: "MUG-BLUE", expectedQuantity: 20 }] } }, { token: owner.token });
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${env.api.url}/fulfillment-services`);
    await page.getByRole("link", { name: "Pre-sale" }).click();
    await page.getByTestId("presales-empty").waitFor();
    await shot(page, "presale-empty-phone");
    expect(await overflowsSideways(page)).toBe(false);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.getByRole("button", { name: "Start a pre-sale" }).click();
    await page.getByLabel("SKU", { exact: true }).fill("MUG-BLUE");
    await page.getByRole("combobox", { name: "Incoming shipment" }).getByText(`Receiving RCV-${rcv.number}: 20 units, arrives 15 January 2031`).waitFor({ state: "attached" });
    await page.getByLabel("Pre-order limit").fill("5");
    expect(await page.getByLabel("Expected ship date").inputValue()).toBe("2031-01-17");
    await shot(page, "presale-form-desktop");
    await page.getByRole("button", { name: "Start pre-sale" }).click();
    const panel = page.getByTestId("presale-panel");
    await panel.getByText("0 of 5 units pre-ordered", { exact: false }).waitFor();

    const order = await env.api.client.call(orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "MUG-BLUE", quantity: 2 }]) }, { token: owner.token });
    await page.reload();
    await panel.locator('[data-testid="preorder"][data-status="WAITING"]').getByText(`Order #${order.orderNumber}`).waitFor();
    expect(await page.locator('[data-testid="presale-row"][data-sku="MUG-BLUE"]').textContent()).toContain("17 January 2031");
    await shot(page, "presale-queue-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await panel.locator('[data-testid="preorder"]').waitFor();
    await shot(page, "presale-queue-phone");
    expect(await overflowsSideways(page)).toBe(false);
    // The limit and the date change in a dialog (the phone first); the panel and the waiting order follow.
    await panel.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Pre-order limit").fill("12");
    await dialog.getByLabel("Expected ship date").fill("2031-02-03");
    await dialog.getByTestId("presale-edit-note").waitFor();
    await shot(page, "presale-edit-phone");
    expect(await overflowsSideways(page)).toBe(false);
    await page.setViewportSize({ width: 1400, height: 900 });
    await shot(page, "presale-edit-desktop");
    await dialog.getByRole("button", { name: "Save" }).click();
    await panel.getByText("2 of 12 units pre-ordered", { exact: false }).waitFor();
    await panel.getByTestId("presale-history").getByText("raised the cap from 5 to 12 units", { exact: false }).waitFor();
    await shot(page, "presale-history-desktop");
    expect((await env.api.client.call(orders.getOrder, { params: { id: order.id } }, { token: owner.token })).holds[0]!.reason).toContain("3 February 2031");

    // Counting the receiving in allocates the pre-order while the page is open.
    await env.api.client.call(receivings.receiveReceiving, { params: { sn: `RCV-${rcv.number}` }, body: { lines: [{ sku: "MUG-BLUE", received: 20 }] } }, { token: owner.token });
    await panel.locator('[data-testid="preorder"][data-status="ALLOCATED"]').waitFor();
    await page.goto(`${env.api.url}/orders`);
    await page.locator(`[data-testid="order-row"][data-order-number="${order.orderNumber}"]`).getByText("Outstanding").waitFor();
    await page.context().close();
  });
});
