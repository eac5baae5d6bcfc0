import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { payments, projects, purchasing } from "@atelier/contracts";
import { as, registerUser, type TestApi, type TestUser } from "../../api/test/harness";
import { seedCatalog, type CatalogFixture } from "../../api/test/marketplace-fixtures";
import { itemImageSvg } from "../../api/src/images/item-image";
import { rasterizeSvg } from "../../api/src/images/svg";
import { encodePng } from "../../api/src/images/codec";
import { launchBrowser, madeUpWord, poll, startWebApi, pageAs, skipSourcingTours, releaseBrowser } from "./browser";

// The sourcing inbox, invoice payment and the custom request form as a store owner (and a
// logged-out payer) uses them, in Chromium against the real API. Every store is made here, so
// each screen can be checked for showing this store's rows and not another store's.

let api: TestApi;
let browser: Browser;
let fx: CatalogFixture;

const word = madeUpWord("zy");
const SUPPLIERS = [`${word} Alder Sewing`, `${word} Birch Boxes`, `${word} Cedar Glass`];
const ITEMS = [`${word} linen apron`, `${word} kraft mailer`, `${word} glass jar`];
const CARD = { ok: "4242 4242 4242 4242", declined: "4000 0000 0000 0002" };
const DECLINED_MESSAGE = "Your card was declined. Nothing was charged and your items are still in the cart; try another card.";

beforeAll(async () => {
  api = await startWebApi();
  browser = await launchBrowser();
  fx = await seedCatalog(
    api.deps.pool,
    SUPPLIERS.map((name) => ({ name, countryCode: "PT", region: "EU" })),
    ITEMS.map((title, supplier) => ({ supplier, title, samplePrice: 1200 + supplier * 100 })),
  );
});

afterAll(async () => {
  await releaseBrowser(browser);
  await api?.close();
});

async function newStore(storeName: string): Promise<TestUser> {
  const user = await registerUser(api, { storeName });
  await skipSourcingTours(api, user);
  return user;
}

/** Puts a sample of a seeded item in the store's cart; answers the cart's open invoice. */
async function cartWithSample(user: TestUser, item: number) {
  await as(api, user.token, purchasing.createCreatorOrderItem, { body: { catalogItemId: fx.itemIds[item]!, kind: "SAMPLE", quantity: 1, addToCart: true } }, crypto.randomUUID());
  return (await as(api, user.token, purchasing.listShoppingCartOrders, {})).invoice!;
}

async function payByApi(user: TestUser, invoiceId: string) {
  const card = { number: "4242424242424242", expMonth: 12, expYear: 2039, cvc: "123" };
  return as(api, user.token, purchasing.payCreatorInvoice, { body: { invoiceId, card } }, crypto.randomUUID());
}

async function fillCard(scope: Page | Locator, number: string) {
  await scope.getByLabel("Card number").fill(number);
  await scope.getByLabel("Expiry (MM/YY)").fill("12/39");
  await scope.getByLabel("CVC").fill("123");
}

const texts = (scope: Page | Locator, testId: string) => scope.getByTestId(testId).allTextContents();

