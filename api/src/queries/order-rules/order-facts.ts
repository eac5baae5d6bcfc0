import type { Queryable } from "../../db/pool";

// What rules read of orders: country, total, origin, the lines (SKU and quantity; their weights come
// from inventory), the tags earlier rules added. One order when it arrives; the last days' orders for a dry run.

export type OrderFactsRow = {
  id: string;
  orderNumber: number;
  customerName: string;
  countryCode: string | null;
  totalCents: number;
  origin: string;
  placedAt: Date;
  processingStatus: string;
  lines: { sku: string; quantity: number }[];
  tags: string[];
  /** Whether it arrived short of stock: the inventory put its own hold on it ("Out of stock", INVENTORY_RULE). */
  arrivedShort: boolean;
};

const SELECT = `SELECT o.id, o.order_number, coalesce(nullif(c.name, ''), o.shipping_name, '') AS customer_name, o.shipping_country_code,
    o.total_cents, o.origin, o.placed_at, o.processing_status,
    coalesce((SELECT json_agg(json_build_object('sku', upper(l.sku), 'quantity', l.quantity)) FROM order_line_items l WHERE l.order_id = o.id), '[]') AS lines,
    coalesce((SELECT array_agg(DISTINCT t) FROM order_rule_applications a, unnest(a.tags) t WHERE a.order_id = o.id), '{}') AS tags,
    EXISTS (SELECT 1 FROM order_holds h WHERE h.order_id = o.id AND h.set_by_rule = 'Out of stock' AND h.set_by_user_id IS NULL) AS arrived_short
  FROM orders o LEFT JOIN customers c ON c.id = o.customer_id`;

function toFacts(r: Record<string, unknown>): OrderFactsRow {
  return {
    id: r.id as string,
    orderNumber: r.order_number as number,
    customerName: r.customer_name as string,
    countryCode: r.shipping_country_code as string | null,
    totalCents: r.total_cents as number,
    origin: r.origin as string,
    placedAt: r.placed_at as Date,
    processingStatus: r.processing_status as string,
    lines: (typeof r.lines === "string" ? JSON.parse(r.lines) : r.lines) as OrderFactsRow["lines"],
    tags: r.tags as string[],
    arrivedShort: r.arrived_short as boolean,
  };
}

/** These orders' facts in one read, in the given order (an order not found is left out). */
export async function ordersFacts(db: Queryable, storeId: string, orderIds: string[]): Promise<OrderFactsRow[]> {
  const { rows } = await db.query(`${SELECT} WHERE o.store_id = $1 AND o.id = ANY($2::uuid[])`, [storeId, orderIds]);
  const byId = new Map(rows.map((r: Record<string, unknown>) => [r.id as string, toFacts(r)]));
  return orderIds.flatMap((id) => byId.get(id) ?? []);
}

/** The store's orders placed in the last `days` days, newest first, canceled ones left out (at most `limit`). */
export async function recentOrderFacts(db: Queryable, storeId: string, days: number, limit: number): Promise<OrderFactsRow[]> {
  const { rows } = await db.query(
    `${SELECT} WHERE o.store_id = $1 AND o.placed_at >= now() - make_interval(days => $2) AND o.cancellation_state <> 'CANCELED'
      ORDER BY o.placed_at DESC, o.id DESC LIMIT $3`,
    [storeId, days, limit],
  );
  return rows.map(toFacts);
}

/** The store's OUTSTANDING orders placed in the `days` before its latest order (the demo's recent orders). */
export async function latestOutstandingOrderIds(db: Queryable, storeId: string, days: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT o.id FROM orders o WHERE o.store_id = $1 AND o.processing_status = 'OUTSTANDING' AND o.cancellation_state = 'NONE'
        AND o.placed_at >= (SELECT max(placed_at) FROM orders WHERE store_id = $1) - make_interval(days => $2)
      ORDER BY o.placed_at, o.id`,
    [storeId, days],
  );
  return rows.map((r) => r.id);
}
