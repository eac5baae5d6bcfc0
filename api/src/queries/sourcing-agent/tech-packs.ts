import type { Queryable } from "../../db/pool";

// Tech packs and their version history.

export type TechPackRow = {
  id: string;
  version: number;
  latest_version: number;
  conversation_sid: string | null;
  product_name: string;
  data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
};

const PACK_COLUMNS = "t.id, t.version, t.version AS latest_version, t.conversation_sid, t.product_name, t.data, t.created_at, t.updated_at";

/** Creates a tech pack and its version 1 in one statement. */
export async function insertTechPack(db: Queryable, p: { storeId: string; userId: string; conversationSid: string | null; productName: string; data: Record<string, unknown> }): Promise<TechPackRow> {
  const { rows } = await db.query<TechPackRow>(
    `WITH t AS (
       INSERT INTO tech_packs (store_id, created_by, conversation_sid, product_name, data) VALUES ($1, $2, $3, $4, $5)
       RETURNING *
     ), v AS (
       INSERT INTO tech_pack_versions (tech_pack_id, version, store_id, data, created_by)
       SELECT t.id, 1, t.store_id, jsonb_build_object('productName', t.product_name, 'conversationSid', t.conversation_sid) || t.data, t.created_by FROM t
     )
     SELECT ${PACK_COLUMNS} FROM t`,
    [p.storeId, p.userId, p.conversationSid, p.productName, JSON.stringify(p.data)],
  );
  return rows[0]!;
}

export async function findTechPack(db: Queryable, storeId: string, id: string, forUpdate = false): Promise<TechPackRow | null> {
  const { rows } = await db.query<TechPackRow>(`SELECT ${PACK_COLUMNS} FROM tech_packs t WHERE t.store_id = $1 AND t.id = $2${forUpdate ? " FOR UPDATE" : ""}`, [storeId, id]);
  return rows[0] ?? null;
}

/** Saves the next version: the row moves to it and the version is kept in the history. */
export async function saveTechPackVersion(db: Queryable, p: { storeId: string; userId: string; id: string; conversationSid: string | null; productName: string; data: Record<string, unknown> }): Promise<TechPackRow> {
  const { rows } = await db.query<TechPackRow>(
    `WITH t AS (
       UPDATE tech_packs SET version = version + 1, product_name = $4, conversation_sid = $5, data = $6, updated_at = now()
        WHERE store_id = $1 AND id = $2 RETURNING *
     ), v AS (
       INSERT INTO tech_pack_versions (tech_pack_id, version, store_id, data, created_by)
       SELECT t.id, t.version, t.store_id, jsonb_build_object('productName', t.product_name, 'conversationSid', t.conversation_sid) || t.data, $3 FROM t
     )
     SELECT ${PACK_COLUMNS} FROM t`,
    [p.storeId, p.id, p.userId, p.productName, p.conversationSid, JSON.stringify(p.data)],
  );
  return rows[0]!;
}

export async function listTechPacks(db: Queryable, storeId: string, search: string | undefined, limit: number, offset: number): Promise<{ rows: TechPackRow[]; total: number }> {
  const where = "t.store_id = $1 AND ($2::text IS NULL OR t.product_name ILIKE '%' || $2 || '%' OR t.product_name % $2)";
  const [list, count] = await Promise.all([
    db.query<TechPackRow>(`SELECT ${PACK_COLUMNS} FROM tech_packs t WHERE ${where} ORDER BY t.updated_at DESC, t.id LIMIT $3 OFFSET $4`, [storeId, search ?? null, limit, offset]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tech_packs t WHERE ${where}`, [storeId, search ?? null]),
  ]);
  return { rows: list.rows, total: count.rows[0]!.n };
}

/** Every saved version of one tech pack, newest first (the caller checked the pack is the store's). */
export async function listTechPackVersions(db: Queryable, storeId: string, id: string, limit: number, offset: number): Promise<{ rows: TechPackRow[]; total: number }> {
  const [list, count] = await Promise.all([
    db.query<TechPackRow>(
      `SELECT v.tech_pack_id AS id, v.version, t.version AS latest_version, v.data->>'conversationSid' AS conversation_sid,
              v.data->>'productName' AS product_name, v.data - 'productName' - 'conversationSid' AS data, t.created_at, v.created_at AS updated_at
         FROM tech_pack_versions v JOIN tech_packs t ON t.id = v.tech_pack_id
        WHERE v.store_id = $1 AND v.tech_pack_id = $2 ORDER BY v.version DESC LIMIT $3 OFFSET $4`,
      [storeId, id, limit, offset],
    ),
    db.query<{ n: number }>("SELECT count(*)::int AS n FROM tech_pack_versions WHERE store_id = $1 AND tech_pack_id = $2", [storeId, id]),
  ]);
  return { rows: list.rows, total: count.rows[0]!.n };
}
