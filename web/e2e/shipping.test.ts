import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { createStore } from "../../test/factories/accounts";
import { cardOnFile } from "../../test/factories/shipping";
import { manualOrderBody, stockSku } from "../../test/factories/inventory";
import { createSupplier } from "../../test/factories/suppliers";
import { orders, receivings } from "@atelier/contracts";

/** A 1×1 PNG: a real picture, so the upload is stored as an image and the browser can draw it. */
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
import { overflowsSideways, pageAs, poll, sendChat, shot, useAgentStack } from "./browser";

// Shipping labels end to end on the offline model: the create screen quotes a parcel with the
// spec's fields (lb and in by default); the copilot quotes the same parcel, buys the cheapest label
// only once the person approves a card naming the amount and the recipient; label history shows
// it and its PDF downloads. Both screens fit a desktop and a phone.

const env = useAgentStack();
const send = (page: Page, text: string) => sendChat(page.locator("aside.chat-dock"), "Message the assistant", text);

async function fillLabelForm(page: Page) {
  await page.getByLabel("Ship to: Name", { exact: true }).fill("Grace Hopper");
  await page.getByLabel("Ship to: Address line 1", { exact: true }).fill("1 Main St");
  await page.getByLabel("Ship to: City", { exact: true }).fill("Brooklyn");
  await page.getByLabel("Ship to: State code", { exact: true }).fill("NY");
  await page.getByLabel("Ship to: ZIP code", { exact: true }).fill("11201");
  await page.getByLabel("Weight", { exact: true }).fill("2");
  await page.getByLabel("Length", { exact: true }).fill("10");
  await page.getByLabel("Width", { exact: true }).fill("8");
  await page.getByLabel("Height", { exact: true }).fill("4");
}