describe("the sourcing inbox", () => {
  it("shows this store's invoices, orders and suppliers, and none of another store's", async () => {
    const mine = await newStore(`${word} Mine`);
    const other = await newStore(`${word} Other`);
    // Mine: a paid sample without a shipping address, and a sample in the open cart invoice.
    const paid = await cartWithSample(mine, 0);
    await payByApi(mine, paid.id);
    const open = await cartWithSample(mine, 1);
    // The other store: its own cart of the third supplier's item.
    const theirs = await cartWithSample(other, 2);
    const page = await pageAs(browser, mine);

    await page.goto(`${api.url}/inbox/needs-payment`);
    await poll(() => texts(page, "invoice-row")).toHaveLength(1);
    const row = page.getByTestId("invoice-row");
    expect(await row.textContent()).toContain(`Invoice ${open.sn}`);
    expect(await row.textContent()).toContain("$13.00");
    expect(await page.getByText(`Invoice ${theirs.sn}`).count()).toBe(0);
    await row.getByRole("link", { name: "Pay invoice" }).click();
    await page.waitForURL(`${api.url}/pay-invoice/${open.id}`);
    await page.goBack();
    // The paid invoice asks for its shipping address.
    const missing = page.getByRole("status").filter({ hasText: "needs a shipping address" });
    await poll(() => missing.textContent()).toContain("1 paid invoice needs a shipping address");
    expect(await missing.getByRole("link", { name: `Invoice ${paid.sn}` }).getAttribute("href")).toBe(`/add-shipping-address/${paid.id}`);

    const inboxTabs = page.getByRole("navigation", { name: "Inbox" });
    await inboxTabs.getByRole("link", { name: "Orders & shipments" }).click();
    await page.waitForURL(`${api.url}/inbox/orders`);
    await poll(() => page.getByTestId("order-item").count()).toBe(2);
    const orders = await texts(page, "order-item");
    expect(orders.find((t) => t.includes(ITEMS[0]!))).toContain("In production");
    expect(orders.find((t) => t.includes(ITEMS[1]!))).toContain("In cart");
    expect(orders.join(" ")).not.toContain(ITEMS[2]);
    expect(await page.getByRole("tab", { name: "All (2)" }).count()).toBe(1);
    await page.getByRole("tab", { name: "In production (1)" }).click();
    await page.waitForURL((url) => url.searchParams.get("filter") === "IN_PRODUCTION");
    await poll(() => texts(page, "order-item")).toEqual([expect.stringContaining(ITEMS[0]!)]);

    await inboxTabs.getByRole("link", { name: "My suppliers" }).click();
    await page.waitForURL(`${api.url}/inbox/my-suppliers`);
    await poll(() => page.getByTestId("my-supplier").count()).toBe(2);
    const suppliers = await texts(page, "my-supplier");
    for (const name of SUPPLIERS.slice(0, 2)) expect(suppliers.find((t) => t.includes(name))).toContain("Bought from");
    expect(suppliers.join(" ")).not.toContain(SUPPLIERS[2]);
    // Invite a supplier the store works with: it joins the list, for this store only.
    const invite = page.getByRole("form", { name: "Invite a supplier" });
    await invite.getByLabel("Company name").fill(`${word} Dune Dyes`);
    await invite.getByLabel("Website").fill("https://dune-dyes.example.com");
    await invite.getByLabel("Email").fill(`hello-${word}@dune-dyes.example.com`);
    await invite.getByLabel("Phone").fill("+351 21 555 0100");
    await invite.getByRole("button", { name: "Send invite" }).click();
    await poll(() => invite.getByRole("status").textContent()).toContain(`${word} Dune Dyes is invited`);
    await poll(() => page.getByTestId("my-supplier").count()).toBe(3);
    expect(await page.getByTestId("my-supplier").filter({ hasText: `${word} Dune Dyes` }).textContent()).toContain("Invited");
    // Search narrows the list by name.
    await page.getByLabel("Search my suppliers").fill("Birch");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await poll(() => texts(page, "my-supplier")).toEqual([expect.stringContaining(SUPPLIERS[1]!)]);

    // The other store sees only its own.
    const theirPage = await pageAs(browser, other);
    await theirPage.goto(`${api.url}/inbox/my-suppliers`);
    await poll(() => texts(theirPage, "my-supplier")).toEqual([expect.stringContaining(SUPPLIERS[2]!)]);
    await theirPage.goto(`${api.url}/inbox/needs-payment`);
    await poll(() => texts(theirPage, "invoice-row")).toEqual([expect.stringContaining(`Invoice ${theirs.sn}`)]);
    await theirPage.context().close();
    await page.context().close();
  });
});

