import type { Queryable } from "../../db/pool";
import { topListedSuppliers } from "../../queries/marketplace/suppliers";
import * as q from "../../queries/receivings/receivings";
import { demoReceivingItems } from "../../queries/receivings/seed";
import { backdateReceiving, insertDatedReceipt, lineIdOf } from "../../queries/receivings/backdate";
import { fullestBins } from "../../queries/inventory/incoming";
import { insertDemoInspection } from "../../queries/quality/seed";
import { advanceReadIndex, findConversation, insertConversation, recordMessages } from "../../queries/inbox/conversations";
import { insertDatedMessages, type DatedMessage } from "../../queries/inbox/seed-history";
import { findStoreTitle } from "../../queries/stores";
import { newConversationSid } from "../inbox/start-conversation";

// The demo store's history with four marketplace suppliers (issue 17), so its scorecards show real
// figures: a reliable one (on time, inspections passed, quick replies), a late one with damage and a
// failed inspection (slow replies), a middling one, and one with a single delivery ("not enough data
// yet"). The suppliers ranked 4th to 7th: the top three are the inbox's demo conversations. Every
// date is relative to the anchor day, so the same seed gives the same scorecards.

/** A delivery: announced `daysAgo` before the anchor, due `lead` days later, counted `late` days after that (negative: early). */
type Delivery = { daysAgo: number; lead: number; late: number; lines: [number, number, number][] };
/** [critical, major, minor] defects found by a reported inspection of the nth delivery. */
type Check = { delivery: number; found: [number, number, number]; notes: string };
/** Hours to the first reply to each question; null: not answered. */
type History = { deliveries: Delivery[]; checks: Check[]; replyHours: (number | null)[] };

const day = 86_400_000;

export const DEMO_SUPPLIER_HISTORIES: History[] = [
  {
    deliveries: [
      { daysAgo: 150, lead: 30, late: -1, lines: [[0, 200, 0], [1, 100, 0]] },
      { daysAgo: 110, lead: 30, late: 0, lines: [[0, 150, 0]] },
      { daysAgo: 80, lead: 25, late: -2, lines: [[1, 120, 0], [2, 60, 0]] },
      { daysAgo: 45, lead: 25, late: 0, lines: [[0, 180, 1]] },
    ],
    checks: [
      { delivery: 0, found: [0, 0, 2], notes: "Two loose threads, within limits" },
      { delivery: 1, found: [0, 1, 2], notes: "Two loose threads and one uneven hem, all within limits" },
      { delivery: 3, found: [0, 0, 1], notes: "One smudged care label" },
    ],
    replyHours: [2, 3, 1.5, 5],
  },
  {
    deliveries: [
      { daysAgo: 160, lead: 30, late: 4, lines: [[3, 100, 6]] },
      { daysAgo: 120, lead: 30, late: 0, lines: [[4, 80, 0]] },
      { daysAgo: 90, lead: 30, late: 7, lines: [[3, 120, 10], [5, 40, 0]] },
      { daysAgo: 50, lead: 25, late: 3, lines: [[4, 90, 2]] },
    ],
    checks: [
      { delivery: 0, found: [0, 6, 4], notes: "Six mugs with glaze bubbles on the rim" },
      { delivery: 1, found: [0, 2, 3], notes: "Minor glaze specks, within limits" },
      { delivery: 2, found: [1, 4, 2], notes: "One cracked handle and four chipped rims" },
    ],
    replyHours: [26, 40, null, 31],
  },
  {
    deliveries: [
      { daysAgo: 140, lead: 20, late: 0, lines: [[2, 60, 0]] },
      { daysAgo: 95, lead: 20, late: 2, lines: [[5, 48, 0]] },
      { daysAgo: 60, lead: 20, late: -1, lines: [[2, 72, 2]] },
    ],
    checks: [{ delivery: 2, found: [0, 1, 1], notes: "One box with a dented corner" }],
    replyHours: [],
  },
  { deliveries: [{ daysAgo: 70, lead: 21, late: 0, lines: [[1, 50, 0]] }], checks: [], replyHours: [8] },
];

const QUESTIONS = ["Could you confirm the ship date for our next batch?", "Can you send photos of the finished units before packing?", "Is the carton count still as on the packing list?", "Could we move the next order up by a week?"];

