import type { Queryable } from "../../db/pool";

// How fast each supplier first answers the store in the inbox: every time the store writes after
// the supplier (or first), the time to the supplier's next message. A run of store messages is one
// question, timed from its first message; the agent's outreach writes as the store, so it counts.
// A question not answered yet counts as asked only.

export type SupplierReplyTimes = { asked: number; replySeconds: number[] };

export async function replyTimesBySupplier(db: Queryable, storeId: string): Promise<Map<string, SupplierReplyTimes>> {
  const { rows } = await db.query<{ supplier_id: string; asked: number; replies: number[] | null }>(
    `WITH m AS (
       SELECT c.supplier_id, m.conversation_id, m.msg_index, m.created_at, m.author LIKE 'store\\_%' AS by_store,
              lag(m.author LIKE 'store\\_%') OVER (PARTITION BY m.conversation_id ORDER BY m.msg_index) AS prev_by_store
         FROM conversations c JOIN conversation_messages m ON m.conversation_id = c.id
        WHERE c.store_id = $1
     ), answered AS (
       SELECT q.supplier_id, q.created_at AS at,
              (SELECT min(r.created_at) FROM conversation_messages r
                WHERE r.conversation_id = q.conversation_id AND r.msg_index > q.msg_index AND r.author LIKE 'manufacturer:%') AS replied
         FROM m q WHERE q.by_store AND q.prev_by_store IS DISTINCT FROM true
     )
     SELECT supplier_id, count(*)::int AS asked,
            array_agg(extract(epoch FROM replied - at)::float8 ORDER BY replied - at) FILTER (WHERE replied IS NOT NULL) AS replies
       FROM answered GROUP BY supplier_id`,
    [storeId],
  );
  return new Map(rows.map((r) => [r.supplier_id, { asked: r.asked, replySeconds: r.replies ?? [] }]));
}
