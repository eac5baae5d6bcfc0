import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { inbox } from "@atelier/contracts";
import type { Attachment, Message, Pin } from "@atelier/contracts/inbox/contracts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { as, expectError, registerUser, startTestApi, testConfig, type TestApi } from "./harness";
import { createSupplier, makePreview, supplierMember } from "../../test/factories";
import { joinRoom, socketClients } from "./sockets";
import { seedDemoAttachments } from "../src/services/inbox/seed-demo-attachments";
import { fileStorageFor } from "../src/storage";

// Conversation attachments (issue 18): either side attaches a file, checked by its bytes (and a
// picture by its size in pixels), sent as a message of its kind (000 §5), listed per conversation,
// downloadable by the conversation's participants only; numbered pins on pictures, live to the other side.

let api: TestApi;
const clients = socketClients(() => api.url);
// Its own file store, so what a refused file leaves behind can be counted without other files' uploads.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-attachments-"));
beforeAll(async () => {
  api = await startTestApi({ config: testConfig({ dataDir }) });
});
afterAll(async () => {
  clients.closeAll();
  await api.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under the file store's conversation folder (a half-written one ends in .part). */
const storedFiles = () => (fs.existsSync(path.join(dataDir, "uploads", "inbox")) ? fs.readdirSync(path.join(dataDir, "uploads", "inbox"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : []);

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } }).png().toBuffer();
const PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const CSV = Buffer.from("size,colour,quantity\nM,natural,200\nL,natural,300\n");
const XLSX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0)]);

type Answer = { status: number; body: { attachment: Attachment; message: Message; code?: string; details?: { field: string; reason: string }[] } };

async function attach(token: string, sid: string, name: string, bytes: Buffer): Promise<Answer> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const post = () => fetch(`${api.url}/rest/main/web/conversations/${sid}/attachments`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
  // Sending 25 MB on a loaded machine can outlast the server's 5-second idle timeout on a reused
  // connection, which the server then closes under the request: retried once, as browsers do on a reused connection reset before any answer.
  const res = await post().catch((err: Error) => ((err.cause as { code?: string } | undefined)?.code === "ECONNRESET" ? post() : Promise.reject(err)));
  return { status: res.status, body: (await res.json()) as Answer["body"] };
}