describe("paying invoices", () => {
  it("pays a store invoice with a test card after a declined one, then saves its shipping address", async () => {
    const user = await newStore(`${word} Payer`);
    const invoice = await cartWithSample(user, 0);
    const page = await pageAs(browser, user);
    await page.goto(`${api.url}/pay-invoice/${invoice.id}`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Invoice ${invoice.sn}`);
    expect(await page.getByTestId("invoice-total").textContent()).toBe("$12.00");

    // The declined test card: INSTRUMENT_DECLINED's message, nothing paid, the form still there.
    await fillCard(page, CARD.declined);
    await page.getByRole("button", { name: "Pay invoice" }).click();
    await poll(() => page.getByTestId("invoice-status").textContent()).toBe(DECLINED_MESSAGE);
    expect(await page.getByTestId("invoice-status").getAttribute("role")).toBe("alert");
    expect((await as(api, user.token, purchasing.getCreatorInvoice, { params: { id: invoice.id } })).status).toBe("OPEN");

    // Another card pays it.
    await fillCard(page, CARD.ok);
    await page.getByRole("button", { name: "Pay invoice" }).click();
    await poll(() => page.getByTestId("invoice-status").textContent()).toBe("This invoice is paid. Payment complete. Your orders are now in production.");
    expect(await page.getByRole("form", { name: "Card payment" }).count()).toBe(0);
    expect((await as(api, user.token, purchasing.getCreatorInvoice, { params: { id: invoice.id } })).status).toBe("PAID");

    // Paid without an address: the page asks for one.
    await page.getByRole("link", { name: "Add the shipping address" }).click();
    await page.waitForURL(`${api.url}/add-shipping-address/${invoice.id}`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Shipping address for invoice ${invoice.sn}`);
    await page.getByLabel("Full name").fill("Ada Apron");
    await page.getByLabel("Address line 1").fill("1 Market St");
    await page.getByLabel("City", { exact: true }).fill("San Francisco");
    await page.getByLabel("State / region").fill("CA");
    await page.getByLabel("Postal code").fill("94105");
    await page.getByLabel("Phone (optional)").fill("call me");
    await page.getByRole("button", { name: "Save address" }).click();
    // The API's reason shows beside the field.
    await poll(() => page.getByText("must be a phone number like +1 415 555 0100").count()).toBe(1);
    expect(await page.getByLabel("Phone (optional)").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Phone (optional)").fill("+1 415 555 0100");
    await page.getByRole("button", { name: "Save address" }).click();
    await poll(() => page.getByText("Saved. The supplier ships to this address.").count()).toBe(1);
    expect((await as(api, user.token, purchasing.getCreatorInvoice, { params: { id: invoice.id } })).shippingAddress).toEqual({
      name: "Ada Apron", line1: "1 Market St", line2: null, city: "San Francisco", state: "CA", postalCode: "94105", countryCode: "US", phone: "+1 415 555 0100",
    });
    // Saved: the inbox no longer asks for it, and the page shows the saved address on return.
    await page.goto(`${api.url}/inbox/needs-payment`);
    await poll(() => page.getByText("Nothing needs payment.").count()).toBe(1);
    expect(await page.getByText("needs a shipping address").count()).toBe(0);
    await page.goto(`${api.url}/add-shipping-address/${invoice.id}`);
    await poll(() => page.getByLabel("Full name").inputValue()).toBe("Ada Apron");
    await page.context().close();
  });

  it("lets a logged-out payer pay an invoice by its number, after a declined card", async () => {
    const user = await newStore(`${word} Public`);
    const invoice = await cartWithSample(user, 1);
    const page = await pageAs(browser, null);
    await page.goto(`${api.url}/public-pay-invoice/${invoice.sn}`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Invoice ${invoice.sn} from ${word} Public`);
    expect(page.url()).toBe(`${api.url}/public-pay-invoice/${invoice.sn}`);
    expect(await page.getByTestId("invoice-total").textContent()).toBe("$13.00");
    expect(await page.getByText(ITEMS[1]!).count()).toBe(1);

    await fillCard(page, CARD.declined);
    await page.getByRole("button", { name: "Pay invoice" }).click();
    await poll(() => page.getByTestId("invoice-status").textContent()).toBe(DECLINED_MESSAGE);
    await fillCard(page, CARD.ok);
    await page.getByRole("button", { name: "Pay invoice" }).click();
    await poll(() => page.getByTestId("invoice-status").textContent()).toBe("This invoice is paid. Payment complete. Your orders are now in production.");
    expect((await as(api, user.token, purchasing.getCreatorInvoice, { params: { id: invoice.id } })).status).toBe("PAID");
    // The card was for this charge only: nothing was saved to the store.
    // Nothing on the way asked the payer to log in.
    expect(await page.getByTestId("toast").count()).toBe(0);
    expect((await as(api, user.token, payments.listPaymentMethods, { query: { type: "card", limit: 10 } })).list).toEqual([]);

    // An unknown number says so.
    await page.goto(`${api.url}/public-pay-invoice/NOPE-${word.toUpperCase()}`);
    await poll(() => page.getByRole("alert").filter({ hasText: "This page does not exist or is no longer listed." }).count()).toBe(1);
    expect(await page.getByRole("form", { name: "Card payment" }).count()).toBe(0);
    await page.context().close();
  });
});

describe("the custom request form", () => {
  it("goes PREVIEW → FORM → COMPLETE with checked colours and an uploaded attachment, and lists the request in the inbox", async () => {
    const user = await newStore(`${word} Maker`);
    const other = await newStore(`${word} Elsewhere`);
    await as(api, other.token, projects.saveCustomProject, { body: { formStage: "FORM", title: `${word} not mine` } }, crypto.randomUUID());
    const page = await pageAs(browser, user);

    // From the supplier's profile, the request is for that supplier.
    await page.goto(`${api.url}/supplier-profile/${fx.supplierIds[0]}`);
    await page.getByRole("link", { name: "Request a custom project" }).click();
    await page.waitForURL(`${api.url}/create-custom-project?supplierId=${fx.supplierIds[0]}`);
    await poll(() => page.locator("[data-stage]").getAttribute("data-stage")).toBe("PREVIEW");
    expect(await page.getByText("The supplier you picked will quote your project").count()).toBe(1);
    await page.getByRole("button", { name: "Start your request" }).click();
    await page.waitForURL(/\/create-custom-project\/[0-9a-f-]{36}$/);
    const projectId = page.url().split("/").pop()!;
    await poll(() => page.locator("[data-stage]").getAttribute("data-stage")).toBe("FORM");
    expect(await page.getByText(`For ${SUPPLIERS[0]}`).count()).toBe(1);

    // Sending an empty request: the API's reason shows beside the title.
    await page.getByRole("button", { name: "Send request" }).click();
    await poll(() => page.getByText("is required to submit the project").count()).toBe(1);

    await page.getByRole("textbox", { name: /^Title/ }).fill(`${word} embroidered apron`);
    await page.getByRole("textbox", { name: /^Description/ }).fill("A heavy linen apron with our logo embroidered on the chest pocket.");
    await page.getByRole("spinbutton", { name: /^Quantity/ }).fill("500");
    await page.getByLabel(/^Target completion date/).fill("2031-06-30");

    // Colours: a separator in a name, then a variant without a name, are refused before sending.
    await page.getByRole("button", { name: "Add colour" }).click();
    await page.getByLabel("Colour 1 name").fill("Navy|Blue");
    await page.getByLabel("Colour 1 hex").fill("#1f2a44");
    await page.getByRole("button", { name: "Send request" }).click();
    const colours = page.getByRole("group", { name: "Colours" });
    await poll(() => colours.getByRole("alert").textContent()).toBe("colour 1 must not contain | or ;");
    await page.getByLabel("Colour 1 name").fill("Navy");
    await page.getByLabel("Colour 1 variant").fill("matte");
    await page.getByRole("button", { name: "Add colour" }).click();
    await page.getByLabel("Colour 2 variant").fill("glossy");
    await page.getByRole("button", { name: "Send request" }).click();
    await poll(() => colours.getByRole("alert").textContent()).toContain("needs a colour name");
    await colours.getByRole("button", { name: "Remove" }).nth(1).click();

    // An attachment: a PNG sketch uploaded through /upload.
    const sketch = await encodePng(rasterizeSvg(itemImageSvg({ imageSeed: 3, imageColor: "#1f2a44" }), 64));
    await page.getByLabel("Add attachments").setInputFiles({ name: "apron-sketch.png", mimeType: "image/png", buffer: sketch });
    const attachments = page.getByRole("group", { name: "Attachments" });
    await poll(() => attachments.getByRole("listitem").allTextContents()).toEqual([expect.stringContaining("apron-sketch.png (png)")]);

    // A draft keeps everything through a reload.
    await page.getByRole("button", { name: "Save draft" }).click();
    await poll(() => page.getByText("Draft saved.").count()).toBe(1);
    await page.reload();
    await poll(() => page.getByLabel("Colour 1 name").inputValue()).toBe("Navy");
    expect(await page.getByLabel("Colour 1 hex").inputValue()).toBe("#1f2a44");
    expect(await page.getByLabel("Colour 1 variant").inputValue()).toBe("matte");
    expect(await attachments.getByRole("listitem").count()).toBe(1);

    await page.getByRole("button", { name: "Send request" }).click();
    await poll(() => page.locator("[data-stage]").getAttribute("data-stage")).toBe("COMPLETE");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Custom project sent");
    expect(await page.locator("[data-stage]").textContent()).toContain(`Your request was sent to ${SUPPLIERS[0]}`);
    const saved = await as(api, user.token, projects.getCreatorProject, { params: { id: projectId } });
    expect(saved).toMatchObject({ formStage: "COMPLETE", title: `${word} embroidered apron`, quantity: 500, targetCompletionDate: "2031-06-30", colors: "Navy|#1F2A44|matte", supplierId: fx.supplierIds[0] });
    expect(saved.attachments).toEqual([expect.stringMatching(/^\/rest\/main\/upload\/files\/.+apron-sketch\.png$/)]);

    // The inbox lists it as sent, for this store only.
    await page.getByRole("link", { name: "See your requests" }).click();
    await page.waitForURL(`${api.url}/inbox/custom-project-requests`);
    await poll(() => texts(page, "project-row")).toEqual([expect.stringContaining(`${word} embroidered apron`)]);
    const row = page.getByTestId("project-row");
    expect(await row.textContent()).toContain("Sent");
    expect(await row.textContent()).toContain(`For ${SUPPLIERS[0]} · 500 units`);
    expect(await page.getByText(`${word} not mine`).count()).toBe(0);
    // Opening it again shows the COMPLETE stage, not an editable form.
    await row.getByRole("link", { name: `${word} embroidered apron` }).click();
    await page.waitForURL(`${api.url}/create-custom-project/${projectId}`);
    await poll(() => page.locator("[data-stage]").getAttribute("data-stage")).toBe("COMPLETE");
    await page.context().close();
  });
});
