import type { TicketRef, WarehouseTicket, WarehouseTicketDetail } from "@atelier/contracts/warehouse-tickets";
import type { Queryable } from "../../db/pool";
import { invalid, notFound } from "../../errors";
import { userNames } from "../../queries/accounts";
import * as q from "../../queries/orders/warehouse-tickets";
import { getStoredUpload } from "../../queries/uploads";
import { publishAfterCommit } from "../../realtime";
import { UPLOAD_URL_PREFIX } from "@atelier/contracts/uploads";

export const ticketSnOf = (n: number) => `WT-${n}`;

/** A ticket of the caller's store; another store's is 404 like one that doesn't exist. */
export async function findTicket(db: Queryable, storeId: string, ref: TicketRef, lock = false): Promise<q.TicketRow> {
  const row = await q.getTicket(db, storeId, ref, lock);
  if (!row) throw notFound(ref.number !== undefined ? `Ticket ${ticketSnOf(ref.number)}` : "The ticket");
  return row;
}

export function toTicketDto(t: q.TicketRow): WarehouseTicket {
  return {
    id: t.id, sn: ticketSnOf(t.number), number: t.number, type: t.type, status: t.status, subject: t.subject, orderId: t.orderId, orderNumber: t.orderNumber,
    messageCount: t.messageCount,
    lastMessage: t.lastAuthor && t.lastAt ? { author: t.lastAuthor, excerpt: t.lastBody ?? "", createdAt: t.lastAt.toISOString() } : null,
    createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString(), closedAt: t.closedAt ? t.closedAt.toISOString() : null,
  };
}

/** One ticket with its whole conversation, as read in db. */
export async function ticketDetail(db: Queryable, storeId: string, ref: TicketRef): Promise<WarehouseTicketDetail> {
  const row = await findTicket(db, storeId, ref);
  const messages = await q.messagesOf(db, storeId, row.id);
  const names = await userNames(db, messages.map((m) => m.userId));
  return {
    ...toTicketDto(row),
    messages: messages.map((m) => ({ id: m.id, author: m.author, authorName: m.userId ? (names.get(m.userId) ?? null) : null, body: m.body, attachments: m.attachments, createdAt: m.createdAt.toISOString() })),
  };
}

/** The files to attach: each must be one of the store's stored uploads (400 naming the one that isn't). */
export async function attachmentsOf(db: Queryable, storeId: string, uploadIds: string[]): Promise<q.TicketAttachment[]> {
  const files: q.TicketAttachment[] = [];
  for (const [i, id] of uploadIds.entries()) {
    const file = await getStoredUpload(db, storeId, id);
    if (!file) throw invalid(`body.uploadIds.${i}`, "is not one of this store's uploaded files");
    files.push({ uploadId: file.id, fileName: file.fileName, url: `${UPLOAD_URL_PREFIX}${file.id}/${encodeURIComponent(file.fileName)}` });
  }
  return files;
}

/** Tells the store's open screens the ticket changed, once db's transaction commits. */
export function publishTicketUpdated(db: Queryable, storeId: string, t: { id: string; number: number; status: string }): void {
  publishAfterCommit(db, { name: "warehouseTicket.updated", to: { storeId }, payload: { ticketId: t.id, sn: ticketSnOf(t.number), status: t.status } });
}

