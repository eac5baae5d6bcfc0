import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { inbox, stores } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, expectError } from "./harness";
import { createSupplier, supplierMember, teamMember, type SupplierMemberSession } from "../../test/factories";
import { joinRoom, socketClients } from "./sockets";

let api: TestApi;
const clients = socketClients(() => api.url);
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  clients.closeAll();
  await api.close();
});


/** A store, a supplier with a signed-in member, and their conversation. */
async function pair(name = "Ege Textiles") {
  const store = await registerUser(api);
  const supplierId = await createSupplier(api, { name });
  const rep = await supplierMember(api, supplierId);
  const conversation = await as(api, store.token, inbox.startConversation, { body: { supplierId } });
  return { store, supplierId, rep, sid: conversation.sid };
}

const say = (token: string, sid: string, body: string, key?: string) => as(api, token, inbox.sendMessage, { params: { sid }, body: { type: "TEXT", body } }, key);

describe("conversations and the read rules (000 §4)", () => {
  it("counts unread from the other side only, moves the horizon forward only, marks unread explicitly, and tracks who owes a reply", async () => {
    const { store, rep, sid, supplierId } = await pair();
    expect(rep.supplier).toEqual({ id: supplierId, name: "Ege Textiles" });
    const opened = await as(api, store.token, inbox.getConversation, { params: { sid } });
    expect(opened.avatarColor).toMatch(/^#[0-9a-f]{6}$/i);
    expect(opened).toMatchObject({ supplierId, supplierName: "Ege Textiles", storeName: "Test store", name: `store_${store.store.id}:manufacturer:${supplierId}`, lastMessageIndex: -1, unreadCount: 0, lastReadIndex: null, mySide: "STORE", needsReply: null });

    await say(store.token, sid, "Hello, can you quote 500 tote bags?");
    await say(store.token, sid, "Natural canvas, one colour print.");
    // The store's own messages are never unread for it (authors starting store_).
    expect((await as(api, store.token, inbox.getConversation, { params: { sid } })).unreadCount).toBe(0);
    const supplierView = await as(api, rep.token, inbox.getConversation, { params: { sid } });
    expect(supplierView).toMatchObject({ mySide: "SUPPLIER", unreadCount: 2, lastReadIndex: null, storeName: "Test store", needsReply: { side: "SUPPLIER" } });
    expect(await as(api, rep.token, inbox.countUnreadMessages, {})).toEqual({ unread: 2, conversations: 1, needsReply: 1 });

    // Reading up to index 0 leaves one unread; reading never clears "needs reply".
    expect(await as(api, rep.token, inbox.readConversation, { params: { sid }, body: { index: 0 } })).toMatchObject({ unreadCount: 1, lastReadIndex: 0, needsReply: { side: "SUPPLIER" } });
    const all = await as(api, rep.token, inbox.readConversation, { params: { sid }, body: {} });
    expect(all).toMatchObject({ unreadCount: 0, lastReadIndex: 1 });
    // The horizon only moves forward.
    expect(await as(api, rep.token, inbox.readConversation, { params: { sid }, body: { index: 0 } })).toMatchObject({ lastReadIndex: 1, unreadCount: 0 });
    await expectError(as(api, rep.token, inbox.readConversation, { params: { sid }, body: { index: 9 } }), 400, "body.index", /past the last message/);

    // Replying clears the supplier's debt and hands it to the store.
    const reply = await say(rep.token, sid, "Yes: $3.20 a bag, 20 days.");
    expect(reply.messages[0]).toMatchObject({ index: 2, author: `manufacturer:${supplierId}`, authorSide: "SUPPLIER", authorName: "Ege Textiles", type: "TEXT" });
    expect(reply.conversation.needsReply).toMatchObject({ side: "STORE" });
    const forStore = await as(api, store.token, inbox.getConversation, { params: { sid } });
    expect(forStore).toMatchObject({ unreadCount: 1, lastMessagePreview: "Yes: $3.20 a bag, 20 days.", needsReply: { side: "STORE" } });
    expect((await as(api, store.token, inbox.countUnreadMessages, {})).unread).toBe(1);

    // Mark as unread goes back to just before the other side's last message.
    await as(api, store.token, inbox.readConversation, { params: { sid }, body: {} });
    const unread = await as(api, store.token, inbox.markConversationUnread, { params: { sid } });
    expect(unread).toMatchObject({ lastReadIndex: 1, unreadCount: 1 });
    // A conversation with nothing from the other side has nothing to mark.
    const other = await pair("Lone Supplier");
    await say(other.store.token, other.sid, "Hi");
    await expectError(as(api, other.store.token, inbox.markConversationUnread, { params: { sid: other.sid } }), 409);
  });

  it("lists by tab with search, unread and needs-reply filters, and pages; archives per side", async () => {
    const store = await registerUser(api);
    const names = ["Anatolia Knits", "Bursa Denim", "Cappadocia Ceramics"];
    const sids: string[] = [];
    for (const name of names) {
      const supplierId = await createSupplier(api, { name });
      sids.push((await as(api, store.token, inbox.startConversation, { body: { supplierId, message: `Hello ${name}` } })).sid);
    }
    const list = (query: Record<string, unknown>) => as(api, store.token, inbox.listConversations, { query: query as never });
    expect((await list({})).list.map((c) => c.supplierName)).toEqual(["Cappadocia Ceramics", "Bursa Denim", "Anatolia Knits"]);
    expect((await list({ search: "denim" })).list.map((c) => c.supplierName)).toEqual(["Bursa Denim"]);
    expect((await list({ search: "hello anatolia" })).list.map((c) => c.supplierName)).toEqual(["Anatolia Knits"]);
    expect((await list({ search: "100%" })).total).toBe(0);
    const page = await list({ size: 2, page: 1 });
    expect(page).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(page.list.map((c) => c.supplierName)).toEqual(["Anatolia Knits"]);
    expect((await list({ filter: "UNREAD" })).total).toBe(0);
    expect((await list({ filter: "NEEDS_REPLY" })).total).toBe(0);
    expect((await list({ tab: "AI_SOURCING_AGENT" })).total).toBe(0);

    const archived = await as(api, store.token, inbox.archiveConversation, { params: { sid: sids[1]! }, body: { archived: true } });
    expect(archived.archived).toBe(true);
    expect((await list({})).list.map((c) => c.supplierName)).toEqual(["Cappadocia Ceramics", "Anatolia Knits"]);
    expect((await list({ tab: "ARCHIVED" })).list.map((c) => c.supplierName)).toEqual(["Bursa Denim"]);
    await as(api, store.token, inbox.archiveConversation, { params: { sid: sids[1]! }, body: { archived: false } });
    expect((await list({})).total).toBe(3);
    // Starting again with the same supplier finds the same conversation.
    const again = await as(api, store.token, inbox.startConversation, { body: { supplierId: (await list({ search: "Bursa" })).list[0]!.supplierId } });
    expect(again.sid).toBe(sids[1]);
  });
});

describe("messages", () => {
  it("pages history 10 at a time newest first, and resyncs after an index oldest first", async () => {
    const { store, rep, sid } = await pair();
    for (let i = 0; i < 23; i++) await say(i % 2 ? rep.token : store.token, sid, `message ${i}`);
    const first = await as(api, store.token, inbox.listMessages, { params: { sid }, query: {} });
    expect(first.list.map((m) => m.index)).toEqual([22, 21, 20, 19, 18, 17, 16, 15, 14, 13]);
    expect(first.hasMore).toBe(true);
    const older = await as(api, store.token, inbox.listMessages, { params: { sid }, query: { before: 13 } });
    expect(older.list.map((m) => m.index)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    const last = await as(api, store.token, inbox.listMessages, { params: { sid }, query: { before: 3 } });
    expect(last.list.map((m) => m.body)).toEqual(["message 2", "message 1", "message 0"]);
    expect(last.hasMore).toBe(false);
    const resync = await as(api, rep.token, inbox.listMessages, { params: { sid }, query: { after: 19 } });
    expect(resync.list.map((m) => m.index)).toEqual([20, 21, 22]);
    // Reading history marks nothing read; writing reads everything up to what one wrote.
    expect(resync.conversation).toMatchObject({ unreadCount: 1, lastReadIndex: 21 });
    await expectError(as(api, rep.token, inbox.listMessages, { params: { sid }, query: { after: 1, before: 5 } }), 400, "query.after");
  });

  it("sends files sorted by extension into their own messages (000 §5), then the text", async () => {
    const { store, rep, sid } = await pair();
    const up = async (name: string, bytes: Buffer) => {
      const form = new FormData();
      form.append("file", new Blob([bytes]), name);
      const res = await fetch(`${api.url}/rest/main/upload`, { method: "POST", body: form, headers: { authorization: `Bearer ${store.token}` } });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(32)]);
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), crypto.randomBytes(16)]);
    const ids = [await up("sketch.png", png), await up("spec.pdf", pdf), await up("clip.mp4", mp4), await up("back.png", png)];
    const sent = await as(api, store.token, inbox.sendMessage, { params: { sid }, body: { type: "TEXT", body: "Files for the quote", uploadIds: ids } });
    expect(sent.messages.map((m) => m.type)).toEqual(["VIDEO", "IMAGE", "PDF", "TEXT"]);
    expect(sent.messages.map((m) => m.index)).toEqual([0, 1, 2, 3]);
    expect(sent.messages[1]!.attributes.imageUrls).toHaveLength(2);
    expect(sent.messages[2]!.attributes).toMatchObject({ fileName: "spec.pdf", pdfUrls: [expect.stringMatching(/^\/rest\/main\/web\/attachments\/.+\/file\/spec\.pdf$/)] });
    expect((await as(api, rep.token, inbox.getConversation, { params: { sid } })).unreadCount).toBe(4);

    // The store's uploads became the conversation's files: the supplier member opens each through
    // the link in the message it received, and only the two sides can.
    const received = await as(api, rep.token, inbox.listMessages, { params: { sid }, query: {} });
    const pdfLink = (received.list.find((m) => m.type === "PDF")!.attributes.pdfUrls as string[])[0]!;
    const open = (url: string, token?: string) => fetch(`${api.url}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const got = await open(pdfLink, rep.token);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(pdf)).toBe(true);
    const [clipLink] = received.list.find((m) => m.type === "VIDEO")!.attributes.videoUrls as string[];
    expect(Buffer.from(await (await open(clipLink!, rep.token)).arrayBuffer()).equals(mp4)).toBe(true);
    expect((await open(pdfLink, store.token)).status).toBe(200);
    expect((await open(pdfLink, (await registerUser(api)).token)).status).toBe(404);
    const files = await as(api, rep.token, inbox.listAttachments, { params: { sid }, query: {} });
    expect(files.list.map((f) => [f.fileName, f.kind, f.side, f.messageIndex]).sort()).toEqual([
      ["back.png", "IMAGE", "STORE", 1], ["clip.mp4", "VIDEO", "STORE", 0], ["sketch.png", "IMAGE", "STORE", 1], ["spec.pdf", "PDF", "STORE", 2],
    ]);
    // These PNGs have the right leading bytes but no pixels: they travel as files, without a thumbnail.
    expect(files.list.find((f) => f.fileName === "sketch.png")).toMatchObject({ thumbnailUrl: null, width: null });
    // Another store's upload cannot be attached.
    const other = await registerUser(api);
    await expectError(as(api, other.token, inbox.sendMessage, { params: { sid }, body: { type: "TEXT", body: "x", uploadIds: ids } }), 404);
    await expectError(as(api, store.token, inbox.sendMessage, { params: { sid }, body: { type: "TEXT", uploadIds: [crypto.randomUUID()] } }), 400, "body.uploadIds.0", /uploaded files/);
    await expectError(as(api, rep.token, inbox.sendMessage, { params: { sid }, body: { type: "TEXT", uploadIds: [ids[0]!] } }), 400, "body.uploadIds");
  });

  it("validates each card type's payload, naming the field", async () => {
    const { store, sid } = await pair();
    const card = (body: unknown) => as(api, store.token, inbox.sendMessage, { params: { sid }, body: body as never });
    await expectError(card({ type: "TEXT", body: "   " }), 400, "body.body", /must not be empty/);
    await expectError(card({ type: "TEXT", body: "x".repeat(4001) }), 400, "body.body");
    await expectError(card({ type: "GIF", body: "hi" }), 400, "body.type");
    // Meeting cards are objects made by requestMeeting (api/test/inbox-meetings.test.ts), never sent frozen.
    await expectError(card({ type: "ZOOM_MEETING_REQUEST", attributes: { topic: "Samples", proposedTimes: ["2026-12-01T15:00:00Z"], durationMinutes: 30 } }), 400, "body.type");
    await expectError(card({ type: "TRACKING_LINK", attributes: { url: "not a link" } }), 400, "body.attributes.url");
    await expectError(card({ type: "CATALOG_ITEM", attributes: { catalogItemId: "x", title: "Tote" } }), 400, "body.attributes.catalogItemId");
    await expectError(card({ type: "SUPPLIER_PROFILE", attributes: { supplierId: crypto.randomUUID(), extra: 1 } }), 400, "body.attributes.extra");
    await expectError(card({ type: "CREATOR_MILESTONE", attributes: { level: "2k" } }), 400, "body.attributes.level");
    await expectError(card({ type: "IMAGE_COLLABORATION", attributes: { imageUrl: "https://example.com/a.png", pins: [{ x: 2, y: 0, comment: "here" }] } }), 400, "body.attributes.pins.0.x");
    const ok = await card({ type: "CREATOR_CUSTOM_PROJECT", attributes: { projectId: crypto.randomUUID(), title: "Sample review" } });
    expect(ok.messages[0]).toMatchObject({ type: "CREATOR_CUSTOM_PROJECT", attributes: { title: "Sample review" } });
    expect(ok.conversation.lastMessagePreview).toBe("Custom project: Sample review");
    await expectError(as(api, store.token, inbox.getConversation, { params: { sid: "CH123" } }), 400, "params.sid");
    await expectError(as(api, store.token, inbox.startConversation, { body: { supplierId: crypto.randomUUID() } }), 400, "body.supplierId", /not a known supplier/);
    await expectError(as(api, store.token, inbox.startConversation, { body: { supplierId: "ege" } }), 400, "body.supplierId");
  });

  it("sends once per Idempotency-Key", async () => {
    const { store, rep, sid } = await pair();
    const key = crypto.randomUUID();
    const a = await say(store.token, sid, "Only once", key);
    const b = await say(store.token, sid, "Only once", key);
    expect(b.messages.map((m) => m.id)).toEqual(a.messages.map((m) => m.id));
    expect((await as(api, rep.token, inbox.listMessages, { params: { sid }, query: {} })).list).toHaveLength(1);
  });
});

describe("who sees what", () => {
  it("keeps stores and suppliers apart", async () => {
    const { store, rep, sid } = await pair();
    await say(store.token, sid, "Private to us");
    const otherStore = await registerUser(api);
    const otherRep = await supplierMember(api, await createSupplier(api, { name: "Other Mill" }));
    for (const token of [otherStore.token, otherRep.token]) {
      expect((await as(api, token, inbox.listConversations, { query: {} })).total).toBe(0);
      expect((await as(api, token, inbox.countUnreadMessages, {})).unread).toBe(0);
      await expectError(as(api, token, inbox.getConversation, { params: { sid } }), 404);
      await expectError(as(api, token, inbox.listMessages, { params: { sid }, query: {} }), 404);
      await expectError(say(token, sid, "Let me in"), 404);
      await expectError(as(api, token, inbox.readConversation, { params: { sid }, body: {} }), 404);
      await expectError(as(api, token, inbox.archiveConversation, { params: { sid }, body: {} }), 404);
    }
    expect((await as(api, rep.token, inbox.listConversations, { query: {} })).list.map((c) => c.sid)).toEqual([sid]);
  });

  it("lets a supplier session reach only the supplier inbox, and refuses wrong supplier logins alike", async () => {
    const { rep } = await pair();
    await expectError(as(api, rep.token, stores.getMyStore, {}), 403);
    await expectError(as(api, rep.token, inbox.startConversation, { body: { supplierId: crypto.randomUUID() } }), 403);
    const store = await registerUser(api);
    // A store owner's account is not a supplier account.
    await expectError(api.client.call(inbox.createSupplierSession, { body: { email: store.email, password: store.password } }), 401);
    await expectError(api.client.call(inbox.createSupplierSession, { body: { email: rep.email, password: "wrong-password-here" } }), 401);
    await expectError(api.client.call(inbox.createSupplierSession, { body: { email: "not-an-email", password: "x" } }), 400, "body.email");
  });

  it("ends a supplier session on its next request once the user is no longer the supplier's member", async () => {
    const { rep } = await pair();
    await as(api, rep.token, inbox.listConversations, {});
    await api.deps.pool.query("DELETE FROM supplier_members WHERE user_id = $1", [rep.user.id]);
    await expectError(as(api, rep.token, inbox.listConversations, {}), 401);
  });

  it("gives CX members the inbox too", async () => {
    const { store, sid } = await pair();
    const cx = await teamMember(api, store, "CX");
    expect((await say(cx.token, sid, "CX here")).messages[0]!.authorSide).toBe("STORE");
  });
});

describe("live", () => {
  const open = (token: string) => clients.open(token);
  const join = (socket: Socket, id: string) => joinRoom(socket, { kind: "conversation", id });
  const next = <T>(socket: Socket, name: string) => new Promise<T>((resolve) => socket.once(name, (p: T) => resolve(p)));

  it("lets only the store's members and the supplier's users join the room, and delivers messages, updates and typing there", async () => {
    const { store, rep, sid } = await pair();
    const otherStore = await registerUser(api);
    const otherRep: SupplierMemberSession = await supplierMember(api, await createSupplier(api));
    const [storeSocket, repSocket, strangerStore, strangerRep] = await Promise.all([open(store.token), open(rep.token), open(otherStore.token), open(otherRep.token)]);
    expect(await join(storeSocket, sid)).toEqual({ ok: true });
    expect(await join(repSocket, sid)).toEqual({ ok: true });
    expect(await join(strangerStore, sid)).toMatchObject({ ok: false });
    expect(await join(strangerRep, sid)).toMatchObject({ ok: false });
    expect(await join(strangerRep, "CH-not-a-sid")).toMatchObject({ ok: false });

    const created = next<{ conversationSid: string; message: { body: string; index: number } }>(repSocket, "message.created");
    const updatedForRep = next<{ sid: string; lastMessageIndex: number; reason: string }>(repSocket, "conversation.updated");
    const updatedForStore = next<{ sid: string; reason: string }>(storeSocket, "conversation.updated");
    let leaked = false;
    strangerStore.on("message.created", () => (leaked = true));
    strangerRep.on("conversation.updated", () => (leaked = true));
    await say(store.token, sid, "Live hello");
    expect(await created).toMatchObject({ conversationSid: sid, message: { body: "Live hello", index: 0 } });
    expect(await updatedForRep).toMatchObject({ sid, lastMessageIndex: 0, reason: "message" });
    expect(await updatedForStore).toMatchObject({ sid, reason: "message" });

    const typing = next<{ side: string; typing: boolean; name: string }>(storeSocket, "conversation.typing");
    await as(api, rep.token, inbox.sendTyping, { params: { sid }, body: { typing: true } });
    expect(await typing).toMatchObject({ side: "SUPPLIER", typing: true });
    // A round trip on each stranger socket: anything emitted to them would have arrived first.
    await join(strangerStore, sid);
    await join(strangerRep, sid);
    expect(leaked).toBe(false);
  });
});
