import type { Queryable } from "../../db/pool";

// Supplier invites and the store's own suppliers. `listMySuppliers` is the one read-only join
// across domains (docs/decisions.md, "Queries touch their own tables"): it pages and searches the
// union of outreach, purchases and invites in SQL.

export type InviteRow = { id: string; name: string; website: string; email: string; phone_number: string; created_at: Date };

/** Stores an invite; null when the store already invited that email. */
export async function insertSupplierInvite(db: Queryable, i: { storeId: string; userId: string; name: string; website: string; email: string; phoneNumber: string }): Promise<InviteRow | null> {
  const { rows } = await db.query<InviteRow>(
    `INSERT INTO supplier_invites (store_id, created_by, name, website, email, phone_number) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (store_id, email) DO NOTHING RETURNING id, name, website, email::text AS email, phone_number, created_at`,
    [i.storeId, i.userId, i.name, i.website, i.email, i.phoneNumber],
  );
  return rows[0] ?? null;
}

export type MySupplierRow = {
  id: string;
  supplier_id: string | null;
  name: string;
  website: string | null;
  email: string | null;
  phone_number: string | null;
  country_code: string | null;
  is_expanded_network: boolean;
  relations: ("INVITED" | "CONTACTED" | "PURCHASED")[];
  last_interaction_at: Date;
};

/**
 * The store's suppliers from three sources, one row per supplier: catalogue suppliers by id,
 * others (invites, suppliers emailed from the owner's address) by email. An invite whose email
 * is a catalogue supplier's contact email joins that supplier's row.
 */
export async function listMySuppliers(db: Queryable, storeId: string, search: string | undefined, limit: number, offset: number): Promise<{ rows: MySupplierRow[]; total: number }> {
  const base = `
    WITH touch AS (
      SELECT o.supplier_id, NULL::uuid AS own_id, NULL::text AS own_name, NULL::text AS own_website, NULL::text AS own_email, NULL::text AS own_phone,
             'CONTACTED' AS relation, o.created_at AS at
        FROM sourcing_outreach o WHERE o.store_id = $1 AND o.supplier_id IS NOT NULL
      UNION ALL
      SELECT NULL, o.id, o.supplier_name, NULL, lower(o.to_email::text), NULL, 'CONTACTED', o.created_at
        FROM sourcing_outreach o WHERE o.store_id = $1 AND o.supplier_id IS NULL
      UNION ALL
      SELECT c.supplier_id, NULL, NULL, NULL, NULL, NULL, 'PURCHASED', c.created_at
        FROM creator_order_items c WHERE c.store_id = $1 AND c.supplier_id IS NOT NULL
      UNION ALL
      SELECT (SELECT s.id FROM suppliers s WHERE s.contact_email = i.email ORDER BY s.is_expanded_network, s.id LIMIT 1),
             i.id, i.name, i.website, lower(i.email::text), i.phone_number, 'INVITED', i.created_at
        FROM supplier_invites i WHERE i.store_id = $1
    ), grouped AS (
      SELECT coalesce(t.supplier_id::text, 'email:' || t.own_email) AS key,
             t.supplier_id,
             (array_agg(t.own_id::text ORDER BY t.at DESC) FILTER (WHERE t.own_id IS NOT NULL))[1] AS own_id,
             (array_agg(t.own_name ORDER BY t.relation = 'INVITED' DESC, t.at DESC) FILTER (WHERE t.own_name IS NOT NULL))[1] AS own_name,
             (array_agg(t.own_website) FILTER (WHERE t.own_website IS NOT NULL))[1] AS own_website,
             (array_agg(t.own_email) FILTER (WHERE t.own_email IS NOT NULL))[1] AS own_email,
             (array_agg(t.own_phone) FILTER (WHERE t.own_phone IS NOT NULL))[1] AS own_phone,
             array_agg(DISTINCT t.relation ORDER BY t.relation) AS relations,
             max(t.at) AS last_interaction_at
        FROM touch t GROUP BY 1, 2
    ), mine AS (
      SELECT coalesce(g.supplier_id::text, g.own_id) AS id, g.supplier_id,
             coalesce(s.name, g.own_name) AS name, coalesce(s.website, g.own_website) AS website,
             coalesce(s.contact_email::text, g.own_email) AS email, coalesce(s.phone_number, g.own_phone) AS phone_number,
             s.country_code, coalesce(s.is_expanded_network, false) AS is_expanded_network, g.relations, g.last_interaction_at
        FROM grouped g LEFT JOIN suppliers s ON s.id = g.supplier_id
    )`;
  const where = "WHERE $2::text IS NULL OR m.name ILIKE '%' || $2 || '%' OR m.email ILIKE '%' || $2 || '%'";
  const [list, count] = await Promise.all([
    db.query<MySupplierRow>(`${base} SELECT m.* FROM mine m ${where} ORDER BY m.last_interaction_at DESC, m.id LIMIT $3 OFFSET $4`, [storeId, search || null, limit, offset]),
    db.query<{ n: number }>(`${base} SELECT count(*)::int AS n FROM mine m ${where}`, [storeId, search || null]),
  ]);
  return { rows: list.rows, total: count.rows[0]!.n };
}
