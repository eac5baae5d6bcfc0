import type { Queryable } from "../../db/pool";

// Report share links (report_shares): one public link to one report of one store.

export type ShareRow = {
  id: string; store_id: string; token: string; report_id: string; title: string; params: Record<string, unknown>; mode: "SNAPSHOT" | "LIVE";
  snapshot: unknown; password_hash: string | null; expires_at: Date | null; revoked_at: Date | null; created_at: Date;
};

const COLUMNS = "id, store_id, token, report_id, title, params, mode, snapshot, password_hash, expires_at, revoked_at, created_at";

export async function insertShare(db: Queryable, v: { storeId: string; token: string; reportId: string; title: string; params: unknown; mode: string; snapshot: unknown; passwordHash: string | null; expiresAt: string | null; createdBy: string }): Promise<ShareRow> {
  const { rows } = await db.query<ShareRow>(
    `INSERT INTO report_shares (store_id, token, report_id, title, params, mode, snapshot, password_hash, expires_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
    [v.storeId, v.token, v.reportId, v.title, JSON.stringify(v.params), v.mode, v.snapshot === null ? null : JSON.stringify(v.snapshot), v.passwordHash, v.expiresAt, v.createdBy],
  );
  return rows[0]!;
}

export async function listShares(db: Queryable, storeId: string, limit: number, offset: number): Promise<{ rows: ShareRow[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    db.query<ShareRow>(`SELECT ${COLUMNS} FROM report_shares WHERE store_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`, [storeId, limit, offset]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM report_shares WHERE store_id = $1`, [storeId]),
  ]);
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/** Revokes a link of the store (a second revoke keeps the first moment); null when the store has no such link. */
export async function revokeShare(db: Queryable, storeId: string, id: string): Promise<ShareRow | null> {
  const { rows } = await db.query<ShareRow>(
    `UPDATE report_shares SET revoked_at = coalesce(revoked_at, now()) WHERE store_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [storeId, id],
  );
  return rows[0] ?? null;
}

export async function findShareByToken(db: Queryable, token: string): Promise<ShareRow | null> {
  const { rows } = await db.query<ShareRow>(`SELECT ${COLUMNS} FROM report_shares WHERE token = $1`, [token]);
  return rows[0] ?? null;
}