/** The supplier histories for one store; returns how many receivings it made (0 when the store has too few SKUs or the marketplace too few suppliers). */
export async function seedDemoSupplierHistory(db: Queryable, storeId: string, ownerUserId: string, anchor: Date): Promise<number> {
  const [items, suppliers] = await Promise.all([demoReceivingItems(db, storeId), topListedSuppliers(db, 3 + DEMO_SUPPLIER_HISTORIES.length)]);
  const chosen = suppliers.slice(3);
  if (items.length < 6 || chosen.length < DEMO_SUPPLIER_HISTORIES.length) return 0;
  const bins = await fullestBins(db, storeId, items.map((i) => i.id));
  const storeName = (await findStoreTitle(db, storeId)) ?? "";
  let made = 0;
  for (const [n, history] of DEMO_SUPPLIER_HISTORIES.entries()) {
    const supplier = chosen[n]!;
    const receivings: { id: string; number: number }[] = [];
    for (const d of history.deliveries) {
      const createdAt = new Date(anchor.getTime() - d.daysAgo * day);
      const due = new Date(createdAt.getTime() + d.lead * day);
      const countedAt = new Date(due.getTime() + d.late * day + 10 * 3_600_000);
      const number = await q.nextNumber(db, storeId);
      const id = await q.insertReceiving(db, storeId, {
        number, supplierName: supplier.name, boxCount: d.lines.length * 2, carrier: "DHL", trackingNumber: `JD0146000${String(number).padStart(8, "0")}`,
        expectedArrival: due.toISOString().slice(0, 10), note: "", userId: ownerUserId,
      });
      await q.setDelivery(db, storeId, id, "RECEIVED_BY_PROVIDER", { carrier: null, trackingNumber: null });
      for (const [position, [index, expected, damaged]] of d.lines.entries()) {
        const item = items[index]!;
        await q.insertLine(db, storeId, id, { itemId: item.id, bin: bins.get(item.id) ?? "A-01", position, expected });
        const lineId = await lineIdOf(db, storeId, id, item.id);
        await q.addCounts(db, storeId, lineId, expected - damaged, damaged);
        await insertDatedReceipt(db, storeId, { receivingId: id, lineId, received: expected - damaged, damaged, note: damaged ? "Cartons crushed in transit" : "", userId: ownerUserId, at: countedAt });
      }
      await q.setReceivingStatus(db, storeId, id, "RECEIVED", false);
      await backdateReceiving(db, storeId, id, { createdAt, countedAt });
      receivings.push({ id, number });
      made++;
    }
    for (const c of history.checks) {
      const d = history.deliveries[c.delivery]!;
      await insertDemoInspection(db, storeId, ownerUserId, anchor, { reference: `RCV-${receivings[c.delivery]!.number}`, product: `Delivery from ${supplier.name}`, stage: "RECEIVING", lot: 500, daysAgo: d.daysAgo - d.lead - d.late, found: c.found, notes: c.notes }, receivings[c.delivery]!.id);
    }
    if (history.replyHours.length) await seedReplies(db, { storeId, storeName, supplierId: supplier.id, supplierName: supplier.name }, anchor, history.replyHours);
  }
  return made;
}

/** One question a fortnight, answered after the given hours (a null is still unanswered, the last question). */
async function seedReplies(db: Queryable, sides: { storeId: string; storeName: string; supplierId: string; supplierName: string }, anchor: Date, hours: (number | null)[]): Promise<void> {
  const sid = await insertConversation(db, { sid: newConversationSid(), storeId: sides.storeId, supplierId: sides.supplierId, name: `store_${sides.storeId}:manufacturer:${sides.supplierId}`, origin: "PERSONAL" });
  const conversation = (await findConversation(db, { side: "STORE", storeId: sides.storeId, userId: "" }, sid))!;
  // An unanswered question is asked last: the thread then reads as it would, the supplier owing a reply.
  const ordered = [...hours.filter((h): h is number => h !== null), ...hours.filter((h) => h === null)];
  const messages: DatedMessage[] = ordered.flatMap((h, i) => {
    const asked = new Date(anchor.getTime() - (ordered.length - i) * 14 * day + 9 * 3_600_000);
    const question: DatedMessage = { side: "STORE", body: QUESTIONS[i % QUESTIONS.length]!, at: asked };
    return h === null ? [question] : [question, { side: "SUPPLIER", body: "Yes, confirmed on our side. We will send the details shortly.", at: new Date(asked.getTime() + h * 3_600_000) }];
  });
  await insertDatedMessages(db, conversation.id, sides, messages);
  const last = messages.at(-1)!;
  await recordMessages(db, conversation.id, { lastIndex: messages.length - 1, preview: last.body.slice(0, 120), authorSide: last.side });
  // An old thread: the store has read it (the demo's unread messages are the inbox's own).
  await advanceReadIndex(db, conversation.id, "STORE", messages.length - 1);
}
