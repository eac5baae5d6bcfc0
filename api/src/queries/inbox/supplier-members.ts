import type { Queryable } from "../../db/pool";

// SQL of supplier accounts: a supplier member belongs to a supplier company, as store members
// belong to stores.

export type SupplierMembershipRow = { supplierId: string };

/** The supplier company a user is a member of (the first one, when several); its name is the marketplace's. */
export async function findSupplierMembership(db: Queryable, userId: string): Promise<SupplierMembershipRow | null> {
  const { rows } = await db.query<SupplierMembershipRow>(
    `SELECT supplier_id AS "supplierId" FROM supplier_members WHERE user_id = $1 ORDER BY created_at, supplier_id LIMIT 1`,
    [userId],
  );
  return rows[0] ?? null;
}

/** Whether the user still belongs to the supplier (a session refresh reads it again). */
export async function isSupplierMember(db: Queryable, userId: string, supplierId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM supplier_members WHERE user_id = $1 AND supplier_id = $2`, [userId, supplierId]);
  return rows.length > 0;
}

/** Makes a user a member of a supplier company (demo accounts, tests, later invitations). */
export async function insertSupplierMember(db: Queryable, supplierId: string, userId: string): Promise<void> {
  await db.query(`INSERT INTO supplier_members (supplier_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [supplierId, userId]);
}
