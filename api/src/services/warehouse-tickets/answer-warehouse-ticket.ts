import { z } from "zod";
import type { AppDeps } from "../../context";
import { afterCommit, withTransaction, type Queryable } from "../../db/pool";
import { defineJob, PermanentJobError } from "../../jobs";
import * as q from "../../queries/orders/warehouse-tickets";
import { publishTicketUpdated, ticketSnOf } from "./ticket-detail";

// The fulfilment center answers a ticket: a job queued with the store's message, run after the
// center's configured pause (ATELIER_FULFILMENT_STEP_MS; at once in tests). It asks the provider
// outside any transaction, then writes the answer as the warehouse's message in one short one,
// unless the ticket was closed or the store wrote again meanwhile (the later job answers that).

export const ANSWER_WAREHOUSE_TICKET = "warehouseTickets.answer";

export function answerWarehouseTicketJob(deps: AppDeps) {
  return defineJob({
    type: ANSWER_WAREHOUSE_TICKET,
    payload: z.strictObject({ ticketId: z.uuid(), storeId: z.uuid(), messageCount: z.number().int() }),
    backoffMs: deps.config.fulfilment.stepMs > 0 ? 2000 : 50,
    handler: (payload) => answerWarehouseTicket(deps, payload),
  });
}

/** Queues the warehouse's answer to the ticket's latest store message, in db's transaction. */
export async function enqueueTicketAnswer(deps: AppDeps, db: Queryable, t: { id: string; storeId: string }): Promise<void> {
  const { messageCount } = (await q.getTicket(db, t.storeId, { id: t.id }))!;
  await deps.jobs.enqueue(answerWarehouseTicketJob(deps), { ticketId: t.id, storeId: t.storeId, messageCount }, { db, storeId: t.storeId, runAt: new Date(Date.now() + deps.config.fulfilment.stepMs) });
  afterCommit(db, () => deps.jobs.kick());
}

async function answerWarehouseTicket(deps: AppDeps, p: { ticketId: string; storeId: string; messageCount: number }): Promise<{ answered: boolean }> {
  const t = await q.getTicket(deps.pool, p.storeId, { id: p.ticketId });
  if (!t) throw new PermanentJobError("The ticket no longer exists.");
  if (t.status !== "OPEN" || t.messageCount !== p.messageCount) return { answered: false };
  const messages = await q.messagesOf(deps.pool, p.storeId, t.id);
  const last = messages[messages.length - 1]!;
  const { body } = await deps.providers.fulfilment.answerTicket({
    sn: ticketSnOf(t.number), type: t.type, subject: t.subject, orderNumber: t.orderNumber, lastMessage: last.body, attachmentCount: last.attachments.length,
    answers: messages.filter((m) => m.author === "WAREHOUSE").length,
  });
  return withTransaction(deps.pool, async (tx) => {
    const locked = await q.getTicket(tx, p.storeId, { id: t.id }, true);
    if (!locked || locked.status !== "OPEN" || locked.messageCount !== p.messageCount) return { answered: false };
    await q.insertMessage(tx, p.storeId, t.id, { author: "WAREHOUSE", userId: null, body, attachments: [] });
    await q.setStatus(tx, p.storeId, t.id, "ANSWERED");
    publishTicketUpdated(tx, p.storeId, { id: t.id, number: t.number, status: "ANSWERED" });
    return { answered: true };
  });
}
