import type { Queryable } from "../db/pool";

// SQL of uploaded files. Lookups are scoped to the store that uploaded them.

export type UploadRow = {
  id: string;
  storeId: string;
  storageKey: string;
  fileName: string;
  extension: string;
  contentType: string;
  attachmentType: "VIDEO" | "IMAGE" | "PDF" | "AI";
  sizeBytes: number;
  status: "PENDING" | "STORED";
  putTokenHash: string | null;
  putExpiresAt: Date | null;
};

type UploadDbRow = {
  id: string;
  store_id: string;
  storage_key: string;
  file_name: string;
  extension: string;
  content_type: string;
  attachment_type: "VIDEO" | "IMAGE" | "PDF" | "AI";
  size_bytes: string | number;
  status: "PENDING" | "STORED";
  put_token_hash: string | null;
  put_expires_at: Date | null;
};

function toUpload(r: UploadDbRow): UploadRow {
  return {
    id: r.id,
    storeId: r.store_id,
    storageKey: r.storage_key,
    fileName: r.file_name,
    extension: r.extension,
    contentType: r.content_type,
    attachmentType: r.attachment_type,
    sizeBytes: Number(r.size_bytes),
    status: r.status,
    putTokenHash: r.put_token_hash,
    putExpiresAt: r.put_expires_at,
  };
}

export async function insertUpload(
  db: Queryable,
  u: { id: string; storeId: string; userId: string; storageKey: string; fileName: string; extension: string; contentType: string; attachmentType: string; sizeBytes: number; status: "PENDING" | "STORED"; putTokenHash?: string; putExpiresAt?: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO uploads (id, store_id, user_id, storage_key, file_name, extension, content_type, attachment_type, size_bytes, status, put_token_hash, put_expires_at, stored_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, CASE WHEN $10 = 'STORED' THEN now() END)`,
    [u.id, u.storeId, u.userId, u.storageKey, u.fileName, u.extension, u.contentType, u.attachmentType, u.sizeBytes, u.status, u.putTokenHash ?? null, u.putExpiresAt ?? null],
  );
}

export async function getStoredUpload(db: Queryable, storeId: string, id: string): Promise<UploadRow | null> {
  const { rows } = await db.query(`SELECT * FROM uploads WHERE store_id = $1 AND id = $2 AND status = 'STORED'`, [storeId, id]);
  return rows[0] ? toUpload(rows[0]) : null;
}

/** A pending upload by id alone: the PUT carries no login, only the token checked against its hash. */
export async function getPendingUpload(db: Queryable, id: string): Promise<UploadRow | null> {
  const { rows } = await db.query(`SELECT * FROM uploads WHERE id = $1 AND status = 'PENDING'`, [id]);
  return rows[0] ? toUpload(rows[0]) : null;
}

/** Marks a pending upload stored, once: the token cannot be replayed. */
export async function markUploadStored(db: Queryable, id: string, sizeBytes: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE uploads SET status = 'STORED', size_bytes = $2, stored_at = now(), put_token_hash = NULL WHERE id = $1 AND status = 'PENDING'`,
    [id, sizeBytes],
  );
  return (rowCount ?? 0) > 0;
}

/** Which of these upload ids belong to the store (attachments must be the store's own files). */
export async function ownedUploadIds(db: Queryable, storeId: string, ids: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM uploads WHERE store_id = $1 AND id = ANY($2::uuid[])`, [storeId, ids]);
  return new Set(rows.map((r) => r.id));
}

/**
 * What a store's files take: stored files, and large uploads still waiting for their bytes (at
 * their announced size, until their URL expires), with how many of those are waiting.
 */
export async function storeUploadUsage(db: Queryable, storeId: string): Promise<{ usedBytes: number; pendingLarge: number }> {
  const { rows } = await db.query<{ used: string; pending: number }>(
    `SELECT coalesce(sum(size_bytes), 0)::text AS used, count(*) FILTER (WHERE status = 'PENDING')::int AS pending
     FROM uploads WHERE store_id = $1 AND (status = 'STORED' OR (status = 'PENDING' AND put_expires_at > now()))`,
    [storeId],
  );
  return { usedBytes: Number(rows[0]?.used ?? 0), pendingLarge: rows[0]?.pending ?? 0 };
}

/** Holds the store's upload-quota lock until the transaction ends: reservations are counted one by one. */
export async function lockStoreUploads(db: Queryable, storeId: string): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`upload-quota:${storeId}`]);
}
