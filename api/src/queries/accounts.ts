import type { TeamRole, PlanType } from "@atelier/contracts";
import type { Queryable } from "../db/pool";

export type UserRow = { id: string; email: string; username: string; password_hash: string | null; google_sub: string | null };
export type MembershipRow = {
  store_id: string;
  store_title: string;
  plan_type: PlanType;
  is_preview: boolean;
  role: TeamRole;
};

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>("SELECT id, email, username, password_hash, google_sub FROM users WHERE email = $1", [email]);
  return rows[0] ?? null;
}

export async function findUserByGoogleSub(db: Queryable, sub: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>("SELECT id, email, username, password_hash, google_sub FROM users WHERE google_sub = $1", [sub]);
  return rows[0] ?? null;
}

export async function insertUser(
  db: Queryable,
  user: { email: string; username: string; passwordHash: string | null; googleSub?: string | null },
): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (email, username, password_hash, google_sub) VALUES ($1, $2, $3, $4)
     RETURNING id, email, username, password_hash, google_sub`,
    [user.email, user.username, user.passwordHash, user.googleSub ?? null],
  );
  return rows[0]!;
}

export async function linkGoogleSub(db: Queryable, userId: string, sub: string): Promise<void> {
  await db.query("UPDATE users SET google_sub = $2, updated_at = now() WHERE id = $1", [userId, sub]);
}

export async function insertStore(
  db: Queryable,
  store: { title: string; ownerUserId: string; accountType: string; workStyle: string; isPreview: boolean; planType?: PlanType },
): Promise<{ id: string }> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO stores (title, owner_user_id, account_type, work_style, is_preview, plan_type)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [store.title, store.ownerUserId, store.accountType, store.workStyle, store.isPreview, store.planType ?? "TIER_1"],
  );
  return rows[0]!;
}

export async function insertMember(db: Queryable, storeId: string, userId: string, role: TeamRole): Promise<void> {
  await db.query(
    `INSERT INTO store_members (store_id, user_id, role) VALUES ($1, $2, $3)
     ON CONFLICT (store_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
    [storeId, userId, role],
  );
}

/** The stores a user belongs to, their own (OWNER) first. */
export async function listMemberships(db: Queryable, userId: string): Promise<MembershipRow[]> {
  const { rows } = await db.query<MembershipRow>(
    `SELECT s.id AS store_id, s.title AS store_title, s.plan_type, s.is_preview, m.role
       FROM store_members m JOIN stores s ON s.id = m.store_id
      WHERE m.user_id = $1
      ORDER BY (m.role = 'OWNER') DESC, m.created_at`,
    [userId],
  );
  return rows;
}

export async function getMembership(db: Queryable, userId: string, storeId: string): Promise<MembershipRow | null> {
  const { rows } = await db.query<MembershipRow>(
    `SELECT s.id AS store_id, s.title AS store_title, s.plan_type, s.is_preview, m.role
       FROM store_members m JOIN stores s ON s.id = m.store_id
      WHERE m.user_id = $1 AND m.store_id = $2`,
    [userId, storeId],
  );
  return rows[0] ?? null;
}

export async function getUserById(db: Queryable, userId: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>("SELECT id, email, username, password_hash, google_sub FROM users WHERE id = $1", [userId]);
  return rows[0] ?? null;
}

/** The users' display names by id, in one statement (ids missing from the answer are unknown users). */
export async function userNames(db: Queryable, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!wanted.length) return new Map();
  const { rows } = await db.query<{ id: string; username: string }>("SELECT id, username FROM users WHERE id = ANY($1::uuid[])", [wanted]);
  return new Map(rows.map((r) => [r.id, r.username]));
}
