import type { MessageType } from "@atelier/contracts/inbox/contracts";
import type { Queryable } from "../../db/pool";

// SQL of conversation messages. Callers have already found the conversation through the reader's
// side (queries/inbox/conversations.ts), so these statements take its id.

export type MessageRow = {
  id: string;
  conversationSid: string;
  index: number;
  author: string;
  authorName: string;
  type: MessageType;
  body: string;
  attributes: Record<string, unknown>;
  createdAt: Date;
};

const COLUMNS = `m.id, c.sid AS "conversationSid", m.msg_index AS index, m.author, m.author_name AS "authorName", m.type, m.body, m.attributes, m.created_at AS "createdAt"`;

/** Newest first before an index (a history page), or oldest first after one (a resync); one extra row tells whether more remain. */
export async function listMessages(db: Queryable, conversationId: string, p: { before?: number; after?: number; size: number }): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const after = p.after !== undefined;
  const { rows } = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id
     WHERE m.conversation_id = $1 ${after ? "AND m.msg_index > $2" : p.before !== undefined ? "AND m.msg_index < $2" : "AND $2::int IS NULL"}
     ORDER BY m.msg_index ${after ? "ASC" : "DESC"} LIMIT ${p.size + 1}`,
    [conversationId, after ? p.after : (p.before ?? null)],
  );
  return { rows: rows.slice(0, p.size), hasMore: rows.length > p.size };
}

/** The messages one send made, by its Idempotency-Key (a retry after a lost answer). */
export async function messagesOfKey(db: Queryable, conversationId: string, key: string): Promise<MessageRow[]> {
  const { rows } = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id
     WHERE m.conversation_id = $1 AND m.client_key = $2 ORDER BY m.msg_index`,
    [conversationId, key],
  );
  return rows;
}

export type NewMessage = { index: number; author: string; authorUserId: string | null; authorName: string; type: MessageType; body: string; attributes: Record<string, unknown> };

/** Inserts messages with their indexes (the caller holds the conversation's row lock). */
export async function insertMessages(db: Queryable, conversationId: string, messages: NewMessage[], clientKey: string | null): Promise<MessageRow[]> {
  const { rows } = await db.query<MessageRow>(
    `WITH ins AS (
       INSERT INTO conversation_messages (conversation_id, msg_index, author, author_user_id, author_name, type, body, attributes, client_key)
       SELECT $1, x.idx, x.author, x.user_id, x.author_name, x.type, x.body, x.attributes, $3
       FROM jsonb_to_recordset($2::jsonb) AS x(idx int, author text, user_id uuid, author_name text, type text, body text, attributes jsonb)
       RETURNING *)
     SELECT ${COLUMNS.replaceAll("m.", "ins.")} FROM ins JOIN conversations c ON c.id = ins.conversation_id ORDER BY ins.msg_index`,
    [conversationId, JSON.stringify(messages.map((m) => ({ idx: m.index, author: m.author, user_id: m.authorUserId, author_name: m.authorName, type: m.type, body: m.body, attributes: m.attributes }))), clientKey],
  );
  return rows;
}

/** The index of the other side's last message, for "mark as unread". */
export async function lastIndexFrom(db: Queryable, conversationId: string, authorPrefix: string): Promise<number | null> {
  const { rows } = await db.query<{ idx: number }>(
    `SELECT msg_index AS idx FROM conversation_messages WHERE conversation_id = $1 AND left(author, $3) = $2 ORDER BY msg_index DESC LIMIT 1`,
    [conversationId, authorPrefix, authorPrefix.length],
  );
  return rows[0]?.idx ?? null;
}

/** The user ids of a supplier's members (their user rooms receive its conversation events). */
export async function supplierMemberIds(db: Queryable, supplierId: string): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(`SELECT user_id FROM supplier_members WHERE supplier_id = $1`, [supplierId]);
  return rows.map((r) => r.user_id);
}

/** Points a QUOTE card at its quote (the card is written first so the quote can name its index). */
export async function setQuoteCardId(db: Queryable, conversationId: string, index: number, quoteId: string): Promise<void> {
  await db.query(`UPDATE conversation_messages SET attributes = attributes || jsonb_build_object('quoteId', $3::text) WHERE conversation_id = $1 AND msg_index = $2`, [conversationId, index, quoteId]);
}
