import type { Queryable } from "../../db/pool";
import { type Page, SUPPLIER_COLUMNS, type SupplierRow } from "./rows";

// Suppliers by id, by closeness, and the per-country figures.

export async function suppliersByIds(db: Queryable, ids: string[]): Promise<SupplierRow[]> {
  const { rows } = await db.query<SupplierRow>(`SELECT ${SUPPLIER_COLUMNS}, NULL::float8 AS score FROM suppliers s WHERE s.id = ANY($1::uuid[]) AND s.enabled_at IS NOT NULL`, [ids]);
  return rows;
}

/** The names of the given suppliers, enabled or not (purchases keep naming a supplier that left). */
export async function supplierNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<{ id: string; name: string }>("SELECT id, name FROM suppliers WHERE id = ANY($1::uuid[])", [[...new Set(ids)]]);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Suppliers nearest to a taste vector. */
export async function suppliersNearVector(db: Queryable, vector: string, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM suppliers WHERE embedding IS NOT NULL AND enabled_at IS NOT NULL ORDER BY embedding <=> $1::vector LIMIT $2`,
    [vector, limit],
  );
  return rows.map((r) => r.id);
}

/** The mean embedding of the suppliers a store recently viewed or favourited (null when none). */
export async function storeTasteVector(db: Queryable, storeId: string): Promise<{ vector: string | null; supplierIds: string[] }> {
  const { rows } = await db.query<{ v: string | null; ids: string[] | null }>(
    `WITH touched AS (
       (SELECT supplier_id FROM supplier_detail_views WHERE store_id = $1 ORDER BY created_at DESC LIMIT 50)
       UNION ALL SELECT COALESCE(f.supplier_id, i.supplier_id) FROM favorites f LEFT JOIN catalog_items i ON i.id = f.item_id WHERE f.store_id = $1
     ), ids AS (SELECT DISTINCT supplier_id FROM touched)
     SELECT avg(s.embedding)::text AS v, array_agg(ids.supplier_id) FILTER (WHERE ids.supplier_id IS NOT NULL) AS ids
       FROM ids LEFT JOIN suppliers s ON s.id = ids.supplier_id AND s.embedding IS NOT NULL`,
    [storeId],
  );
  return { vector: rows[0]?.v ?? null, supplierIds: rows[0]?.ids ?? [] };
}

/** Suppliers ranked by closeness to a vector (then rank), optionally within keyword matches. */
export async function supplierRowsNearVector(db: Queryable, vector: string, page: Page): Promise<{ rows: SupplierRow[]; total: number }> {
  const { rows } = await db.query<SupplierRow>(
    `SELECT ${SUPPLIER_COLUMNS}, meaning_similarity(s.embedding, $1::vector) AS score FROM suppliers s
      WHERE s.enabled_at IS NOT NULL AND s.embedding IS NOT NULL ORDER BY (s.embedding <=> $1::vector) + 0, s.id LIMIT $2 OFFSET $3`,
    [vector, page.limit, page.offset],
  );
  const { rows: c } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM suppliers WHERE enabled_at IS NOT NULL AND embedding IS NOT NULL");
  return { rows, total: c[0]!.n };
}

/** A supplier's name and the address it takes requests at, enabled or not. */
export async function supplierContact(db: Queryable, id: string): Promise<{ name: string; contactEmail: string | null } | null> {
  const { rows } = await db.query<{ name: string; contactEmail: string | null }>(`SELECT name, contact_email AS "contactEmail" FROM suppliers WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** How a supplier is shown beside a conversation: its name and avatar colour, enabled or not. */
export async function supplierCard(db: Queryable, id: string): Promise<{ name: string; avatarColor: string } | null> {
  const { rows } = await db.query<{ name: string; avatarColor: string }>(`SELECT name, avatar_color AS "avatarColor" FROM suppliers WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** The top-ranked listed suppliers (the demo's supplier accounts). */
export async function topListedSuppliers(db: Queryable, n: number): Promise<{ id: string; name: string }[]> {
  const { rows } = await db.query<{ id: string; name: string }>(`SELECT id, name FROM suppliers WHERE enabled_at IS NOT NULL ORDER BY rank DESC, id LIMIT $1`, [n]);
  return rows;
}

/** Whether the supplier exists and, unless `enabledOnly` is false, is shown in the marketplace. */
export async function supplierExists(db: Queryable, id: string, enabledOnly = true): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM suppliers WHERE id = $1${enabledOnly ? " AND enabled_at IS NOT NULL" : ""}`, [id]);
  return rows.length > 0;
}

export async function countryStats(db: Queryable): Promise<{ country_code: string; supplier_count: number; average_tariff: number }[]> {
  const { rows } = await db.query(
    `SELECT country_code, count(*)::int AS supplier_count, round(avg(tariff_rate_percent), 2) AS average_tariff
       FROM suppliers WHERE enabled_at IS NOT NULL GROUP BY country_code ORDER BY supplier_count DESC, country_code`,
  );
  return rows;
}

/** The given suppliers' names and countries, enabled or not (a quote keeps its supplier's origin for duty). */
export async function supplierOrigins(db: Queryable, ids: string[]): Promise<Map<string, { name: string; countryCode: string }>> {
  const { rows } = await db.query<{ id: string; name: string; countryCode: string }>(`SELECT id, name, country_code AS "countryCode" FROM suppliers WHERE id = ANY($1::uuid[])`, [ids]);
  return new Map(rows.map((r) => [r.id, { name: r.name, countryCode: r.countryCode }]));
}
