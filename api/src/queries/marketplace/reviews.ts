import type { Queryable } from "../../db/pool";
import { type Page } from "./rows";

// Supplier reviews, from stores and from public links.

export type ReviewRow = { id: string; supplier_id: string; store_id: string | null; author_name: string; rating: number; title: string; body: string; created_at: Date; updated_at: Date | null };
const REVIEW_COLUMNS = "id, supplier_id, store_id, author_name, rating, title, body, created_at, updated_at";

export async function listReviewRows(db: Queryable, supplierId: string, page: Page): Promise<{ rows: ReviewRow[]; total: number }> {
  const { rows } = await db.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} FROM supplier_reviews WHERE supplier_id = $1 AND held_at IS NULL ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`, [supplierId, page.limit, page.offset]);
  const { rows: c } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM supplier_reviews WHERE supplier_id = $1 AND held_at IS NULL", [supplierId]);
  return { rows, total: c[0]!.n };
}

export async function reviewSummaryRow(db: Queryable, supplierId: string): Promise<{ average: number; count: number; histogram: { 1: number; 2: number; 3: number; 4: number; 5: number } }> {
  const { rows } = await db.query<{ average: number | null; count: number; h1: number; h2: number; h3: number; h4: number; h5: number }>(
    `SELECT round(avg(rating), 2) AS average, count(*)::int AS count,
            count(*) FILTER (WHERE rating = 1)::int AS h1, count(*) FILTER (WHERE rating = 2)::int AS h2, count(*) FILTER (WHERE rating = 3)::int AS h3,
            count(*) FILTER (WHERE rating = 4)::int AS h4, count(*) FILTER (WHERE rating = 5)::int AS h5
       FROM supplier_reviews WHERE supplier_id = $1 AND held_at IS NULL`,
    [supplierId],
  );
  const r = rows[0]!;
  return { average: r.average ?? 0, count: r.count, histogram: { 1: r.h1, 2: r.h2, 3: r.h3, 4: r.h4, 5: r.h5 } };
}

/** A review. (Rows held by the earlier anonymous form, `held_at` set, are neither counted nor listed.) */
export async function insertReview(db: Queryable, r: { supplierId: string; storeId: string | null; authorName: string; authorEmail: string | null; rating: number; title: string; body: string }): Promise<ReviewRow> {
  const { rows } = await db.query<ReviewRow>(
    `INSERT INTO supplier_reviews (supplier_id, store_id, author_name, author_email, rating, title, body) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${REVIEW_COLUMNS}`,
    [r.supplierId, r.storeId, r.authorName, r.authorEmail, r.rating, r.title, r.body],
  );
  return rows[0]!;
}

export async function findStoreReview(db: Queryable, supplierId: string, storeId: string): Promise<ReviewRow | null> {
  const { rows } = await db.query<ReviewRow>(`SELECT ${REVIEW_COLUMNS} FROM supplier_reviews WHERE supplier_id = $1 AND store_id = $2`, [supplierId, storeId]);
  return rows[0] ?? null;
}

/** Updates a review only when it belongs to the store; null when it doesn't (or doesn't exist). */
export async function updateStoreReview(db: Queryable, id: string, storeId: string, patch: { rating?: number; title?: string; body?: string }): Promise<ReviewRow | null> {
  const { rows } = await db.query<ReviewRow>(
    `UPDATE supplier_reviews SET rating = COALESCE($3, rating), title = COALESCE($4, title), body = COALESCE($5, body), updated_at = now()
      WHERE id = $1 AND store_id = $2 RETURNING ${REVIEW_COLUMNS}`,
    [id, storeId, patch.rating ?? null, patch.title ?? null, patch.body ?? null],
  );
  return rows[0] ?? null;
}
