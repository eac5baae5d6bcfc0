import type pg from "pg";
import type { Queryable } from "../../db/pool";
import { hashPassword } from "../../auth/passwords";
import { withTransaction } from "../../db/pool";
import { findUserByEmail, insertUser } from "../../queries/accounts";
import { authorOf, findConversation, insertConversation, recordMessages } from "../../queries/inbox/conversations";
import { insertMessages, setQuoteCardId } from "../../queries/inbox/messages";
import { insertSupplierMember } from "../../queries/inbox/supplier-members";
import { topListedSuppliers } from "../../queries/marketplace/suppliers";
import { findStoreTitle } from "../../queries/stores";
import { insertProject } from "../../queries/projects";
import { appendQuoteEvent, insertQuote } from "../../queries/inbox/quotes";
import { insertMeeting } from "../../queries/inbox/meetings";
import { newConversationSid } from "./start-conversation";
import { seedDemoAttachments } from "./seed-demo-attachments";
import type { FileStorage } from "../../storage";

/** The demo's supplier logins (README): the three top-ranked suppliers, one account each. */
export const DEMO_SUPPLIER_PASSWORD = "atelier-supplier";
export const demoSupplierEmail = (n: number) => `supplier${n}@example.com`;

/**
 * Supplier accounts for the top three demo suppliers, and one conversation between the demo store
 * and the first of them with an unread answer, so the inbox has something on the first start
 * (with a sketch and a pinned sample photo when a file storage is given).
 * Does nothing when the first supplier account exists.
 */
export async function seedDemoInbox(pool: pg.Pool, demoStoreId: string | null, storage?: FileStorage): Promise<string[]> {
  if (await findUserByEmail(pool, demoSupplierEmail(1))) return [];
  const passwordHash = await hashPassword(DEMO_SUPPLIER_PASSWORD);
  return withTransaction(pool, async (tx) => {
    const suppliers = await topListedSuppliers(tx, 3);
    for (const [i, s] of suppliers.entries()) {
      const user = await insertUser(tx, { email: demoSupplierEmail(i + 1), username: `${s.name} team`, passwordHash });
      await insertSupplierMember(tx, s.id, user.id);
    }
    const first = suppliers[0];
    if (demoStoreId && first) {
      const sid = await insertConversation(tx, { sid: newConversationSid(), storeId: demoStoreId, supplierId: first.id, name: `store_${demoStoreId}:manufacturer:${first.id}`, origin: "PERSONAL" });
      const conversation = (await findConversation(tx, { side: "STORE", storeId: demoStoreId, userId: "" }, sid))!;
      await insertMessages(tx, conversation.id, [
        { index: 0, author: authorOf("STORE", demoStoreId), authorUserId: null, authorName: (await findStoreTitle(tx, demoStoreId)) ?? "", type: "TEXT", body: "Hi! Could you quote 300 organic cotton tees with a one-colour chest print?", attributes: {} },
        { index: 1, author: authorOf("SUPPLIER", first.id), authorUserId: null, authorName: first.name, type: "TEXT", body: `Hello from ${first.name}! 300 tees with a one-colour print: $4.80 each, ready in 25 days. A sample is $35 and ships in a week.`, attributes: {} },
      ], null);
      await recordMessages(tx, conversation.id, { lastIndex: 1, preview: `Hello from ${first.name}! 300 tees with a one-colour print: $4.80 each…`, authorSide: "SUPPLIER" });
      // Pictures need somewhere to live: only when the caller hands over the file storage.
      if (storage) await seedDemoAttachments(tx, storage, { id: conversation.id, lastIndex: 1 }, { id: demoStoreId, name: (await findStoreTitle(tx, demoStoreId)) ?? "" }, first);
      await seedDemoQuotes(tx, demoStoreId, suppliers);
      if (suppliers[1]) await seedDemoMeetingRequest(tx, demoStoreId, suppliers[1], "Tote bag sample review", "Could we go over the tote sample on a short video call?");
      if (suppliers[2]) await seedDemoMeetingRequest(tx, demoStoreId, suppliers[2], "Factory tour", "We can walk you through our sewing line on a video call.");
    }
    return suppliers.map((s) => s.name);
  });
}

