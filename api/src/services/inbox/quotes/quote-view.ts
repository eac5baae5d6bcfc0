import type { Message, Quote, QuoteDetail } from "@atelier/contracts/inbox/contracts";
import type { Queryable } from "../../../db/pool";
import { conflict } from "../../../errors";
import { publishAfterCommit } from "../../../realtime";
import type { InboxViewer } from "../../../queries/inbox/conversations";
import { quoteEvents, quotesAtIndexes, type QuoteRow } from "../../../queries/inbox/quotes";
import { supplierNames } from "../../../queries/marketplace/suppliers";
import { findStoreTitle } from "../../../queries/stores";

export type QuoteNames = { supplierName: string; storeName: string };

/** Whether an open quote's time has run out (the expiry job may not have run yet). */
export function lapsed(row: Pick<QuoteRow, "status" | "validUntil">, now = new Date()): boolean {
  return (row.status === "PROPOSED" || row.status === "COUNTERED") && row.validUntil.getTime() <= now.getTime();
}

export function toQuote(row: QuoteRow, names: QuoteNames): Quote {
  const open = (row.status === "PROPOSED" || row.status === "COUNTERED") && !lapsed(row);
  return {
    id: row.id,
    conversationSid: row.conversationSid,
    supplierId: row.supplierId,
    supplierName: names.supplierName,
    storeId: row.storeId,
    storeName: names.storeName,
    projectId: row.projectId,
    messageIndex: row.messageIndex,
    title: row.title,
    // A lapsed quote reads as expired before the job has recorded it.
    status: lapsed(row) ? "EXPIRED" : row.status,
    currency: "USD",
    unitPriceCents: row.unitPriceCents,
    quantity: row.quantity,
    moq: row.moq,
    leadTimeDays: row.leadTimeDays,
    samplePriceCents: row.samplePriceCents,
    totalCents: row.unitPriceCents * row.quantity,
    validUntil: row.validUntil.toISOString(),
    note: row.note,
    offeredBy: row.offeredBy,
    awaitingSide: open ? (row.offeredBy === "STORE" ? "SUPPLIER" : "STORE") : null,
    landedCostCents: row.landedCostCents,
    landedCostBasis: row.landedCostBasis,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The names of the quotes' suppliers and stores, one read each. */
export async function namesOf<R extends Pick<QuoteRow, "supplierId" | "storeId">>(db: Queryable, rows: R[]): Promise<(row: R) => QuoteNames> {
  const suppliers = await supplierNames(db, [...new Set(rows.map((r) => r.supplierId))]);
  const stores = new Map<string, string>();
  for (const id of new Set(rows.map((r) => r.storeId))) stores.set(id, (await findStoreTitle(db, id)) ?? "");
  return (row) => ({ supplierName: suppliers.get(row.supplierId) ?? "", storeName: stores.get(row.storeId) ?? "" });
}

export async function toQuoteDetail(db: Queryable, row: QuoteRow): Promise<QuoteDetail> {
  const names = await namesOf(db, [row]);
  const events = await quoteEvents(db, row.id);
  return {
    ...toQuote(row, names(row)),
    events: events.map((e) => ({ ...e, validUntil: e.validUntil.toISOString(), createdAt: e.createdAt.toISOString() })),
  };
}

/** Attaches the live quote to each QUOTE card of a page of messages. */
export async function withQuotes(db: Queryable, conversationId: string, messages: Message[]): Promise<Message[]> {
  const indexes = messages.filter((m) => m.type === "QUOTE").map((m) => m.index);
  if (indexes.length === 0) return messages;
  const rows = await quotesAtIndexes(db, conversationId, indexes);
  const names = await namesOf(db, rows);
  const byIndex = new Map(rows.map((r) => [r.messageIndex, toQuote(r, names(r))]));
  return messages.map((m) => (byIndex.has(m.index) ? { ...m, quote: byIndex.get(m.index)! } : m));
}

/** Re-sends the quote's card to the conversation's room once the change commits, so both sides' cards follow. */
export function publishQuoteCard(db: Queryable, message: Message, quote: Quote): void {
  publishAfterCommit(db, { name: "message.updated", to: { conversationId: message.conversationSid }, payload: { conversationSid: message.conversationSid, message: { ...message, quote } } });
}

/** 409 unless the quote is open, in time, and the viewer's side is the one to answer. */
export function requireTurn(row: QuoteRow, viewer: InboxViewer, names: QuoteNames, act: string): void {
  if (lapsed(row)) throw conflict(`This quote expired on ${row.validUntil.toUTCString()}; it can't be ${act} any more. Ask for a new one.`);
  if (row.status !== "PROPOSED" && row.status !== "COUNTERED") throw conflict(`This quote was ${row.status.toLowerCase()}; it can't be ${act} any more.`);
  if (row.offeredBy === viewer.side) {
    const other = viewer.side === "STORE" ? names.supplierName : names.storeName;
    throw conflict(`Your terms stand on this quote; wait for ${other || "the other side"} to answer.`);
  }
}
