import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { inbox, projects, sourcingAgent, stores } from "@atelier/contracts";
import { as, registerUser, startTestApi, testConfig, type TestApi } from "./harness";
import { createSupplier, supplierMember } from "../../test/factories";
import { sendInboxDigests } from "../src/services/inbox/send-inbox-digests";

// Inbox notifications (issue 18): unread messages become one e-mail digest per person (and one
// text message when the store asks for them), sent once; run at once here instead of on the minute.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ config: testConfig() });
});
afterAll(async () => {
  await api.close();
});

type OutboxRow = { channel: string; to_address: string; subject: string | null; body: string; payload: { conversations: string[]; messages: number } };
async function outbox(to: string[]): Promise<OutboxRow[]> {
  const { rows } = await api.deps.pool.query<OutboxRow>("SELECT channel, to_address, subject, body, payload FROM outbox_messages WHERE kind = 'inbox_digest' AND to_address = ANY($1) ORDER BY created_at, channel", [to]);
  return rows;
}

const say = (token: string, sid: string, body: string) => as(api, token, inbox.sendMessage, { params: { sid }, body: { type: "TEXT", body } });

describe("inbox digests", () => {
  it("mails each side one digest of what it has not read, once, and texts the store when it asked for it", async () => {
    const store = await registerUser(api);
    const a = await createSupplier(api, { name: "Izmir Linen" });
    const b = await createSupplier(api, { name: "Porto Ceramics" });
    const c = await createSupplier(api, { name: "Delft Tiles" });
    const [repA, repB, repC] = [await supplierMember(api, a), await supplierMember(api, b), await supplierMember(api, c)];
    const sidA = (await as(api, store.token, inbox.startConversation, { body: { supplierId: a, message: "Can you quote 200 linen aprons?" } })).sid;
    const sidB = (await as(api, store.token, inbox.startConversation, { body: { supplierId: b, message: "Do you glaze in matte white?" } })).sid;
    const sidC = (await as(api, store.token, inbox.startConversation, { body: { supplierId: c, message: "Blue tiles, 10 cm, 400 pieces?" } })).sid;
    await say(repA.token, sidA, "Yes: $6.10 an apron, 30 days.");
    await say(repA.token, sidA, "A sample is $25.");
    await say(repB.token, sidB, "We do, minimum 100 pieces.");
    const only = { storeIds: [store.store.id], supplierIds: [a, b, c] };
    const run = (afterMs: number) => sendInboxDigests(api.deps.pool, { afterMs, webOrigin: "https://app.example", only });

    // Nothing is overdue while the wait has not passed.
    expect(await run(3_600_000)).toEqual({ emails: 0, sms: 0, conversations: 0, messages: 0 });

    // The store's SMS setting needs a phone on the profile.
    await as(api, store.token, stores.updateStoreProfile, { body: { phone: "+1 415 555 0100" } });
    await as(api, store.token, stores.updateStoreConfigs, { body: { notifications: { inboxSmsNotify: true } } });
    // Suppliers A and B answered (so they read the store's message); C has not looked yet.
    expect(await run(0)).toEqual({ emails: 2, sms: 1, conversations: 3, messages: 4 });

    const [mail, sms, ...rest] = await outbox([store.email, "+1 415 555 0100"]);
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({ channel: "email", to_address: store.email, subject: "3 unread messages from Porto Ceramics and Izmir Linen", payload: { conversations: [sidB, sidA], messages: 3 } });
    expect(mail!.body).toContain("Izmir Linen (2 new messages): “A sample is $25.”");
    expect(mail!.body).toContain(`https://app.example/inbox/messages?c=${sidA}`);
    expect(sms).toMatchObject({ channel: "sms", body: "Atelier: 3 unread messages from Porto Ceramics and Izmir Linen. Reply in your inbox: https://app.example/inbox/messages" });
    expect(await outbox([repA.email, repB.email])).toEqual([]);
    expect(await outbox([repC.email])).toMatchObject([{ subject: "1 unread message from Test store", body: expect.stringContaining(`https://app.example/supplier/inbox?c=${sidC}`) }]);

    // Sent once: a second run, and marking a conversation unread again, announce nothing new.
    await as(api, store.token, inbox.markConversationUnread, { params: { sid: sidB } });
    expect((await run(0)).emails).toBe(0);
    // Reading before the digest leaves nothing to tell; a new unread message is news again.
    await say(repC.token, sidC, "Yes, cobalt blue in stock.");
    await as(api, store.token, inbox.readConversation, { params: { sid: sidC }, body: {} });
    await say(repB.token, sidB, "Glaze samples ship Monday.");
    expect(await run(0)).toEqual({ emails: 1, sms: 1, conversations: 1, messages: 1 });
    expect((await outbox([store.email])).at(-1)).toMatchObject({ subject: "1 unread message from Porto Ceramics" });
  });
});

