import type { Queryable } from "../../db/pool";

// Demo returns (issue 16): the generator already marks some shipped lines as returned; each such
// order gets its return record, in turn open, on its way back and complete (refunded), and two
// shipped orders get a canceled return, so every status of 000 §4 shows on the demo store.

const STATUSES = ["CREATED", "SHIPPING", "RECEIVED"] as const;

export async function seedDemoReturns(db: Queryable, storeId: string, ownerUserId: string, limit = 12): Promise<number> {
  const { rows: returned } = await db.query<{ order_id: string; total_cents: number; placed_at: Date }>(
    `SELECT o.id AS order_id, o.total_cents, o.placed_at FROM orders o
      WHERE o.store_id = $1 AND o.cancellation_state <> 'CANCELED'
        AND EXISTS (SELECT 1 FROM order_line_items l WHERE l.order_id = o.id AND l.returned_quantity > 0)
      ORDER BY o.order_number DESC LIMIT $2`,
    [storeId, limit],
  );
  const { rows: kept } = await db.query<{ order_id: string; line_id: string }>(
    `SELECT o.id AS order_id, (SELECT l.id FROM order_line_items l WHERE l.order_id = o.id AND l.fulfilled_quantity > 0 ORDER BY l.position LIMIT 1) AS line_id
       FROM orders o WHERE o.store_id = $1 AND o.fulfillment_state = 'FULFILLED' AND o.cancellation_state = 'NONE'
        AND NOT EXISTS (SELECT 1 FROM order_line_items l WHERE l.order_id = o.id AND l.returned_quantity > 0)
      ORDER BY o.order_number DESC LIMIT 2`,
    [storeId],
  );
  let number = 1000;
  for (const [i, o] of returned.entries()) {
    const status = STATUSES[i % STATUSES.length]!;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO return_orders (store_id, order_id, number, status, refund_method, return_fee, refund_destination, reason, carrier, tracking_number, created_by_user_id,
         created_at, shipped_at, received_at)
       VALUES ($1, $2, $3, $4, 'AUTOMATIC', 'FREE', $5, $6, $7, $8, $9, $10::timestamptz + interval '12 days',
         CASE WHEN $4 <> 'CREATED' THEN $10::timestamptz + interval '14 days' END, CASE WHEN $4 = 'RECEIVED' THEN $10::timestamptz + interval '19 days' END)
       RETURNING id`,
      [storeId, o.order_id, ++number, status, i % 4 === 3 ? "STORE_CREDIT" : "ORIGINAL_PAYMENT", ["Too small", "Arrived damaged", "Not as pictured", "Changed their mind"][i % 4],
        status === "CREATED" ? null : "USPS", status === "CREATED" ? null : `9400${String(number).padStart(8, "0")}`, ownerUserId, o.placed_at],
    );
    const returnId = rows[0]!.id;
    await db.query(
      `INSERT INTO return_order_lines (store_id, return_id, line_id, quantity, restocked_quantity)
       SELECT $1, $2, l.id, l.returned_quantity, CASE WHEN $3 THEN l.returned_quantity ELSE 0 END FROM order_line_items l WHERE l.order_id = $4 AND l.returned_quantity > 0`,
      [storeId, returnId, status === "RECEIVED", o.order_id],
    );
    await db.query(
      `INSERT INTO order_events (store_id, order_id, kind, to_status, message, actor_user_id, created_at)
       VALUES ($1, $2, 'RETURN_CREATED', 'CREATED', $3, $4, $5::timestamptz + interval '12 days')`,
      [storeId, o.order_id, `Return RMA-${number} opened`, ownerUserId, o.placed_at],
    );
    if (status === "RECEIVED") {
      const { rows: refunded } = await db.query<{ id: string; amount: number }>(
        `INSERT INTO order_refunds (store_id, order_id, return_id, amount_cents, destination, method, actor_user_id, created_at)
         SELECT $1, $2, $3, least($4, sum(l.returned_quantity * l.unit_price_cents))::int, 'ORIGINAL_PAYMENT', 'AUTOMATIC', $5, $6::timestamptz + interval '19 days'
           FROM order_line_items l WHERE l.order_id = $2 AND l.returned_quantity > 0
         HAVING least($4, sum(l.returned_quantity * l.unit_price_cents)) > 0
         RETURNING id, amount_cents AS amount`,
        [storeId, o.order_id, returnId, o.total_cents, ownerUserId, o.placed_at],
      );
      if (refunded[0]) {
        await db.query(
          `INSERT INTO order_events (store_id, order_id, kind, to_status, message, actor_user_id, created_at)
           VALUES ($1, $2, 'RETURN_RECEIVED', 'RECEIVED', $3, $4, $6::timestamptz + interval '19 days'),
                  ($1, $2, 'REFUNDED', NULL, $5, $4, $6::timestamptz + interval '19 days')`,
          [storeId, o.order_id, `Return RMA-${number} received`, ownerUserId, `Refunded $${(refunded[0].amount / 100).toFixed(2)} to the original payment (return RMA-${number})`, o.placed_at],
        );
      }
    }
  }
  for (const k of kept.filter((r) => r.line_id)) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO return_orders (store_id, order_id, number, status, refund_method, return_fee, refund_destination, reason, cancel_reason, created_by_user_id, canceled_at)
       VALUES ($1, $2, $3, 'CANCELED', 'AUTOMATIC', 'FREE', 'ORIGINAL_PAYMENT', 'Wrong size', 'The customer kept it', $4, now()) RETURNING id`,
      [storeId, k.order_id, ++number, ownerUserId],
    );
    await db.query(`INSERT INTO return_order_lines (store_id, return_id, line_id, quantity) VALUES ($1, $2, $3, 1)`, [storeId, rows[0]!.id, k.line_id]);
  }
  await db.query(`INSERT INTO return_settings (store_id, last_number) VALUES ($1, $2) ON CONFLICT (store_id) DO UPDATE SET last_number = $2`, [storeId, number]);
  return number - 1000;
}
