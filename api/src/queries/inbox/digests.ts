import type { Queryable } from "../../db/pool";
import type { ConversationSide, MessageType } from "@atelier/contracts/inbox/contracts";

// SQL of the inbox digests: which side of which conversation has messages it has neither read
// nor been told about, and the addresses of the people on that side.

/** The columns of each side; fixed strings, never input. */
const SIDE = {
  STORE: { scope: "store_id", horizon: "store_last_read_index", notified: "store_notified_index", archived: "store_archived_at", ownPrefix: "store_" },
  SUPPLIER: { scope: "supplier_id", horizon: "supplier_last_read_index", notified: "supplier_notified_index", archived: "supplier_archived_at", ownPrefix: "manufacturer:" },
} as const;

/** Messages older than this are history, not news: a first run after a long pause mails nothing about them. */
const LOOKBACK = "3 days";

/** Where a side's news starts: after what it read and after what it was already told. */
const from = (side: ConversationSide, c = "c") => `GREATEST(COALESCE(${c}.${SIDE[side].horizon}, -1), COALESCE(${c}.${SIDE[side].notified}, -1))`;

/**
 * Recipients (store or supplier ids) of one side with at least one message from the other side that
 * has been neither read nor announced for longer than afterMs.
 */
export async function recipientsDue(db: Queryable, side: ConversationSide, afterMs: number, limit: number, only: string[] | null): Promise<string[]> {
  const s = SIDE[side];
  const { rows } = await db.query<{ id: string }>(
    `SELECT DISTINCT c.${s.scope} AS id FROM conversations c
     WHERE c.${s.archived} IS NULL AND c.last_message_at > now() - interval '${LOOKBACK}'
       AND c.last_message_index > ${from(side)} AND ($3::uuid[] IS NULL OR c.${s.scope} = ANY($3::uuid[]))
       AND EXISTS (SELECT 1 FROM conversation_messages m
         WHERE m.conversation_id = c.id AND m.msg_index > ${from(side)} AND left(m.author, ${s.ownPrefix.length}) <> '${s.ownPrefix}'
           AND m.created_at <= now() - make_interval(secs => $1::float8 / 1000) AND m.created_at > now() - interval '${LOOKBACK}')
     LIMIT $2`,
    [afterMs, limit, only],
  );
  return rows.map((r) => r.id);
}

export type DigestConversation = {
  id: string;
  sid: string;
  storeId: string;
  supplierId: string;
  /** The other side's name: the supplier for a store's digest, the store for a supplier's. */
  otherName: string;
  lastMessageIndex: number;
  /** Messages from the other side not read and not announced yet, and the newest of them. */
  newCount: number;
  latest: { type: MessageType; body: string; attributes: Record<string, unknown> };
};

/**
 * Locks the recipient's conversations with news (skipping rows another run holds) and reads what
 * the digest says about each. Any new message counts once one of them is overdue, so a digest
 * carries everything waiting rather than leaving the fresh ones for a second e-mail.
 */
export async function lockDigestConversations(db: Queryable, side: ConversationSide, recipientId: string, afterMs: number): Promise<DigestConversation[]> {
  const s = SIDE[side];
  const otherName = side === "STORE" ? "(SELECT name FROM suppliers WHERE id = c.supplier_id)" : "(SELECT title FROM stores WHERE id = c.store_id)";
  const { rows: locked } = await db.query<{ id: string }>(
    `SELECT c.id FROM conversations c
     WHERE c.${s.scope} = $1 AND c.${s.archived} IS NULL AND c.last_message_at > now() - interval '${LOOKBACK}'
       AND c.last_message_index > ${from(side)}
       AND EXISTS (SELECT 1 FROM conversation_messages m
         WHERE m.conversation_id = c.id AND m.msg_index > ${from(side)} AND left(m.author, ${s.ownPrefix.length}) <> '${s.ownPrefix}'
           AND m.created_at <= now() - make_interval(secs => $2::float8 / 1000) AND m.created_at > now() - interval '${LOOKBACK}')
     ORDER BY c.last_message_at DESC
     FOR UPDATE OF c SKIP LOCKED`,
    [recipientId, afterMs],
  );
  if (!locked.length) return [];
  const { rows } = await db.query<DigestConversation>(
    `SELECT c.id, c.sid, c.store_id AS "storeId", c.supplier_id AS "supplierId", ${otherName} AS "otherName", c.last_message_index AS "lastMessageIndex",
       n.count AS "newCount", jsonb_build_object('type', n.type, 'body', n.body, 'attributes', n.attributes) AS latest
     FROM conversations c
     CROSS JOIN LATERAL (
       SELECT count(*) OVER ()::int AS count, m.body, m.type, m.attributes FROM conversation_messages m
       WHERE m.conversation_id = c.id AND m.msg_index > ${from(side)} AND left(m.author, ${s.ownPrefix.length}) <> '${s.ownPrefix}'
         AND m.created_at > now() - interval '${LOOKBACK}'
       ORDER BY m.msg_index DESC LIMIT 1) n
     WHERE c.id = ANY($1::uuid[])
     ORDER BY c.last_message_at DESC`,
    [locked.map((r) => r.id)],
  );
  return rows;
}

/** Records that the side was told about everything up to each conversation's index. */
export async function markNotified(db: Queryable, side: ConversationSide, upTo: { id: string; index: number }[]): Promise<void> {
  if (!upTo.length) return;
  const col = SIDE[side].notified;
  await db.query(
    `UPDATE conversations c SET ${col} = GREATEST(COALESCE(c.${col}, -1), x.idx)
     FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, idx int) WHERE c.id = x.id`,
    [JSON.stringify(upTo.map((u) => ({ id: u.id, idx: u.index })))],
  );
}

/** The e-mail addresses of the people who answer for the side: a store's members or a supplier's. */
export async function recipientEmails(db: Queryable, side: ConversationSide, recipientId: string): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    side === "STORE"
      ? `SELECT u.email FROM store_members sm JOIN users u ON u.id = sm.user_id WHERE sm.store_id = $1 ORDER BY sm.created_at, u.email`
      : `SELECT u.email FROM supplier_members sm JOIN users u ON u.id = sm.user_id WHERE sm.supplier_id = $1 ORDER BY sm.created_at, u.email`,
    [recipientId],
  );
  return rows.map((r) => r.email);
}