describe("shipping labels in Chromium", () => {
  it("quotes on the create screen, buys through the copilot after approval, and downloads the PDF from label history", async () => {
    const owner = await createStore(env.stack.api, { storeName: "Labels e2e" });
    await cardOnFile(env.stack.api, owner.token);
    const pool = env.stack.api.deps.pool;
    const base = env.stack.api.url;
    for (const [name, viewport] of [["desktop", { width: 1400, height: 900 }], ["phone", { width: 390, height: 844 }]] as const) {
      const page = await pageAs(env.browser, owner);
      await page.setViewportSize(viewport);
      await page.goto(`${base}/fulfillment-services/create-shipping-label`);
      expect(await page.getByLabel("Ship from: Country", { exact: true }).inputValue()).toBe("United States of America");
      expect(await page.getByLabel("Mass unit", { exact: true }).inputValue()).toBe("lb");
      expect(await page.getByLabel("Distance unit", { exact: true }).inputValue()).toBe("in");
      await fillLabelForm(page);
      await page.getByRole("button", { name: "Get rates" }).click();
      await page.getByTestId("rate-row").first().waitFor();
      expect(await page.getByTestId("rate-row").count()).toBe(3);
      expect(await page.getByTestId("rate-row").first().textContent()).toContain("$12.70");
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, `shipping-quote-${name}`);
      await page.getByRole("button", { name: "Buy ground label for $12.70" }).click();
      expect(await page.getByTestId("buy-summary").textContent()).toContain("charged $12.70 for the Atelier Post ground label to Grace Hopper");
      await shot(page, `shipping-confirm-${name}`);
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.context().close();
    }
    expect((await pool.query("SELECT count(*)::int AS n FROM shipping_labels WHERE store_id = $1", [owner.store.id])).rows[0].n).toBe(0);

    const page = await pageAs(env.browser, owner);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${base}/fulfillment-services/label-history`);
    await page.getByTestId("labels-empty").waitFor();
    const dock = page.locator("aside.chat-dock");
    await page.getByRole("button", { name: "Ask AI" }).click();
    await send(page, "how much to ship a 2 lb box to Grace Hopper, 1 Main St, Brooklyn, NY 11201");
    await poll(() => dock.locator('[data-role="assistant"]').last().textContent()).toContain("$12.70");
    // The answer shows while the run still closes: the composer offers Send again only after it.
    await expect.poll(() => dock.getByRole("button", { name: "Stop" }).count(), { timeout: 60_000 }).toBe(0);
    await send(page, "buy the cheapest one");
    const approval = page.getByTestId("approval-card");
    await approval.waitFor({ state: "visible", timeout: 20_000 });
    expect(await approval.textContent()).toContain("ground shipping label to Grace Hopper in Brooklyn, NY and charge the card $12.70");
    expect((await pool.query("SELECT count(*)::int AS n FROM shipping_labels WHERE store_id = $1", [owner.store.id])).rows[0].n).toBe(0);
    await approval.getByRole("button", { name: "Approve" }).click();
    await poll(() => dock.locator('[data-role="assistant"]').last().textContent()).toMatch(/Bought: Atelier Post Ground to Grace Hopper, Brooklyn, for \$12\.70/);
    await page.getByTestId("label-row").first().waitFor();
    await shot(page, "shipping-history-desktop");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Reprint" }).click();
    const file = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of file) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe("%PDF-");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "shipping-history-phone");
    await page.context().close();
  }, 300_000);

  it("prints a pick list, buys the labels of selected orders after a confirmation naming the total, and downloads them merged; the copilot reads the selection", async () => {
    const owner = await createStore(env.stack.api, { storeName: "Batches e2e" });
    await cardOnFile(env.stack.api, owner.token);
    await stockSku(env.stack.api, owner.token, "MUG-1", 10, { bin: "B-02", title: "Stoneware mug" });
    const placed = [];
    for (const quantity of [1, 2]) placed.push(await env.stack.api.client.call(orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "MUG-1", quantity }]) }, { token: owner.token }));
    const numbers = placed.map((o) => o.orderNumber);
    const base = env.stack.api.url;
    const pdfOf = async (page: Page, click: () => Promise<void>) => {
      const download = page.waitForEvent("download");
      await click();
      const chunks: Buffer[] = [];
      for await (const c of await (await download).createReadStream()) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    };

    const page = await pageAs(env.browser, owner);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${base}/fulfillment-services/label-batches`);
    await page.getByTestId("batch-order-row").nth(1).waitFor();
    // The selection is kept in the address: each tick lands once the router has navigated.
    for (const [i, n] of numbers.entries()) {
      await page.getByLabel(`Select order ${n}`).click();
      await poll(() => page.getByTestId("batch-selected").textContent()).toBe(`${i + 1} order${i ? "s" : ""} selected`);
    }
    expect(new URL(page.url()).searchParams.get("orders")).toBe(numbers.join(","));
    const pick = await pdfOf(page, () => page.getByRole("button", { name: "Pick list" }).click());
    expect(pick.subarray(0, 5).toString()).toBe("%PDF-");
    await page.getByRole("button", { name: "Price the labels" }).click();
    await page.getByTestId("batch-quote").waitFor();
    const buy = page.getByRole("button", { name: /^Buy 2 labels for \$/ });
    const total = (await buy.textContent())!.replace(/^Buy 2 labels for /, "");
    await shot(page, "shipping-batch-quote-desktop");
    await buy.click();
    expect(await page.getByTestId("batch-buy-summary").textContent()).toBe(`Your card will be charged ${total} for 2 Atelier Post ground labels, to Ada Lovelace (Oakland, CA), Ada Lovelace (Oakland, CA).`);
    await page.getByRole("button", { name: `Pay ${total}` }).click();
    await page.getByRole("button", { name: "Download the labels" }).waitFor({ timeout: 60_000 });
    const merged = await pdfOf(page, () => page.getByRole("button", { name: "Download the labels" }).click());
    expect(merged.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(2);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "shipping-batch-done-desktop");

    // The selection is in the screen's address, so "these orders" in the chat are the selected ones.
    const dock = page.locator("aside.chat-dock");
    await page.getByRole("button", { name: "Ask AI" }).click();
    // A loaded machine may take a while to open the assistant's thread: wait for its composer first.
    await dock.getByPlaceholder("Message the assistant").waitFor({ timeout: 120_000 });
    await send(page, "pick list for these orders");
    await poll(() => dock.locator('[data-role="assistant"]').last().textContent()).toContain("Pick 3 units for 2 orders");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/fulfillment-services/label-batches?orders=${numbers.join(",")}`);
    await page.getByTestId("batch-order-row").first().waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "shipping-batch-phone");
    await page.context().close();
  }, 300_000);

  it("books an inspection with its AQL plan at the confirmed fee, reports it to a verdict with a defect photo, shows it on the receiving it inspects and in the supplier's scorecard", async () => {
    const owner = await createStore(env.stack.api, { storeName: "QC e2e" });
    await cardOnFile(env.stack.api, owner.token);
    const kiln = `Kiln Works ${Date.now()}`;
    const kilnId = await createSupplier(env.stack.api, { name: kiln, enabled: true });
    const receiving = await env.stack.api.client.call(receivings.createReceiving, { body: { supplierName: kiln, lines: [{ sku: "MUG-QC", title: "Stoneware mug", expectedQuantity: 1000 }] } }, { token: owner.token });
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${env.stack.api.url}/homebase/quality-control`);
    await page.getByTestId("qc-empty").waitFor();
    await page.getByLabel("Purchase order or receiving", { exact: true }).fill(receiving.sn);
    await page.getByLabel("Product", { exact: true }).fill("Stoneware mug");
    await page.getByLabel("Units in the lot", { exact: true }).fill("1000");
    await poll(() => page.getByTestId("qc-plan").textContent()).toContain("Code letter J: open 200 of the 1,000 units.");
    expect(await page.getByTestId("plan-row").nth(1).textContent()).toBe("Major2.58056");
    await shot(page, "quality-book-desktop");
    await page.getByRole("button", { name: "Book inspection" }).click();
    // Nothing is charged before the person sees the fee and the lot.
    expect(await page.getByTestId("qc-confirm").textContent()).toBe(`Your card will be charged $299.00 for an inspection of ${receiving.sn} (Stoneware mug), 1,000 units, 200 of them opened.`);
    await shot(page, "quality-confirm-desktop");
    await page.getByRole("button", { name: "Pay $299.00" }).click();
    await page.getByTestId("qc-row").first().waitFor();
    await page.getByRole("button", { name: "Report" }).click();
    await page.getByLabel("Major defects found").fill("6");
    await page.getByLabel("Defect photos").setInputFiles({ name: "chipped-rim.png", mimeType: "image/png", buffer: Buffer.from(PNG_1X1, "base64") });
    await page.getByRole("img", { name: "Defect photo chipped-rim.png" }).waitFor();
    await shot(page, "quality-report-desktop");
    await page.getByRole("button", { name: "Save the report" }).click();
    await poll(() => page.getByTestId("qc-row").first().textContent()).toContain("Failed0 critical, 6 major, 0 minor · 1 photo");
    await page.getByRole("button", { name: "View report" }).click();
    await page.getByRole("img", { name: `Defect photo 1 of ${receiving.sn}: chipped-rim.png` }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "quality-view-report-desktop");
    // The receiving shows the inspection that looked at it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${env.stack.api.url}/receivings/${receiving.sn}/details`);
    await poll(() => page.getByTestId("receiving-inspections").textContent()).toContain("Failed");
    expect(await page.getByTestId("receiving-inspections").textContent()).toContain("Major: 6 found, accept up to 5 (over the limit)");
    await page.getByTestId("receiving-inspections").scrollIntoViewIfNeeded();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "quality-receiving-phone");
    await page.goto(`${env.stack.api.url}/homebase/quality-control`);
    await page.getByTestId("qc-row").first().waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "quality-phone");

    // The receiving named a listed supplier: its page shows the store's record, and the assistant reads "this supplier" from the screen.
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${env.stack.api.url}/supplier-profile/${kilnId}`);
    await poll(() => page.getByTestId("supplier-scorecard").textContent()).toContain("Not enough data yet: 1 inspection so far");
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "scorecard-supplier-desktop");
    await page.getByRole("button", { name: "Ask AI" }).click();
    await send(page, "how reliable is this supplier?");
    await poll(() => page.locator("aside.chat-dock").locator('[data-role="assistant"]').last().textContent()).toContain(`Not enough data yet to score ${kiln}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${env.stack.api.url}/inbox/supplier-scorecards?q=${encodeURIComponent(kiln)}`);
    await poll(() => page.getByTestId("scorecard-row").first().textContent()).toContain(kiln);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "scorecards-phone");
    await page.context().close();
  }, 300_000);

  it("quotes freight from Shenzhen with the duty, books the cheapest after a confirmation naming the price and the route, and follows it live to the receiving it becomes", async () => {
    const owner = await createStore(env.stack.api, { storeName: "Freight e2e" });
    await cardOnFile(env.stack.api, owner.token);
    const sku = `MUG-F${Date.now()}`;
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${env.stack.api.url}/fulfillment-services`);
    await page.getByRole("link", { name: "Book freight" }).click();
    await page.getByTestId("freight-empty").waitFor();
    await page.getByLabel("Cartons", { exact: true }).fill("20");
    await page.getByLabel("Gross weight in kg", { exact: true }).fill("300");
    await page.getByLabel("Volume in cubic metres", { exact: true }).fill("2.4");
    await page.getByLabel("SKU, line 1", { exact: true }).fill(sku);
    await page.getByLabel("Goods, line 1", { exact: true }).fill("Ceramic mugs");
    await page.getByLabel("HS code, line 1", { exact: true }).fill("6912.00.44");
    await page.getByLabel("Units, line 1", { exact: true }).fill("600");
    await page.getByLabel("Value (US$), line 1", { exact: true }).fill("1500");
    await page.getByRole("button", { name: "Get freight quotes" }).click();
    await page.getByTestId("freight-option").first().waitFor();
    expect(await page.getByTestId("freight-option").allTextContents()).toEqual([
      expect.stringContaining("Sea, shared container (LCL)$204.0027 days"),
      expect.stringContaining("Air freight$2,200.005 days"),
      expect.stringContaining("Sea, full container (FCL)$2,400.0022 days"),
    ]);
    expect(await page.getByTestId("duty-row").textContent()).toContain("35%$525.00");
    await shot(page, "freight-quote-desktop");
    await page.getByRole("button", { name: "Book sea, shared container (LCL) for $204.00" }).click();
    // Nothing is charged before the person sees the price and the route.
    expect(await page.getByTestId("freight-confirm").textContent()).toMatch(/^Your card will be charged \$204\.00 for sea, shared container \(LCL\) of 20 cartons from Shenzhen, China to the fulfilment center in San Francisco, arriving about /);
    await shot(page, "freight-confirm-desktop");
    await page.getByRole("button", { name: "Pay $204.00" }).click();
    await page.getByTestId("freight-timeline").waitFor();
    // The local forwarder runs at once in tests: the timeline and the list follow it live to delivery.
    await poll(() => page.getByTestId("freight-row").first().textContent()).toMatch(/Shenzhen → Oakland.*\$204\.00Delivered.*Receiving RCV-\d+/);
    await poll(() => page.getByTestId("freight-stage").allTextContents()).toEqual([expect.stringMatching(/^Booked/), expect.stringMatching(/^Picked up/), expect.stringMatching(/^Departed/), expect.stringMatching(/^Arrived/), expect.stringMatching(/^Customs cleared/), expect.stringMatching(/^DeliveredDelivered to the fulfilment center/)]);
    await shot(page, "freight-booked-desktop");
    const phone = await pageAs(env.browser, owner);
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(page.url());
    await phone.getByTestId("freight-timeline").waitFor();
    expect(await overflowsSideways(phone)).toBe(false);
    await shot(phone, "freight-booked-phone");
    await phone.context().close();
    await page.getByRole("link", { name: /^receiving RCV-/ }).click();
    await page.waitForURL(/\/receivings\/RCV-\d+\/details/);
    await poll(() => page.locator("main").textContent()).toContain(sku);
    await page.context().close();
  });
});
