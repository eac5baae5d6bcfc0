import type { ConversationSide, ConversationTab } from "@atelier/contracts/inbox/contracts";
import type { Queryable } from "../../db/pool";
import { containsPattern } from "../like-pattern";

// SQL of conversations (issue 18). Every statement is scoped to the reader's side: a store reads
// the rows of its store_id, a supplier member those of its supplier_id. The supplier's and the
// store's names are theirs (the services read them); only the paged, searched list joins them
// (docs/decisions.md, "Queries touch their own tables: the last crossings").

/** Who reads: a member of a store, or a member of a supplier company. */
export type InboxViewer = { side: "STORE"; storeId: string; userId: string } | { side: "SUPPLIER"; supplierId: string; userId: string };

export type ConversationRow = {
  id: string;
  sid: string;
  storeId: string;
  supplierId: string;
  name: string;
  origin: "PERSONAL" | "AI_SOURCING_AGENT";
  isConciergeRecommended: boolean;
  storeArchivedAt: Date | null;
  supplierArchivedAt: Date | null;
  lastMessageIndex: number;
  lastMessageAt: Date | null;
  lastMessagePreview: string;
  storeLastReadIndex: number | null;
  supplierLastReadIndex: number | null;
  awaitingSide: ConversationSide | null;
  awaitingSince: Date | null;
  createdAt: Date;
  /** Unread for the viewer's side (messages after its horizon written by the other side). */
  unreadCount: number;
};

/** The names a summary shows: the supplier's (marketplace) and the store's (stores). */
export type ConversationNames = { supplierName: string; avatarColor: string; storeName: string };

/** A listed conversation: the row and its names, read together because the list is searched by name. */
export type NamedConversationRow = ConversationRow & ConversationNames;

/** The columns and author prefix of each side; fixed strings, never input. */
const SIDE = {
  STORE: { scope: "store_id", horizon: "store_last_read_index", archived: "store_archived_at", ownPrefix: "store_" },
  SUPPLIER: { scope: "supplier_id", horizon: "supplier_last_read_index", archived: "supplier_archived_at", ownPrefix: "manufacturer:" },
} as const;

/** The author identity of a side (000 §3: store_{id}; suppliers with the manufacturer: prefix). */
export function authorOf(side: ConversationSide, id: string): string {
  return side === "STORE" ? `store_${id}` : `manufacturer:${id}`;
}

function scopeId(v: InboxViewer): string {
  return v.side === "STORE" ? v.storeId : v.supplierId;
}

/** A conversation row's columns as ConversationRow names them (without the unread count, which depends on the reader). */
const ROW_COLUMNS = `c.id, c.sid, c.store_id AS "storeId", c.supplier_id AS "supplierId", c.name, c.origin, c.is_concierge_recommended AS "isConciergeRecommended",
      c.store_archived_at AS "storeArchivedAt", c.supplier_archived_at AS "supplierArchivedAt", c.last_message_index AS "lastMessageIndex",
      c.last_message_at AS "lastMessageAt", c.last_message_preview AS "lastMessagePreview", c.store_last_read_index AS "storeLastReadIndex",
      c.supplier_last_read_index AS "supplierLastReadIndex", c.awaiting_side AS "awaitingSide", c.awaiting_since AS "awaitingSince", c.created_at AS "createdAt"`;
const NAME_COLUMNS = `sp.name AS "supplierName", sp.avatar_color AS "avatarColor", st.title AS "storeName"`;
const NAME_JOINS = " JOIN suppliers sp ON sp.id = c.supplier_id JOIN stores st ON st.id = c.store_id";

function summarySql(v: InboxViewer, withNames = false): string {
  const s = SIDE[v.side];
  const names = withNames ? `, ${NAME_COLUMNS}` : "";
  const joins = withNames ? NAME_JOINS : "";
  return `SELECT ${ROW_COLUMNS}${names},
      (SELECT count(*) FROM conversation_messages m
        WHERE m.conversation_id = c.id AND m.msg_index > COALESCE(c.${s.horizon}, -1) AND left(m.author, ${s.ownPrefix.length}) <> '${s.ownPrefix}')::int AS "unreadCount"
    FROM conversations c${joins}
    WHERE c.${s.scope} = $1`;
}

