import type { Queryable } from "../../db/pool";

/**
 * Listed suppliers whose name is exactly one of these (ignoring case and outer spaces): how a
 * receiving that names its supplier in words is tied to the supplier's page. A name two listed
 * suppliers share ties to neither.
 */
export async function suppliersNamed(db: Queryable, names: string[]): Promise<{ id: string; name: string; countryCode: string }[]> {
  if (!names.length) return [];
  const { rows } = await db.query<{ id: string; name: string; countryCode: string }>(
    `SELECT s.id, s.name, s.country_code AS "countryCode" FROM suppliers s
      WHERE s.enabled_at IS NOT NULL AND lower(trim(s.name)) = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM suppliers t WHERE t.id <> s.id AND t.enabled_at IS NOT NULL AND lower(trim(t.name)) = lower(trim(s.name)))`,
    [[...new Set(names.map((n) => n.trim().toLowerCase()))]],
  );
  return rows;
}
