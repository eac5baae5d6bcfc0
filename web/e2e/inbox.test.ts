import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { inbox, projects } from "@atelier/contracts";
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

  it("takes a custom project to an accepted quote: the supplier sees it live and quotes, the store's badge moves, the store accepts, the project shows the terms", async () => {
    const owner = await createStore(env.api, { storeName: "Harbor Goods" });
    const supplierId = await createSupplier(env.api, { name: "Jiale Bags", countryCode: "CN" });
    const rep = await supplierMember(env.api, supplierId);
    const project = await env.api.client.call(projects.saveCustomProject, { body: { formStage: "COMPLETE", title: "Cotton tote bag", description: "Natural canvas tote with a one-colour logo", quantity: 500, supplierId } }, { token: owner.token });
    const { sid } = await env.api.client.call(inbox.startConversation, { body: { supplierId, message: "Hello! Our tote bag request follows." } }, { token: owner.token });

    const supplier = await (await env.browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    await supplier.goto(`${env.api.url}/supplier/login`);
    await supplier.getByLabel("E-mail").fill(rep.email);
    await supplier.getByLabel("Password").fill(rep.password);
    await supplier.getByRole("button", { name: "Sign in" }).click();
    await supplier.locator(`[data-sid="${sid}"]`).click();
    await supplier.locator(".inbox-message").getByText("Our tote bag request follows.").waitFor();

    // The store sends its custom project; the supplier sees the card live and answers with a quote for it.
    await env.api.client.call(inbox.sendMessage, { params: { sid }, body: { type: "CREATOR_CUSTOM_PROJECT", body: "", attributes: { projectId: project.id, title: "Cotton tote bag" } } }, { token: owner.token });
    await supplier.locator(".inbox-message").getByText("Cotton tote bag").waitFor();
    const store = await pageAs(env.browser, owner);
    await store.setViewportSize({ width: 1400, height: 900 });
    await store.goto(`${env.api.url}/inbox/messages`);
    await store.locator(`[data-sid="${sid}"]`).waitFor();

    await supplier.getByRole("button", { name: "Send a quote" }).click();
    const form = supplier.getByRole("form", { name: "New quote" });
    await form.getByLabel("Unit price ($)").fill("4.20");
    await form.getByLabel("Quantity").fill("500");
    await form.getByLabel("Minimum order").fill("300");
    await form.getByLabel("Sample price ($)").fill("35");
    await shot(supplier, "inbox-quote-form-desktop");
    await form.getByRole("button", { name: "Send quote" }).click();
    await supplier.locator(".quote-card").getByText("Waiting for Harbor Goods").waitFor();

    // The store's list shows the unread quote live, then the card with its answer buttons.
    await poll(() => store.locator(`[data-sid="${sid}"]`).getByLabel("1 unread").count()).toBe(1);
    await store.locator(`[data-sid="${sid}"]`).click();
    const card = store.locator(".quote-card");
    await card.getByText("Your answer is awaited").waitFor();
    expect(await card.getByText("$2,100.00").count()).toBe(1);
    expect(await overflowsSideways(store)).toBe(false);
    await shot(store, "inbox-quote-card-desktop");
    await card.getByRole("button", { name: "Accept" }).click();
    await store.getByRole("alertdialog").getByText(/500 units of “Cotton tote bag” at \$4\.20 each/).waitFor();
    await store.getByRole("button", { name: "Accept $2,100.00" }).click();
    await card.getByText("Accepted", { exact: true }).waitFor();
    // The supplier's card follows live.
    await supplier.locator(".quote-card").getByText("Accepted", { exact: true }).waitFor();
    await supplier.setViewportSize({ width: 390, height: 844 });
    expect(await overflowsSideways(supplier)).toBe(false);
    await shot(supplier, "inbox-quote-card-phone");

    await store.goto(`${env.api.url}/create-custom-project/${project.id}`);
    const terms = store.getByRole("region", { name: "Quoted terms" });
    await terms.getByText("Quoted terms from Jiale Bags").waitFor();
    expect(await terms.getByText("$4.20").count()).toBe(1);
    expect(await terms.getByText(/a unit with duty and freight/).count()).toBe(1);
    await shot(store, "inbox-quoted-project-desktop");
    await store.setViewportSize({ width: 390, height: 844 });
    await store.reload();
    await terms.getByText("Quoted terms from Jiale Bags").waitFor();
    expect(await overflowsSideways(store)).toBe(false);
    await shot(store, "inbox-quoted-project-phone");
    await store.context().close();
    await supplier.context().close();
  });

  it("books a video meeting: the store proposes times, the supplier picks one live, both get the join link and the calendar invitation, and the room opens", async () => {
    const owner = await createStore(env.api, { storeName: "Harbor Goods" });
    const supplierId = await createSupplier(env.api, { name: "Hanoi Totes" });
    const rep = await supplierMember(env.api, supplierId);
    const { sid } = await env.api.client.call(inbox.startConversation, { body: { supplierId, message: "Could we talk about the sample?" } }, { token: owner.token });

    const store = await pageAs(env.browser, owner);
    await store.setViewportSize({ width: 1400, height: 900 });
    await store.goto(`${env.api.url}/inbox/messages?c=${sid}`);
    const supplier = await (await env.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await supplier.goto(`${env.api.url}/supplier/login`);
    await supplier.getByLabel("E-mail").fill(rep.email);
    await supplier.getByLabel("Password").fill(rep.password);
    await supplier.getByRole("button", { name: "Sign in" }).click();
    await supplier.locator(`[data-sid="${sid}"]`).click();
    await supplier.locator(".inbox-message").getByText("Could we talk about the sample?").waitFor();

    // The store proposes through the form: the topic, a length and two times in its own zone.
    await store.getByRole("button", { name: "Propose a meeting" }).click();
    const form = store.getByRole("form", { name: "Propose a meeting" });
    await form.getByLabel("What the meeting is about").fill("Sample review");
    await form.getByLabel("Length").selectOption("45");
    await shot(store, "inbox-meeting-form-desktop");
    await form.getByRole("button", { name: "Send meeting request" }).click();
    await store.locator(".meeting-card").getByText("Waiting for Hanoi Totes to pick a time.").waitFor();
    expect(await overflowsSideways(store)).toBe(false);
    await shot(store, "inbox-meeting-request-desktop");

    // The supplier sees the request live and picks the second time, after a confirmation naming the store.
    const card = supplier.locator(".meeting-card");
    await card.getByRole("button", { name: "Pick this time" }).nth(1).click();
    await supplier.getByRole("alertdialog").getByText(/45-minute video meeting about “Sample review”/).waitFor();
    await supplier.getByRole("button", { name: "Accept this time" }).click();
    await supplier.locator(".meeting-card").getByText("Accepted").first().waitFor();
    expect(await overflowsSideways(supplier)).toBe(false);
    await shot(supplier, "inbox-meeting-accepted-phone");

    // The store's request card follows live, and the meeting card carries the join link and the invitation.
    await store.locator(".meeting-card").getByText("Accepted").first().waitFor();
    const join = store.getByRole("link", { name: "Join the meeting" }).last();
    await join.waitFor();
    const calendar = await store.getByRole("link", { name: "Add to calendar" }).last().getAttribute("href");
    const ics = await fetch(`${env.api.url}${new URL(calendar!).pathname}`);
    expect(await ics.text()).toContain("SUMMARY:Sample review (Harbor Goods and Hanoi Totes)");
    await shot(store, "inbox-meeting-card-desktop");
    const joinHref = (await join.getAttribute("href"))!;

    // The supplier sends a sample photo from its phone; the store sees the thumbnail live, opens it
    // and drops a numbered pin, which the supplier sees beside the picture without a reload.
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#c8b89a" } }).jpeg().toBuffer();
    await supplier.locator(".inbox-attach input[type=file]").setInputFiles({ name: "Sample photo.jpg", mimeType: "image/jpeg", buffer: photo });
    await store.locator("img.inbox-thumb").waitFor();
    await shot(store, "inbox-photo-desktop");
    await store.getByRole("button", { name: "Open Sample-photo.jpg with its pins" }).click();
    const stage = store.locator(".inbox-pins-stage");
    await stage.locator("img").waitFor();
    const box = (await stage.boundingBox())!;
    await stage.click({ position: { x: box.width * 0.25, y: box.height * 0.3 } });
    await store.getByLabel("Pin 1: what should they see here?").fill("Handle stitching is loose here");
    await store.getByRole("button", { name: "Add pin" }).click();
    await store.getByRole("list", { name: "Pins" }).getByText("Handle stitching is loose here").waitFor();
    expect(new URL(store.url()).searchParams.get("file")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await overflowsSideways(store)).toBe(false);
    await shot(store, "inbox-pins-desktop");
    await supplier.getByRole("button", { name: "Open Sample-photo.jpg with its pins" }).click();
    await supplier.getByRole("list", { name: "Pins" }).getByText("Handle stitching is loose here").waitFor();
    expect(await overflowsSideways(supplier)).toBe(false);
    await shot(supplier, "inbox-pins-phone");
    await supplier.getByRole("button", { name: "Files" }).click();
    await supplier.getByRole("region", { name: "Files in this conversation" }).getByText("1 pin").waitFor();
    await shot(supplier, "inbox-files-phone");

    // The room the link opens: the supplier comes in under its name.
    await supplier.goto(`${env.api.url}${new URL(joinHref).pathname}`);
    await supplier.getByLabel("Your name").fill("Linh from Hanoi Totes");
    await supplier.getByRole("button", { name: "Join the meeting" }).click();
    await supplier.getByText("You are in the room as").waitFor();
    expect(await supplier.getByRole("listitem").filter({ hasText: "Linh from Hanoi Totes" }).count()).toBe(1);
    await shot(supplier, "inbox-meeting-room-phone");
    await store.context().close();
    await supplier.context().close();
  });

  it("shows a demo supplier's automatic answer live, labelled, and how long a reply has been owed", async () => {
    env.api.deps.config.inbox.demoReplyMs = 0;
    try {
      const owner = await createStore(env.api, { storeName: "Harbor Goods" });
      const supplierId = await createSupplier(env.api, { name: "Porto Ceramics" });
      const { sid } = await env.api.client.call(inbox.startConversation, { body: { supplierId } }, { token: owner.token });
      const store = await pageAs(env.browser, owner);
      await store.setViewportSize({ width: 1400, height: 900 });
      await store.goto(`${env.api.url}/inbox/messages?c=${sid}`);
      await store.getByRole("textbox", { name: "Message" }).fill("How much for 200 matte mugs?");
      await store.getByRole("textbox", { name: "Message" }).press("Enter");
      const reply = store.locator(".inbox-message").filter({ hasText: "Happy to quote, Harbor Goods!" });
      await poll(async () => (await env.api.client.call(inbox.listMessages, { params: { sid }, query: {} }, { token: owner.token })).list.length).toBe(2);
      // Live when this file's API ran the job; another test file's API may have (no Redis between test processes), and a reload reads it then.
      if (!(await reply.count())) await store.reload();
      await reply.getByText("Automatic demo reply").waitFor();
      // The supplier answered, so the store now owes the reply: the list says so, and for how long.
      await store.locator(`[data-sid="${sid}"]`).getByText("Reply · <1 min").waitFor();
      expect(await overflowsSideways(store)).toBe(false);
      await shot(store, "inbox-demo-reply-desktop");
      await store.setViewportSize({ width: 390, height: 844 });
      await store.reload();
      await reply.getByText("Automatic demo reply").waitFor();
      expect(await overflowsSideways(store)).toBe(false);
      await shot(store, "inbox-demo-reply-phone");
      await store.context().close();
    } finally {
      env.api.deps.config.inbox.demoReplyMs = null;
    }
  });
});