async function download(url: string, token: string) {
  const res = await fetch(`${api.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition") };
}

/** A store, a supplier with a member, and their conversation; names unique to this run. */
async function setting(label: string) {
  const store = await registerUser(api);
  const supplierId = await createSupplier(api, { name: `${label} ${Date.now()}` });
  const rep = await supplierMember(api, supplierId);
  const { sid } = await as(api, store.token, inbox.startConversation, { body: { supplierId } });
  return { store, rep, sid, supplierId };
}

describe("conversation attachments", () => {
  it("sends a supplier's sample photo as an IMAGE message with a thumbnail, listed and downloadable on both sides only", async () => {
    const { store, rep, sid } = await setting("Photo Mills");
    const png = await picture(800, 600);
    const sent = await attach(rep.token, sid, "Sample photo.png", png);
    expect(sent.status).toBe(201);
    const { attachment, message } = sent.body;
    expect(attachment).toMatchObject({ kind: "IMAGE", side: "SUPPLIER", fileName: "Sample-photo.png", width: 800, height: 600, sizeBytes: png.length, pinCount: 0, messageIndex: message.index });
    expect(message).toMatchObject({ type: "IMAGE", authorSide: "SUPPLIER", attributes: { imageUrls: [attachment.url], fileName: "Sample-photo.png" } });

    // The store sees it in the conversation (unread, preview) and in its attachments list.
    const page = await as(api, store.token, inbox.listMessages, { params: { sid }, query: {} });
    expect(page.list[0]).toMatchObject({ index: message.index, type: "IMAGE" });
    expect(page.conversation).toMatchObject({ unreadCount: 1, lastMessagePreview: "Photo: Sample-photo.png", needsReply: { side: "STORE" } });
    const listed = await as(api, store.token, inbox.listAttachments, { params: { sid }, query: { kind: "IMAGE" } });
    expect(listed.list.map((a) => a.id)).toEqual([attachment.id]);

    // Both participants download the bytes and the thumbnail; nobody else finds them.
    const file = await download(attachment.url, store.token);
    expect(file).toMatchObject({ status: 200, type: "image/png" });
    expect(file.bytes.equals(png)).toBe(true);
    const thumb = await download(attachment.thumbnailUrl!, rep.token);
    expect(thumb.type).toBe("image/webp");
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: "webp", width: 320, height: 240 });
    const other = await registerUser(api);
    const stranger = await supplierMember(api, await createSupplier(api, { name: `Other Mill ${Date.now()}` }));
    for (const token of [other.token, stranger.token]) {
      expect((await download(attachment.url, token)).status).toBe(404);
      expect((await download(attachment.thumbnailUrl!, token)).status).toBe(404);
      await expectError(as(api, token, inbox.listAttachments, { params: { sid }, query: {} }), 404);
      await expectError(as(api, token, inbox.listPins, { params: { id: attachment.id } }), 404);
      await expectError(as(api, token, inbox.addPin, { params: { id: attachment.id }, body: { x: 0.5, y: 0.5, comment: "mine?" } }), 404);
      expect((await attach(token, sid, "x.png", png)).status).toBe(404);
    }
    expect((await fetch(`${api.url}${attachment.url}`)).status).toBe(401);
  });

  it("sorts files by extension into PDF and FILE (spreadsheet) messages, pages and searches the list, and downloads non-pictures as files", async () => {
    const { store, rep, sid } = await setting("Sheet Works");
    const pdf = await attach(store.token, sid, "tech pack.pdf", PDF);
    const csv = await attach(rep.token, sid, "size run.csv", CSV);
    const xlsx = await attach(rep.token, sid, "costing.xlsx", XLSX);
    expect([pdf.status, csv.status, xlsx.status]).toEqual([201, 201, 201]);
    expect(pdf.body.message).toMatchObject({ type: "PDF", authorSide: "STORE", attributes: { pdfUrls: [pdf.body.attachment.url] } });
    expect(csv.body.message).toMatchObject({ type: "FILE", attributes: { fileUrls: [csv.body.attachment.url], fileName: "size-run.csv" } });
    expect(xlsx.body.attachment).toMatchObject({ kind: "FILE", contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", thumbnailUrl: null, width: null });

    const first = await as(api, rep.token, inbox.listAttachments, { params: { sid }, query: { size: 2 } });
    expect(first).toMatchObject({ total: 3, page: 0, size: 2 });
    expect(first.list.map((a) => a.fileName)).toEqual(["costing.xlsx", "size-run.csv"]);
    const second = await as(api, rep.token, inbox.listAttachments, { params: { sid }, query: { size: 2, page: 1 } });
    expect(second.list.map((a) => a.fileName)).toEqual(["tech-pack.pdf"]);
    const searched = await as(api, store.token, inbox.listAttachments, { params: { sid }, query: { search: "COST" } });
    expect(searched.list.map((a) => a.fileName)).toEqual(["costing.xlsx"]);
    const sheets = await as(api, store.token, inbox.listAttachments, { params: { sid }, query: { kind: "FILE" } });
    expect(sheets.total).toBe(2);

    const got = await download(pdf.body.attachment.url, rep.token);
    expect(got.status).toBe(200);
    expect(got.disposition).toMatch(/^attachment; filename="tech-pack.pdf"/);
  });

  it("refuses bad files with the field and the reason, and keeps nothing of them", async () => {
    const { store, sid } = await setting("Careful Co");
    const before = new Set(storedFiles());
    const added = () => storedFiles().filter((f) => !before.has(f));
    const renamed = await attach(store.token, sid, "invoice.pdf", EXE);
    expect(renamed.status).toBe(415);
    expect(renamed.body.details?.[0]).toMatchObject({ field: "file", reason: "content does not match the .pdf extension" });
    const fakePicture = await attach(store.token, sid, "photo.png", Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 7)]));
    expect(fakePicture.status).toBe(415);
    const exe = await attach(store.token, sid, "setup.exe", EXE);
    expect(exe.status).toBe(400);
    expect(exe.body.details?.[0]?.field).toBe("file");
    const huge = await attach(store.token, sid, "banner.png", await picture(12_001, 2));
    expect(huge.status).toBe(400);
    expect(huge.body.details?.[0]).toMatchObject({ field: "file", reason: expect.stringMatching(/12001 × 2 pixels/) as unknown as string });
    const binaryCsv = await attach(store.token, sid, "sizes.csv", EXE);
    expect(binaryCsv.status).toBe(415);
    // A PNG named as a PDF: refused by its leading bytes while it streams in.
    const mislabelled = await attach(store.token, sid, "quote.pdf", await picture(20, 20));
    expect(mislabelled.status).toBe(415);
    expect(mislabelled.body.details?.[0]).toMatchObject({ field: "file", reason: "content does not match the .pdf extension" });
    // Exactly 25 MB is taken; one byte more is refused with the limit in words, the bytes past it read and dropped, none stored.
    const overLimit = Buffer.alloc(25 * 1024 * 1024 + 1, 0x20);
    PDF.copy(overLimit);
    const atLimit = await attach(store.token, sid, "catalogue.pdf", overLimit.subarray(0, 25 * 1024 * 1024));
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.attachment.sizeBytes).toBe(25 * 1024 * 1024);
    const tooLarge = await attach(store.token, sid, "catalogue.pdf", overLimit);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.details?.[0]).toMatchObject({ field: "file", reason: "is larger than 25 MB" });
    expect(added()).toEqual([`${atLimit.body.attachment.id}.pdf`]);
    // No file at all: the JSON body reaches the contract, which names the field.
    await expectError(as(api, store.token, inbox.attachFile, { params: { sid } }), 400, "file", /required/);
    const listed = await as(api, store.token, inbox.listAttachments, { params: { sid }, query: {} });
    expect(listed.list.map((a) => a.fileName)).toEqual(["catalogue.pdf"]);
    expect((await as(api, store.token, inbox.getConversation, { params: { sid } })).lastMessageIndex).toBe(0);
    // Nothing of the refused files was kept (the huge picture was stored while streaming, then deleted).
    expect(added()).toEqual([`${atLimit.body.attachment.id}.pdf`]);
  });

  it("makes a store's upload sent with the message a conversation picture the supplier opens, with a thumbnail and pins", async () => {
    const { store, rep, sid } = await setting("Upload Looms");
    const png = await picture(640, 480);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)]), "Label artwork.png");
    const uploaded = await fetch(`${api.url}/rest/main/upload`, { method: "POST", body: form, headers: { authorization: `Bearer ${store.token}` } });
    expect(uploaded.status).toBe(201);
    const { id: uploadId } = (await uploaded.json()) as { id: string };
    const sent = await as(api, store.token, inbox.sendMessage, { params: { sid }, body: { type: "TEXT", body: "Artwork for the label", uploadIds: [uploadId] } }, `send-${Date.now()}`);
    const [link] = sent.messages[0]!.attributes.imageUrls as string[];
    const got = await download(link!, rep.token);
    expect(got).toMatchObject({ status: 200, type: "image/png" });
    expect(got.bytes.equals(png)).toBe(true);
    const [file] = (await as(api, rep.token, inbox.listAttachments, { params: { sid }, query: {} })).list;
    expect(file).toMatchObject({ fileName: "Label-artwork.png", side: "STORE", width: 640, height: 480, url: link });
    expect((await download(file!.thumbnailUrl!, rep.token)).type).toBe("image/webp");
    expect(await as(api, rep.token, inbox.addPin, { params: { id: file!.id }, body: { x: 0.5, y: 0.5, comment: "Printed here" } })).toMatchObject({ number: 1 });
  });

  it("keeps preview accounts out", async () => {
    const { store, sid } = await setting("Guarded Goods");
    const png = await picture(40, 40);
    const { attachment } = (await attach(store.token, sid, "a.png", png)).body;
    const preview = await makePreview(api, store);
    const refused = await attach(preview.token, sid, "b.png", png);
    expect(refused.status).toBe(403);
    await expectError(as(api, preview.token, inbox.addPin, { params: { id: attachment.id }, body: { x: 0.1, y: 0.1, comment: "no" } }), 403);
  });
});

describe("image pins", () => {
  it("numbers pins per picture, stores normalised points, reaches the other side live, and lists them in order", async () => {
    const { store, rep, sid } = await setting("Pin Textiles");
    const { attachment } = (await attach(rep.token, sid, "sample.jpg", await sharp({ create: { width: 300, height: 200, channels: 3, background: "#eee" } }).jpeg().toBuffer())).body;
    const repSocket = await clients.open(rep.token);
    expect(await joinRoom(repSocket, { kind: "conversation", id: sid })).toEqual({ ok: true });
    const comment = `Logo 1 cm higher ${Date.now()}`;
    const live = new Promise<{ conversationSid: string; pin: Pin }>((resolve) => {
      const on = (p: { conversationSid: string; pin: Pin }) => {
        if (p.pin.comment !== comment) return;
        repSocket.off("attachment.pinned", on);
        resolve(p);
      };
      repSocket.on("attachment.pinned", on);
    });
    const first = await as(api, store.token, inbox.addPin, { params: { id: attachment.id }, body: { x: 0.25, y: 0.1, comment } });
    expect(first).toMatchObject({ number: 1, x: 0.25, y: 0.1, side: "STORE", comment });
    expect(await live).toEqual({ conversationSid: sid, pin: first });
    const second = await as(api, rep.token, inbox.addPin, { params: { id: attachment.id }, body: { x: 1, y: 0, comment: "  Stitching will be tighter here " } });
    expect(second).toMatchObject({ number: 2, side: "SUPPLIER", comment: "Stitching will be tighter here" });

    // Dropped twice (a retry under the same key, or the same comment at the same point without one): one pin.
    expect(await as(api, rep.token, inbox.addPin, { params: { id: attachment.id }, body: { x: 1, y: 0, comment: "Stitching will be tighter here" } })).toEqual(second);
    const keyed = await as(api, store.token, inbox.addPin, { params: { id: attachment.id }, body: { x: 0.5, y: 0.5, comment: "Centre the label" } }, `pin-${Date.now()}`);
    expect(keyed.number).toBe(3);
    expect(await as(api, store.token, inbox.addPin, { params: { id: attachment.id }, body: { x: 0.5, y: 0.5, comment: "Centre the label" } }, `pin-${Date.now()}-other`)).toEqual(keyed);

    const pins = await as(api, store.token, inbox.listPins, { params: { id: attachment.id } });
    expect(pins.pins.map((p) => [p.number, p.side, p.x, p.y])).toEqual([[1, "STORE", 0.25, 0.1], [2, "SUPPLIER", 1, 0], [3, "STORE", 0.5, 0.5]]);
    expect(pins.attachment.pinCount).toBe(3);

    await expectError(as(api, store.token, inbox.addPin, { params: { id: attachment.id }, body: { x: 1.2, y: 0.5, comment: "off" } }), 400, "body.x", /at most 1/);
    await expectError(as(api, store.token, inbox.addPin, { params: { id: attachment.id }, body: { x: 0.2, y: 0.5, comment: "   " } }), 400, "body.comment", /empty/);
    const pdf = (await attach(store.token, sid, "spec.pdf", PDF)).body.attachment;
    await expectError(as(api, store.token, inbox.addPin, { params: { id: pdf.id }, body: { x: 0.2, y: 0.5, comment: "here" } }), 400, "id", /not a picture/);
    await expectError(as(api, store.token, inbox.listPins, { params: { id: crypto.randomUUID() } }), 404);
  });
});

describe("demo attachments", () => {
  it("draws the demo's sketch and pinned sample photo into a conversation through the file storage, listed, pinned and downloadable like uploads", async () => {
    const { store, rep, sid, supplierId } = await setting("Demo Tees");
    const { rows } = await api.deps.pool.query<{ id: string; last: number }>("SELECT id, last_message_index AS last FROM conversations WHERE sid = $1", [sid]);
    const last = await seedDemoAttachments(api.deps.pool, fileStorageFor(api.deps.config), { id: rows[0]!.id, lastIndex: rows[0]!.last }, { id: store.store.id, name: "Demo store" }, { id: supplierId, name: "Demo Tees supplier" });
    expect(last).toBe(rows[0]!.last + 2);
    const files = await as(api, store.token, inbox.listAttachments, { params: { sid } });
    expect(files.list.map((f) => [f.fileName, f.side, f.kind, f.width, f.height, f.pinCount])).toEqual([
      ["Tee-sample-front.png", "SUPPLIER", "IMAGE", 800, 600, 2],
      ["Tee-sketch.png", "STORE", "IMAGE", 800, 600, 0],
    ]);
    const photo = files.list[0]!;
    const pins = await as(api, rep.token, inbox.listPins, { params: { id: photo.id } });
    expect(pins.pins.map((p) => [p.number, p.side])).toEqual([[1, "SUPPLIER"], [2, "STORE"]]);
    const file = await download(photo.url, rep.token);
    expect(file).toMatchObject({ status: 200, type: "image/png" });
    expect(file.bytes.length).toBe(photo.sizeBytes);
    expect((await download(photo.thumbnailUrl!, store.token)).type).toBe("image/webp");
    const page = await as(api, store.token, inbox.listMessages, { params: { sid }, query: {} });
    expect(page.conversation).toMatchObject({ lastMessagePreview: "Photo: Tee-sample-front.png", unreadCount: 1 });
  });
});