/** One conversation of the viewer's by sid (locked for a write when forUpdate). */
export async function findConversation(db: Queryable, v: InboxViewer, sid: string, forUpdate = false): Promise<ConversationRow | null> {
  if (forUpdate) await db.query(`SELECT 1 FROM conversations WHERE sid = $1 AND ${SIDE[v.side].scope} = $2 FOR UPDATE`, [sid, scopeId(v)]);
  const { rows } = await db.query<ConversationRow>(`${summarySql(v)} AND c.sid = $2`, [scopeId(v), sid]);
  return rows[0] ?? null;
}

/** One of the viewer's conversations by sid with both sides' names, in one statement (locked for a write when forUpdate). */
export async function findNamedConversation(db: Queryable, v: InboxViewer, sid: string, forUpdate = false): Promise<NamedConversationRow | null> {
  if (forUpdate) await db.query(`SELECT 1 FROM conversations WHERE sid = $1 AND ${SIDE[v.side].scope} = $2 FOR UPDATE`, [sid, scopeId(v)]);
  const { rows } = await db.query<NamedConversationRow>(`${summarySql(v, true)} AND c.sid = $2`, [scopeId(v), sid]);
  return rows[0] ?? null;
}

/**
 * One of the viewer's conversations locked for a send, with both sides' names, in one statement.
 * No unread count: it is not needed under the lock (the sender's own is 0 once it has written).
 */
export async function lockConversationForSend(db: Queryable, v: InboxViewer, sid: string): Promise<NamedConversationRow | null> {
  const { rows } = await db.query<NamedConversationRow>(
    `SELECT ${ROW_COLUMNS}, ${NAME_COLUMNS}, 0 AS "unreadCount" FROM conversations c${NAME_JOINS} WHERE c.${SIDE[v.side].scope} = $1 AND c.sid = $2 FOR UPDATE OF c`,
    [scopeId(v), sid],
  );
  return rows[0] ?? null;
}

/** The store's conversation with a supplier, if there is one. */
export async function findStoreConversationWith(db: Queryable, v: InboxViewer & { side: "STORE" }, supplierId: string): Promise<ConversationRow | null> {
  const { rows } = await db.query<ConversationRow>(`${summarySql(v)} AND c.supplier_id = $2`, [v.storeId, supplierId]);
  return rows[0] ?? null;
}

export type ListFilter = { tab: ConversationTab; filter: "ALL" | "UNREAD" | "NEEDS_REPLY"; search?: string; page: number; size: number };

