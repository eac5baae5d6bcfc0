import { describe, expect, it } from "vitest";
import { inbox } from "@atelier/contracts";
import { createStore } from "../../test/factories/accounts";
import { createSupplier } from "../../test/factories/suppliers";
import { supplierMember } from "../../test/factories/inbox";
import { overflowsSideways, pageAs, poll, shot, useWebApi } from "./browser";

// The inbox in Chromium, two browser contexts: a store at /inbox/messages and a supplier in its
// workspace (/supplier/login, /supplier/inbox). What one sends, the other sees live; at a desktop
// (1400×900) and a phone (390×844) nothing scrolls sideways.
const env = useWebApi();

describe("the inbox between a store and a supplier", () => {
  it.each([
    ["desktop", { width: 1400, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const)("delivers messages live both ways on a %s, with the unread count and typing", async (name, viewport) => {
    const owner = await createStore(env.api, { storeName: "Harbor Goods" });
    const supplierId = await createSupplier(env.api, { name: "Ege Textiles" });
    const other = await createSupplier(env.api, { name: "Bursa Denim" });
    const rep = await supplierMember(env.api, supplierId);
    const { sid } = await env.api.client.call(inbox.startConversation, { body: { supplierId, message: "Hello! Could you quote 500 canvas tote bags?" } }, { token: owner.token });
    await env.api.client.call(inbox.startConversation, { body: { supplierId: other, message: "Do you make raw denim?" } }, { token: owner.token });

    const store = await pageAs(env.browser, owner);
    await store.setViewportSize(viewport);
    await store.goto(`${env.api.url}/inbox/messages`);
    await store.locator(`[data-sid="${sid}"]`).waitFor();
    await shot(store, `inbox-list-${name}`);
    expect(await overflowsSideways(store)).toBe(false);

    // The supplier signs in through its own page, in another env.browser context.
    const supplier = await (await env.browser.newContext({ viewport })).newPage();
    await supplier.goto(`${env.api.url}/supplier/login`);
    await supplier.getByLabel("E-mail").fill(rep.email);
    await supplier.getByLabel("Password").fill(rep.password);
    await supplier.getByRole("button", { name: "Sign in" }).click();
    await supplier.getByRole("heading", { name: /Ege Textiles · Inbox \(1 unread\)/ }).waitFor();
    // Only its own conversation: never the store's chat with another supplier.
    expect(await supplier.locator("[data-sid]").count()).toBe(1);
    await supplier.locator(`[data-sid="${sid}"]`).click();
    await supplier.locator(".inbox-message").getByText("Could you quote 500 canvas tote bags?").waitFor();
    await poll(() => supplier.getByRole("heading", { name: /Ege Textiles · Inbox$/ }).count()).toBe(1);

    await store.locator(`[data-sid="${sid}"]`).click();
    await store.getByRole("textbox", { name: "Message" }).waitFor();
    // Typing shows on the other side; the message arrives without a reload.
    await supplier.getByRole("textbox", { name: "Message" }).fill("Yes: $3.20 a bag");
    await poll(() => store.getByRole("status").filter({ hasText: "Ege Textiles is typing" }).count()).toBe(1);
    await supplier.getByRole("textbox", { name: "Message" }).fill("Yes: $3.20 a bag, 20 days, samples in a week.");
    await supplier.getByRole("button", { name: "Send", exact: true }).click();
    await store.locator(".inbox-message").getByText("Yes: $3.20 a bag, 20 days, samples in a week.").waitFor();
    await shot(supplier, `inbox-supplier-${name}`);

    await store.getByRole("textbox", { name: "Message" }).fill("Great, please send a sample.");
    await store.getByRole("textbox", { name: "Message" }).press("Enter");
    await supplier.locator(".inbox-message").getByText("Great, please send a sample.").waitFor();
    expect(await overflowsSideways(store)).toBe(false);
    expect(await overflowsSideways(supplier)).toBe(false);
    await shot(store, `inbox-conversation-${name}`);

    // The store leaves the conversation (the list on a phone): a new reply shows as unread live.
    if (name === "phone") await store.getByRole("button", { name: "Back to conversations" }).click();
    else await store.goto(`${env.api.url}/inbox/messages`);
    await supplier.getByRole("textbox", { name: "Message" }).fill("Sample ships Monday.");
    await supplier.getByRole("button", { name: "Send", exact: true }).click();
    await poll(() => store.locator(`[data-sid="${sid}"]`).getByLabel("1 unread").count()).toBe(1);
    await poll(() => store.getByRole("heading", { name: "Messages (1 unread)" }).count()).toBe(1);
    // The inbox tabs carry the unread count too, on every inbox page.
    await poll(() => store.getByTestId("inbox-unread-badge").textContent()).toBe("1");
    await store.context().close();
    await supplier.context().close();
  });
});
