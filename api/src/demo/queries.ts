// Bulk SQL of the demo seed. Rows go in as one array per column through unnest, so a chunk
// of a thousand rows is one statement and one round trip (the embedded database is one
// session: round trips, not rows, are what cost).
import type { Queryable } from "../db/pool";
import type { CategoryRow } from "./taxonomy";

type Column = { name: string; type: string; /** SQL applied to the unnested value `v` (default: v). */ cast?: string };

// Separator for text[] columns, which unnest cannot take as ragged 2-D arrays.
const LIST_SEPARATOR = "\u001f";

/** Joins a list for a `list` column. */
export function packList(items: readonly string[]): string {
  return items.join(LIST_SEPARATOR);
}

export const listColumn = (name: string): Column => ({ name, type: "text", cast: `CASE WHEN v = '' THEN '{}'::text[] ELSE string_to_array(v, E'\\x1f') END` });

/** Inserts rows (arrays in column order) in chunks; table and column names are code constants, never input. */
export async function insertRows(db: Queryable, table: string, columns: readonly Column[], rows: readonly unknown[][], chunkSize = 1000): Promise<void> {
  const select = columns.map((c, i) => (c.cast ? c.cast.replace(/\bv\b/g, `c${i}`) : `c${i}`)).join(", ");
  const unnest = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(", ");
  const aliases = columns.map((_, i) => `c${i}`).join(", ");
  const sql = `INSERT INTO ${table} (${columns.map((c) => c.name).join(", ")}) SELECT ${select} FROM unnest(${unnest}) AS u(${aliases})`;
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    await db.query(sql, columns.map((_, i) => chunk.map((r) => r[i])));
  }
}

/** Adds the taxonomy (existing keys are kept) and returns every category id by key. */
export async function upsertCategories(db: Queryable, categories: readonly CategoryRow[]): Promise<Map<string, number>> {
  for (const level of ["VERTICAL", "GROUP", "SUBGROUP"] as const) {
    const rows = categories.filter((c) => c.level === level);
    await db.query(
      `INSERT INTO catalog_categories (parent_id, level, vertical, key, slug, title, position)
       SELECT p.id, u.level, u.vertical, u.key, u.slug, u.title, u.position
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[]) AS u(parent_key, level, vertical, key, slug, title, position)
         LEFT JOIN catalog_categories p ON p.key = u.parent_key
       ON CONFLICT (key) DO NOTHING`,
      [rows.map((r) => r.parentKey), rows.map((r) => r.level), rows.map((r) => r.vertical), rows.map((r) => r.key), rows.map((r) => r.slug), rows.map((r) => r.title), rows.map((r) => r.position)],
    );
  }
  const { rows } = await db.query<{ id: number; key: string }>("SELECT id, key FROM catalog_categories");
  return new Map(rows.map((r) => [r.key, r.id]));
}

export async function hasSuppliers(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>("SELECT EXISTS (SELECT 1 FROM suppliers) AS any");
  return rows[0]!.any;
}

/** An active paid plan as the local payments provider would have left it after checkout. */
export async function insertActiveSubscription(db: Queryable, storeId: string, planType: "TIER_2" | "TIER_2_5" | "TIER_3", startedAt: string): Promise<void> {
  const moduleType = { TIER_2: "BEGINNER", TIER_2_5: "SCALING", TIER_3: "PROFESSIONAL" }[planType];
  const { rows } = await db.query<{ id: string }>(
    `WITH c AS (INSERT INTO payment_customers (store_id) VALUES ($1) RETURNING id)
     INSERT INTO payment_subscriptions (store_id, customer_id, plan_type, status, current_period_start, current_period_end, created_at)
     SELECT $1, c.id, $2, 'ACTIVE', date_trunc('month', now()), date_trunc('month', now()) + interval '1 month', $3 FROM c
     RETURNING id`,
    [storeId, planType, startedAt],
  );
  await db.query(
    `UPDATE stores SET plan_type = $2, blueprint_subscription_id = $3, blueprint_subscription_status = 'ACTIVE', updated_at = now() WHERE id = $1`,
    [storeId, planType, rows[0]!.id],
  );
  await db.query(`INSERT INTO store_modules (store_id, module_type, status, activated_at) VALUES ($1, $2, 'ACTIVE', $3)`, [storeId, moduleType, startedAt]);
}

/** Backdates a seeded store and its owner to when its history starts. */
export async function backdateStore(db: Queryable, storeId: string, userId: string, createdAt: string): Promise<void> {
  await db.query("UPDATE stores SET created_at = $2 WHERE id = $1", [storeId, createdAt]);
  await db.query("UPDATE users SET created_at = $2 WHERE id = $1", [userId, createdAt]);
}

/**
 * Drops the HNSW and GIN indexes of empty tables and returns a function that builds them again.
 * Building once over all rows is many times faster than updating them row by row, and the
 * definitions are read back from the catalog so they always match the migrations.
 */
export async function deferSearchIndexes(db: Queryable, tables: readonly string[]): Promise<() => Promise<void>> {
  const { rows } = await db.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY($1::text[]) AND indexdef ~ 'USING (hnsw|gin)'`,
    [tables],
  );
  for (const r of rows) await db.query(`DROP INDEX ${quoteIdent(r.indexname)}`);
  return async () => {
    // Holds the whole HNSW graph in memory during the build; local to this transaction.
    await db.query("SET LOCAL maintenance_work_mem = '512MB'");
    for (const r of rows) await db.query(r.indexdef);
  };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
