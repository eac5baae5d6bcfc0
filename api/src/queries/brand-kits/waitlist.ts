import type { Queryable } from "../../db/pool";

export async function insertSignup(db: Queryable, storeId: string, kitId: string, email: string): Promise<void> {
  await db.query("INSERT INTO brand_kit_waitlist_signups (store_id, kit_id, email) VALUES ($1, $2, $3) ON CONFLICT (kit_id, email) DO NOTHING", [storeId, kitId, email]);
}

export async function listSignups(db: Queryable, storeId: string, kitId: string, limit: number, offset: number): Promise<{ rows: { email: string; created_at: Date }[]; total: number }> {
  const { rows } = await db.query<{ email: string; created_at: Date; total: number }>(
    "SELECT email, created_at, count(*) OVER ()::int AS total FROM brand_kit_waitlist_signups WHERE store_id = $1 AND kit_id = $2 ORDER BY created_at DESC, id LIMIT $3 OFFSET $4",
    [storeId, kitId, limit, offset],
  );
  return { rows, total: rows[0]?.total ?? 0 };
}
