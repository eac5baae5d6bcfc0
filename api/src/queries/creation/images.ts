import type { Queryable } from "../../db/pool";
import { containsPattern } from "../like-pattern";

// SQL of generated images (creation_images; their bytes are uploads, written by the uploads domain).

export type CreationImageRow = { id: string; prompt: string; model: string; width: number; height: number; inGallery: boolean; createdAt: Date };

type DbRow = { id: string; prompt: string; model: string; width: number; height: number; in_gallery: boolean; created_at: Date };
const toRow = (r: DbRow): CreationImageRow => ({ id: r.id, prompt: r.prompt, model: r.model, width: r.width, height: r.height, inGallery: r.in_gallery, createdAt: r.created_at });
const COLUMNS = "i.id, i.prompt, i.model, i.width, i.height, i.in_gallery, i.created_at";

export async function insertCreationImage(
  db: Queryable,
  row: { id: string; storeId: string; userId: string; prompt: string; model: string; width: number; height: number; credits: number; inGallery: boolean },
): Promise<void> {
  await db.query(
    `INSERT INTO creation_images (id, store_id, user_id, prompt, model, width, height, credits, in_gallery, saved_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $9 THEN now() END)`,
    [row.id, row.storeId, row.userId, row.prompt, row.model, row.width, row.height, row.credits, row.inGallery],
  );
}

export async function getCreationImages(db: Queryable, storeId: string, ids: string[]): Promise<CreationImageRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<DbRow>(
    `SELECT ${COLUMNS} FROM creation_images i WHERE i.store_id = $1 AND i.id = ANY($2::uuid[])`,
    [storeId, ids],
  );
  const byId = new Map(rows.map((r) => [r.id, toRow(r)]));
  return ids.map((id) => byId.get(id)).filter((r): r is CreationImageRow => r !== undefined);
}

/** Free pictures the store drew since the start of the current UTC day. */
export async function countFreeImagesToday(db: Queryable, storeId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM creation_images WHERE store_id = $1 AND credits = 0 AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'",
    [storeId],
  );
  return rows[0]!.n;
}

export async function listGallery(db: Queryable, storeId: string, search: string | undefined, limit: number, offset: number): Promise<{ list: CreationImageRow[]; total: number }> {
  const filter = search ? containsPattern(search) : null;
  const where = "i.store_id = $1 AND i.in_gallery AND ($2::text IS NULL OR i.prompt ILIKE $2)";
  const [{ rows }, count] = await Promise.all([
    db.query<DbRow>(`SELECT ${COLUMNS} FROM creation_images i WHERE ${where} ORDER BY i.saved_at DESC, i.id LIMIT $3 OFFSET $4`, [storeId, filter, limit, offset]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM creation_images i WHERE ${where}`, [storeId, filter]),
  ]);
  return { list: rows.map(toRow), total: count.rows[0]!.n };
}

/** Puts an image in or out of the gallery; false when the store has no such image. */
export async function setInGallery(db: Queryable, storeId: string, id: string, inGallery: boolean): Promise<boolean> {
  const { rowCount } = await db.query(
    "UPDATE creation_images SET in_gallery = $3, saved_at = CASE WHEN $3 THEN coalesce(saved_at, now()) END WHERE store_id = $1 AND id = $2",
    [storeId, id, inGallery],
  );
  return rowCount === 1;
}
