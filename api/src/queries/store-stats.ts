import type { Queryable } from "../db/pool";

export type SalesTotalsRow = {
  lifetime_cents: number;
  order_count: number;
  last30_cents: number;
  last30_count: number;
  prior30_cents: number;
  prior30_count: number;
  first_order_at: Date | null;
  last_order_at: Date | null;
};

/**
 * One pass over the store's orders. Fully canceled orders are not sales; partly canceled ones
 * count at their total. The windows end at the database's now(), so every caller agrees.
 */
export async function getSalesTotals(db: Queryable, storeId: string): Promise<SalesTotalsRow> {
  const { rows } = await db.query<SalesTotalsRow>(
    `SELECT COALESCE(sum(total_cents), 0)::bigint AS lifetime_cents,
            count(*)::int AS order_count,
            COALESCE(sum(total_cents) FILTER (WHERE placed_at > now() - interval '30 days'), 0)::bigint AS last30_cents,
            count(*) FILTER (WHERE placed_at > now() - interval '30 days')::int AS last30_count,
            COALESCE(sum(total_cents) FILTER (WHERE placed_at > now() - interval '60 days' AND placed_at <= now() - interval '30 days'), 0)::bigint AS prior30_cents,
            count(*) FILTER (WHERE placed_at > now() - interval '60 days' AND placed_at <= now() - interval '30 days')::int AS prior30_count,
            min(placed_at) AS first_order_at,
            max(placed_at) AS last_order_at
       FROM orders
      WHERE store_id = $1 AND cancellation_state <> 'CANCELED'`,
    [storeId],
  );
  return rows[0]!;
}

/** Paid means the charge went through: the sample is being made, has shipped, or is in a subscription. */
export async function hasPaidSample(db: Queryable, storeId: string): Promise<boolean> {
  const { rows } = await db.query<{ paid: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM creator_order_items
        WHERE store_id = $1 AND kind = 'SAMPLE' AND status IN ('IN_PRODUCTION', 'SHIPPED', 'IN_SUBSCRIPTION')
     ) AS paid`,
    [storeId],
  );
  return rows[0]!.paid;
}
