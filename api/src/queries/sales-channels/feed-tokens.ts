import type { Queryable } from "../../db/pool";

// SQL of the secret in each store's feed address (product_feed_tokens).

export type FeedTokenRow = { token: string; createdAt: Date; lastFetchedAt: Date | null };

export async function getFeedToken(db: Queryable, storeId: string): Promise<FeedTokenRow | null> {
  const { rows } = await db.query<{ token: string; created_at: Date; last_fetched_at: Date | null }>(`SELECT token, created_at, last_fetched_at FROM product_feed_tokens WHERE store_id = $1`, [storeId]);
  const r = rows[0];
  return r ? { token: r.token, createdAt: r.created_at, lastFetchedAt: r.last_fetched_at } : null;
}

/** Sets the store's token, replacing the one it had. */
export async function replaceFeedToken(db: Queryable, storeId: string, token: string): Promise<void> {
  await db.query(
    `INSERT INTO product_feed_tokens (store_id, token) VALUES ($1, $2)
     ON CONFLICT (store_id) DO UPDATE SET token = EXCLUDED.token, created_at = now(), last_fetched_at = NULL`,
    [storeId, token],
  );
}

export async function deleteFeedToken(db: Queryable, storeId: string): Promise<void> {
  await db.query(`DELETE FROM product_feed_tokens WHERE store_id = $1`, [storeId]);
}

/** The store a token opens, noting the fetch; null for an unknown or revoked token. */
export async function storeOfFeedToken(db: Queryable, token: string): Promise<string | null> {
  const { rows } = await db.query<{ store_id: string }>(`UPDATE product_feed_tokens SET last_fetched_at = now() WHERE token = $1 RETURNING store_id`, [token]);
  return rows[0]?.store_id ?? null;
}