/** A page of the viewer's conversations, the latest activity first, with the total. */
export async function listConversations(db: Queryable, v: InboxViewer, f: ListFilter): Promise<{ rows: NamedConversationRow[]; total: number }> {
  const where: string[] = [];
  if (f.tab === "ARCHIVED") where.push(`"${v.side === "STORE" ? "storeArchivedAt" : "supplierArchivedAt"}" IS NOT NULL`);
  else {
    where.push(`"${v.side === "STORE" ? "storeArchivedAt" : "supplierArchivedAt"}" IS NULL`);
    // A supplier sees the agent's outreach among its conversations; a store keeps it in its own tab.
    if (v.side === "STORE") where.push(f.tab === "AI_SOURCING_AGENT" ? `origin = 'AI_SOURCING_AGENT'` : `origin = 'PERSONAL'`);
  }
  if (f.filter === "UNREAD") where.push(`"unreadCount" > 0`);
  if (f.filter === "NEEDS_REPLY") where.push(`"awaitingSide" = '${v.side}'`);
  const params: unknown[] = [scopeId(v)];
  if (f.search) {
    params.push(containsPattern(f.search));
    const other = v.side === "STORE" ? `"supplierName"` : `"storeName"`;
    where.push(`(${other} ILIKE $${params.length} OR "lastMessagePreview" ILIKE $${params.length})`);
  }
  const base = `WITH v AS (${summarySql(v, true)}) SELECT * FROM v WHERE ${where.join(" AND ")}`;
  const [{ rows }, count] = await Promise.all([
    db.query<NamedConversationRow>(`${base} ORDER BY COALESCE("lastMessageAt", "createdAt") DESC, id LIMIT ${f.size} OFFSET ${f.page * f.size}`, params),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${base}) t`, params),
  ]);
  return { rows, total: count.rows[0]?.total ?? 0 };
}

/** The viewer's unread messages and conversations (archived ones left out), and the conversations waiting for its reply. */
export async function countUnread(db: Queryable, v: InboxViewer): Promise<{ unread: number; conversations: number; needsReply: number }> {
  const archived = v.side === "STORE" ? "storeArchivedAt" : "supplierArchivedAt";
  const { rows } = await db.query<{ unread: number; conversations: number; needsReply: number }>(
    `WITH v AS (${summarySql(v)})
     SELECT COALESCE(sum("unreadCount"), 0)::int AS unread, count(*) FILTER (WHERE "unreadCount" > 0)::int AS conversations,
       count(*) FILTER (WHERE "awaitingSide" = '${v.side}')::int AS "needsReply"
     FROM v WHERE "${archived}" IS NULL`,
    [scopeId(v)],
  );
  return rows[0]!;
}

/** Opens a conversation between a store and a supplier; returns its sid. Answers the existing one's sid on a race. */
export async function insertConversation(db: Queryable, c: { sid: string; storeId: string; supplierId: string; name: string; origin: "PERSONAL" | "AI_SOURCING_AGENT" }): Promise<string> {
  const { rows } = await db.query<{ sid: string }>(
    `INSERT INTO conversations (sid, store_id, supplier_id, name, origin) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (store_id, supplier_id) DO UPDATE SET updated_at = conversations.updated_at RETURNING sid`,
    [c.sid, c.storeId, c.supplierId, c.name, c.origin],
  );
  return rows[0]!.sid;
}

/** Records new messages on the conversation: last index, preview, time, and who now owes a reply. */
/**
 * Records messages a side wrote and answers the conversation as it now is, for the author: its
 * unread count is 0, since the author has read everything up to what it wrote.
 */
export async function recordMessages(db: Queryable, conversationId: string, m: { lastIndex: number; preview: string; authorSide: ConversationSide }): Promise<ConversationRow> {
  const other: ConversationSide = m.authorSide === "STORE" ? "SUPPLIER" : "STORE";
  const own = SIDE[m.authorSide].horizon;
  // The other side now owes a reply, from the first unanswered message on (a second message does not restart the clock).
  const { rows } = await db.query<ConversationRow>(
    `UPDATE conversations c SET last_message_index = $2, last_message_preview = $3, last_message_at = now(), updated_at = now(),
       ${own} = $2,
       awaiting_since = CASE WHEN awaiting_side = $4 THEN awaiting_since ELSE now() END,
       awaiting_side = $4
     WHERE id = $1
     RETURNING ${ROW_COLUMNS}, 0 AS "unreadCount"`,
    [conversationId, m.lastIndex, m.preview, other],
  );
  return rows[0]!;
}

/** Moves the side's horizon forward to index (never back); answers whether it moved. */
export async function advanceReadIndex(db: Queryable, conversationId: string, side: ConversationSide, index: number): Promise<boolean> {
  const h = SIDE[side].horizon;
  const { rowCount } = await db.query(`UPDATE conversations SET ${h} = $2 WHERE id = $1 AND (${h} IS NULL OR ${h} < $2)`, [conversationId, index]);
  return (rowCount ?? 0) > 0;
}

/** Sets the side's horizon to index, backwards allowed (mark as unread). */
export async function setReadIndex(db: Queryable, conversationId: string, side: ConversationSide, index: number): Promise<void> {
  await db.query(`UPDATE conversations SET ${SIDE[side].horizon} = $2 WHERE id = $1`, [conversationId, index]);
}

export async function setArchived(db: Queryable, conversationId: string, side: ConversationSide, archived: boolean): Promise<void> {
  const col = SIDE[side].archived;
  await db.query(`UPDATE conversations SET ${col} = CASE WHEN $2 THEN COALESCE(${col}, now()) END WHERE id = $1`, [conversationId, archived]);
}

/** The conversation's index and horizons as they are now in this transaction (the facts its event carries). */
export async function readIndexes(db: Queryable, conversationId: string): Promise<{ lastMessageIndex: number; storeLastReadIndex: number | null; supplierLastReadIndex: number | null } | null> {
  const { rows } = await db.query<{ lastMessageIndex: number; storeLastReadIndex: number | null; supplierLastReadIndex: number | null }>(
    `SELECT last_message_index AS "lastMessageIndex", store_last_read_index AS "storeLastReadIndex", supplier_last_read_index AS "supplierLastReadIndex" FROM conversations WHERE id = $1`,
    [conversationId],
  );
  return rows[0] ?? null;
}