/** Three quotes for one tote-bag project, one per demo supplier, so comparing and accepting quotes has something to show. */
async function seedDemoQuotes(tx: Queryable, storeId: string, suppliers: { id: string; name: string }[]): Promise<void> {
  const title = "Cotton tote bag";
  const storeName = (await findStoreTitle(tx, storeId)) ?? "";
  const projectId = await insertProject(tx, storeId, { title, catalogItemType: "RFP_PRODUCT", description: "Natural canvas tote bag, 38 x 42 cm, with a one-colour logo print.", quantity: 500, formStage: "COMPLETE" });
  const offers = [
    { unitPriceCents: 420, moq: 300, leadTimeDays: 25, samplePriceCents: 3500 },
    { unitPriceCents: 395, moq: 500, leadTimeDays: 35, samplePriceCents: 4000 },
    { unitPriceCents: 450, moq: 200, leadTimeDays: 20, samplePriceCents: null },
  ];
  for (const [i, s] of suppliers.entries()) {
    const offer = offers[i % offers.length]!;
    const sid = await insertConversation(tx, { sid: newConversationSid(), storeId, supplierId: s.id, name: `store_${storeId}:manufacturer:${s.id}`, origin: "PERSONAL" });
    const c = (await findConversation(tx, { side: "STORE", storeId, userId: "" }, sid))!;
    const index = c.lastMessageIndex + 1;
    const note = `Quote for ${500} tote bags from ${s.name}.`;
    await insertMessages(tx, c.id, [
      { index, author: authorOf("STORE", storeId), authorUserId: null, authorName: storeName, type: "CREATOR_CUSTOM_PROJECT", body: "", attributes: { projectId, title } },
      { index: index + 1, author: authorOf("SUPPLIER", s.id), authorUserId: null, authorName: s.name, type: "QUOTE", body: note, attributes: { quoteId: "", title } },
    ], null);
    const quoteId = await insertQuote(tx, { conversationId: c.id, storeId, supplierId: s.id, projectId, messageIndex: index + 1, title, quantity: 500, validUntil: new Date(Date.now() + 30 * 86_400_000), note, offeredBy: "SUPPLIER", ...offer });
    await setQuoteCardId(tx, c.id, index + 1, quoteId);
    await appendQuoteEvent(tx, quoteId, { action: "PROPOSED", side: "SUPPLIER", actorUserId: null, actorName: s.name, note });
    await recordMessages(tx, c.id, { lastIndex: index + 1, preview: `Quote: ${title}`, authorSide: "SUPPLIER" });
  }
}

/** A supplier asks for a video call at two times, so answering a meeting request has something to show. */
async function seedDemoMeetingRequest(tx: Queryable, storeId: string, supplier: { id: string; name: string }, topic: string, note: string): Promise<void> {
  // The conversation the quotes opened (inserting again finds it).
  const sid = await insertConversation(tx, { sid: newConversationSid(), storeId, supplierId: supplier.id, name: `store_${storeId}:manufacturer:${supplier.id}`, origin: "PERSONAL" });
  const c = (await findConversation(tx, { side: "STORE", storeId, userId: "" }, sid))!;
  const day = (d: number) => {
    const t = new Date(Date.now() + d * 86_400_000);
    t.setUTCHours(15, 0, 0, 0);
    return t;
  };
  const times = [day(2), day(3)];
  const index = c.lastMessageIndex + 1;
  const id = await insertMeeting(tx, { conversationId: c.id, storeId, supplierId: supplier.id, requestMessageIndex: index, topic, durationMinutes: 30, proposedTimes: times, note, requestedBy: "SUPPLIER", requestedByName: supplier.name });
  await insertMessages(tx, c.id, [
    { index, author: authorOf("SUPPLIER", supplier.id), authorUserId: null, authorName: supplier.name, type: "ZOOM_MEETING_REQUEST", body: note, attributes: { topic, proposedTimes: times.map((t) => t.toISOString()), durationMinutes: 30, meetingId: id } },
  ], null);
  await recordMessages(tx, c.id, { lastIndex: index, preview: `Meeting request: ${topic}`, authorSide: "SUPPLIER" });
}