describe("the demo responder", () => {
  it("answers a store's message as the supplier after the delay, with a quote card for a custom project, through the real message path", async () => {
    // On for this API from here on, at once (the digests above ran without it).
    api.deps.config.inbox.demoReplyMs = 0;
    const store = await registerUser(api);
    const supplierId = await createSupplier(api, { name: "Lisbon Mugs" });
    const sid = (await as(api, store.token, inbox.startConversation, { body: { supplierId, message: "How much for 300 stoneware mugs?" } })).sid;
    const history = () => as(api, store.token, inbox.listMessages, { params: { sid }, query: {} });
    await vi.waitFor(async () => expect((await history()).list.length).toBe(2), { timeout: 15_000, interval: 100 });
    const [reply] = (await history()).list;
    expect(reply).toMatchObject({ authorSide: "SUPPLIER", authorName: "Lisbon Mugs", type: "TEXT", attributes: { demoReply: true }, body: expect.stringMatching(/^Happy to quote, Test store! Orders like this usually start at \d+ pieces/) });
    expect(await as(api, store.token, inbox.getConversation, { params: { sid } })).toMatchObject({ unreadCount: 1, needsReply: { side: "STORE" } });

    // A custom project sent as a card gets a quote for it: a real quote object, open for the store.
    const project = await as(api, store.token, projects.saveCustomProject, { body: { formStage: "FORM", title: "Stoneware mug", description: "350 ml, matte glaze", quantity: 300 } });
    await as(api, store.token, inbox.sendMessage, { params: { sid }, body: { type: "CREATOR_CUSTOM_PROJECT", attributes: { projectId: project.id, title: "Stoneware mug" } } });
    await vi.waitFor(async () => expect((await history()).list[0]?.type).toBe("QUOTE"), { timeout: 15_000, interval: 100 });
    const [card, thanks] = (await history()).list;
    expect(thanks).toMatchObject({ type: "TEXT", attributes: { demoReply: true }, body: expect.stringContaining("Thank you for sending “Stoneware mug”") });
    expect(card!.quote).toMatchObject({ status: "PROPOSED", offeredBy: "SUPPLIER", awaitingSide: "STORE", projectId: project.id, quantity: expect.any(Number) });
    expect(card!.quote!.quantity).toBeGreaterThanOrEqual(300);
    // Nothing more is written: the supplier has had the last word.
    expect((await history()).list).toHaveLength(5);
    api.deps.config.inbox.demoReplyMs = null;
  });
});

describe("the sourcing agent's outreach", () => {
  it("arrives in the supplier's inbox as a conversation under the AI agent tab, and the (demo) supplier's quote comes back there", async () => {
    api.deps.config.inbox.demoReplyMs = 0;
    const store = await registerUser(api);
    const supplierId = await createSupplier(api, { name: "Guimaraes Knit" });
    const rep = await supplierMember(api, supplierId);
    const pack = await as(api, store.token, sourcingAgent.createTechPack, { body: { productName: "Merino beanie", materials: ["merino wool"], description: "Ribbed beanie, one size", quantities: [{ quantity: 250 }] } });
    await as(api, store.token, sourcingAgent.sendMessagesInNetwork, { body: { techPackId: pack.id, companyIds: [supplierId] } });

    const tab = await as(api, store.token, inbox.listConversations, { query: { tab: "AI_SOURCING_AGENT" } });
    expect(tab.list.map((c) => c.supplierName)).toEqual(["Guimaraes Knit"]);
    expect((await as(api, store.token, inbox.listConversations, { query: { tab: "PERSONAL" } })).list).toEqual([]);
    const sid = tab.list[0]!.sid;
    // The supplier's member reads the request in its own inbox.
    const seen = await as(api, rep.token, inbox.listMessages, { params: { sid }, query: {} });
    expect(seen.list.find((m) => m.index === 0)).toMatchObject({ authorSide: "STORE", body: expect.stringContaining("Request for quote: Merino beanie (250 units)") });
    // Its (demo) answer: a quote for the product the agent asked about.
    await vi.waitFor(async () => expect((await as(api, store.token, inbox.listMessages, { params: { sid }, query: {} })).list[0]?.type).toBe("QUOTE"), { timeout: 15_000, interval: 100 });
    const [card] = (await as(api, store.token, inbox.listMessages, { params: { sid }, query: {} })).list;
    expect(card!.quote).toMatchObject({ title: "Merino beanie", status: "PROPOSED", awaitingSide: "STORE", supplierName: "Guimaraes Knit" });
    expect(card!.quote!.quantity).toBeGreaterThanOrEqual(250);
    api.deps.config.inbox.demoReplyMs = null;
  });
});

