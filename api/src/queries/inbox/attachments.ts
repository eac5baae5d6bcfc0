import type { AttachmentKind } from "@atelier/contracts/inbox/contracts";
import type { Queryable } from "../../db/pool";
import { containsPattern } from "../like-pattern";

// SQL of conversation attachments and their pins. Callers found the conversation through the
// reader's side first (queries/inbox/conversations.ts); the lookup by attachment id joins it here
// with the same side's scope, so another store's or supplier's file is never found.

export type AttachmentRow = {
  id: string;
  conversationId: string;
  conversationSid: string;
  storeId: string;
  supplierId: string;
  messageIndex: number;
  side: "STORE" | "SUPPLIER";
  authorName: string;
  kind: AttachmentKind;
  fileName: string;
  extension: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
  thumbnailKey: string | null;
  width: number | null;
  height: number | null;
  pinCount: number;
  createdAt: Date;
};

export type PinRow = {
  id: string;
  attachmentId: string;
  number: number;
  x: number;
  y: number;
  comment: string;
  side: "STORE" | "SUPPLIER";
  authorName: string;
  createdAt: Date;
};

export type Scope = { side: "STORE"; storeId: string } | { side: "SUPPLIER"; supplierId: string };

const COLUMNS = `a.id, a.conversation_id AS "conversationId", c.sid AS "conversationSid", c.store_id AS "storeId", c.supplier_id AS "supplierId",
  a.message_index AS "messageIndex", a.side, a.author_name AS "authorName", a.kind, a.file_name AS "fileName", a.extension,
  a.content_type AS "contentType", a.size_bytes AS "sizeBytes", a.storage_key AS "storageKey", a.thumbnail_key AS "thumbnailKey",
  a.width, a.height, (SELECT count(*)::int FROM attachment_pins p WHERE p.attachment_id = a.id) AS "pinCount", a.created_at AS "createdAt"`;

const scopeSql = (s: Scope) => (s.side === "STORE" ? "c.store_id = $1" : "c.supplier_id = $1");
const scopeId = (s: Scope) => (s.side === "STORE" ? s.storeId : s.supplierId);

export type NewAttachment = Omit<AttachmentRow, "conversationSid" | "storeId" | "supplierId" | "pinCount" | "createdAt"> & { userId: string | null };

export async function insertAttachment(db: Queryable, a: NewAttachment): Promise<void> {
  await db.query(
    `INSERT INTO conversation_attachments (id, conversation_id, message_index, side, user_id, author_name, kind, file_name, extension, content_type, size_bytes, storage_key, thumbnail_key, width, height)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [a.id, a.conversationId, a.messageIndex, a.side, a.userId, a.authorName, a.kind, a.fileName, a.extension, a.contentType, a.sizeBytes, a.storageKey, a.thumbnailKey, a.width, a.height],
  );
}

/** One attachment of a conversation the scope takes part in, or null. */
export async function findAttachment(db: Queryable, scope: Scope, id: string): Promise<AttachmentRow | null> {
  const { rows } = await db.query<AttachmentRow>(
    `SELECT ${COLUMNS} FROM conversation_attachments a JOIN conversations c ON c.id = a.conversation_id WHERE ${scopeSql(scope)} AND a.id = $2`,
    [scopeId(scope), id],
  );
  return rows[0] ?? null;
}

export type AttachmentFilter = { kind?: AttachmentKind; search?: string; page: number; size: number };

/** A page of one conversation's attachments, newest first, with the total. */
export async function listAttachments(db: Queryable, conversationId: string, f: AttachmentFilter): Promise<{ rows: AttachmentRow[]; total: number }> {
  const where = ["a.conversation_id = $1"];
  const params: unknown[] = [conversationId];
  if (f.kind) where.push(`a.kind = $${params.push(f.kind)}`);
  if (f.search) where.push(`a.file_name ILIKE $${params.push(containsPattern(f.search))}`);
  const filter = where.join(" AND ");
  const { rows } = await db.query<AttachmentRow>(
    `SELECT ${COLUMNS} FROM conversation_attachments a JOIN conversations c ON c.id = a.conversation_id
     WHERE ${filter} ORDER BY a.created_at DESC, a.id LIMIT ${f.size} OFFSET ${f.page * f.size}`,
    params,
  );
  const { rows: count } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM conversation_attachments a WHERE ${filter}`, params);
  return { rows, total: count[0]?.total ?? 0 };
}

const PIN_COLUMNS = `id, attachment_id AS "attachmentId", number, x, y, comment, side, author_name AS "authorName", created_at AS "createdAt"`;

export async function listPins(db: Queryable, attachmentId: string): Promise<PinRow[]> {
  const { rows } = await db.query<PinRow>(`SELECT ${PIN_COLUMNS} FROM attachment_pins WHERE attachment_id = $1 ORDER BY number`, [attachmentId]);
  return rows;
}

/** Serialises pins on one picture (their numbers follow each other) for the caller's transaction. */
export async function lockAttachment(db: Queryable, attachmentId: string): Promise<void> {
  await db.query(`SELECT 1 FROM conversation_attachments WHERE id = $1 FOR UPDATE`, [attachmentId]);
}

export async function insertPin(
  db: Queryable,
  p: { attachmentId: string; x: number; y: number; comment: string; side: "STORE" | "SUPPLIER"; userId: string | null; authorName: string },
): Promise<PinRow> {
  const { rows } = await db.query<PinRow>(
    `INSERT INTO attachment_pins (attachment_id, number, x, y, comment, side, user_id, author_name)
     SELECT $1, COALESCE(max(number), 0) + 1, $2, $3, $4, $5, $6, $7 FROM attachment_pins WHERE attachment_id = $1
     RETURNING ${PIN_COLUMNS}`,
    [p.attachmentId, p.x, p.y, p.comment, p.side, p.userId, p.authorName],
  );
  return rows[0]!;
}
