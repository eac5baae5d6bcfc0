import type { TicketFilter, TicketStatus, TicketType } from "@atelier/contracts/warehouse-tickets";
import type { Queryable } from "../../db/pool";
import { containsPattern } from "../like-pattern";

// Warehouse tickets (migration 0240): a store's conversations with its fulfilment center about
// its orders. Part of the orders domain, so the order's number is read by a join.

export type TicketAttachment = { uploadId: string; fileName: string; url: string };
export type TicketRow = {
  id: string; storeId: string; number: number; type: TicketType; status: TicketStatus; subject: string; orderId: string | null; orderNumber: number | null;
  messageCount: number; lastAuthor: "STORE" | "WAREHOUSE" | null; lastBody: string | null; lastAt: Date | null; createdAt: Date; updatedAt: Date; closedAt: Date | null;
};
export type TicketMessageRow = { id: string; author: "STORE" | "WAREHOUSE"; userId: string | null; body: string; attachments: TicketAttachment[]; createdAt: Date };

type Row = Record<string, unknown>;
const toTicket = (r: Row): TicketRow => ({
  id: r.id as string, storeId: r.store_id as string, number: r.number as number, type: r.type as TicketType, status: r.status as TicketStatus, subject: r.subject as string,
  orderId: r.order_id as string | null, orderNumber: r.order_number as number | null, messageCount: r.message_count as number,
  lastAuthor: r.last_author as TicketRow["lastAuthor"], lastBody: r.last_body as string | null, lastAt: r.last_at as Date | null,
  createdAt: r.created_at as Date, updatedAt: r.updated_at as Date, closedAt: r.closed_at as Date | null,
});

const SELECT = `SELECT t.id, t.store_id, t.number, t.type, t.status, t.subject, t.order_id, o.order_number, t.created_at, t.updated_at, t.closed_at,
    m.message_count, m.last_author, m.last_body, m.last_at
  FROM warehouse_tickets t
  LEFT JOIN orders o ON o.id = t.order_id AND o.store_id = t.store_id
  LEFT JOIN LATERAL (
    SELECT (SELECT count(*)::int FROM warehouse_ticket_messages c WHERE c.ticket_id = t.id) AS message_count,
           l.author AS last_author, left(l.body, 160) AS last_body, l.created_at AS last_at
      FROM warehouse_ticket_messages l WHERE l.ticket_id = t.id ORDER BY l.created_at DESC, l.id DESC LIMIT 1
  ) m ON TRUE`;

const FILTER_SQL: Record<TicketFilter, string> = { ALL: "TRUE", OPEN: "t.status = 'OPEN'", ANSWERED: "t.status = 'ANSWERED'", CLOSED: "t.status = 'CLOSED'" };

function whereOf(storeId: string, input: { orderId?: string; search?: string }, params: unknown[]): string {
  params.push(storeId);
  const parts = ["t.store_id = $1"];
  if (input.orderId) {
    params.push(input.orderId);
    parts.push(`t.order_id = $${params.length}`);
  }
  if (input.search) {
    params.push(containsPattern(input.search));
    const like = `$${params.length}`;
    const n = input.search.replace(/^(wt-?|#)/i, "");
    const numeric = /^\d{1,9}$/.test(n) ? (params.push(Number(n)), ` OR t.number = $${params.length} OR o.order_number = $${params.length}`) : "";
    parts.push(`(t.subject ILIKE ${like}${numeric})`);
  }
  return parts.join(" AND ");
}

export type ListTicketsInput = { filter: TicketFilter; orderId?: string; search?: string; limit: number; offset: number };

export async function listTickets(db: Queryable, storeId: string, input: ListTicketsInput): Promise<{ list: TicketRow[]; total: number; counts: Record<TicketFilter, number> }> {
  const params: unknown[] = [];
  const where = whereOf(storeId, input, params);
  const from = `FROM warehouse_tickets t LEFT JOIN orders o ON o.id = t.order_id AND o.store_id = t.store_id WHERE ${where}`;
  const page = await db.query(`${SELECT} WHERE ${where} AND ${FILTER_SQL[input.filter]} ORDER BY t.updated_at DESC, t.id DESC LIMIT ${input.limit} OFFSET ${input.offset}`, params);
  const columns = Object.entries(FILTER_SQL).map(([name, cond]) => `count(*) FILTER (WHERE ${cond})::int AS "${name}"`);
  const counts = await db.query(`SELECT ${columns.join(", ")} ${from}`, params);
  const c = counts.rows[0] as Record<TicketFilter, number>;
  return { list: page.rows.map(toTicket), total: c[input.filter], counts: c };
}

export async function getTicket(db: Queryable, storeId: string, ref: { id?: string; number?: number }, lock = false): Promise<TicketRow | null> {
  if (lock) await db.query(`SELECT 1 FROM warehouse_tickets WHERE store_id = $1 AND ${ref.id !== undefined ? "id" : "number"} = $2 FOR UPDATE`, [storeId, ref.id ?? ref.number]);
  const { rows } = await db.query(`${SELECT} WHERE t.store_id = $1 AND ${ref.id !== undefined ? "t.id" : "t.number"} = $2`, [storeId, ref.id ?? ref.number]);
  return rows[0] ? toTicket(rows[0] as Row) : null;
}

export async function messagesOf(db: Queryable, storeId: string, ticketId: string): Promise<TicketMessageRow[]> {
  const { rows } = await db.query(
    `SELECT id, author, user_id, body, attachments, created_at FROM warehouse_ticket_messages WHERE store_id = $1 AND ticket_id = $2 ORDER BY created_at, id`,
    [storeId, ticketId],
  );
  return (rows as Row[]).map((r) => ({ id: r.id as string, author: r.author as TicketMessageRow["author"], userId: r.user_id as string | null, body: r.body as string, attachments: r.attachments as TicketAttachment[], createdAt: r.created_at as Date }));
}

/** The next number of the store, serialised by a transaction-scoped lock. */
export async function nextNumber(db: Queryable, storeId: string): Promise<number> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('warehouse_tickets:' || $1::text))`, [storeId]);
  const { rows } = await db.query<{ n: number }>(`SELECT coalesce(max(number), 1000)::int + 1 AS n FROM warehouse_tickets WHERE store_id = $1`, [storeId]);
  return rows[0]!.n;
}

export async function insertTicket(db: Queryable, storeId: string, t: { number: number; type: TicketType; subject: string; orderId: string | null; userId: string }): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO warehouse_tickets (store_id, number, type, subject, order_id, created_by_user_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [storeId, t.number, t.type, t.subject, t.orderId, t.userId],
  );
  return rows[0]!.id;
}

export async function insertMessage(db: Queryable, storeId: string, ticketId: string, m: { author: "STORE" | "WAREHOUSE"; userId: string | null; body: string; attachments: TicketAttachment[] }): Promise<void> {
  await db.query(
    `INSERT INTO warehouse_ticket_messages (ticket_id, store_id, author, user_id, body, attachments) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
    [ticketId, storeId, m.author, m.userId, m.body, JSON.stringify(m.attachments)],
  );
}

export async function setStatus(db: Queryable, storeId: string, ticketId: string, status: TicketStatus): Promise<void> {
  await db.query(
    `UPDATE warehouse_tickets SET status = $3, updated_at = now(), closed_at = CASE WHEN $3 = 'CLOSED' THEN now() ELSE NULL END WHERE store_id = $1 AND id = $2`,
    [storeId, ticketId, status],
  );
}
