import type { Queryable } from "../../db/pool";
import { authorOf } from "./conversations";

// Demo history only: an earlier exchange between the store and a supplier, each message on its
// own day and hour, so the supplier's median first reply is a real figure (live sends stamp now()).

export type DatedMessage = { side: "STORE" | "SUPPLIER"; body: string; at: Date };

export async function insertDatedMessages(db: Queryable, conversationId: string, sides: { storeId: string; storeName: string; supplierId: string; supplierName: string }, messages: DatedMessage[]): Promise<void> {
  await db.query(
    `INSERT INTO conversation_messages (conversation_id, msg_index, author, author_name, type, body, attributes, created_at)
     SELECT $1, x.idx, x.author, x.author_name, 'TEXT', x.body, '{}'::jsonb, x.at
       FROM jsonb_to_recordset($2::jsonb) AS x(idx int, author text, author_name text, body text, at timestamptz)`,
    [conversationId, JSON.stringify(messages.map((m, idx) => ({
      idx,
      author: m.side === "STORE" ? authorOf("STORE", sides.storeId) : authorOf("SUPPLIER", sides.supplierId),
      author_name: m.side === "STORE" ? sides.storeName : sides.supplierName,
      body: m.body,
      at: m.at.toISOString(),
    })))],
  );
}
