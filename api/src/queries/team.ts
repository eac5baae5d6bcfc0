import type { PlanType, TeamRole } from "@atelier/contracts";
import type { Queryable } from "../db/pool";

export type InviteStatus = "PENDING" | "ACCEPTED" | "CANCELED";

export type InviteRow = {
  id: string;
  store_id: string;
  email: string;
  role: Exclude<TeamRole, "OWNER">;
  status: InviteStatus;
  invited_by_user_id: string;
  accepted_user_id: string | null;
  accepted_at: Date | null;
  canceled_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = "id, store_id, email, role, status, invited_by_user_id, accepted_user_id, accepted_at, canceled_at, created_at, updated_at";

/** Locks the store row so concurrent invites count seats one at a time; returns its plan and title. */
export async function lockStoreForInvites(db: Queryable, storeId: string): Promise<{ plan_type: PlanType; title: string } | null> {
  const { rows } = await db.query<{ plan_type: PlanType; title: string }>("SELECT plan_type, title FROM stores WHERE id = $1 FOR UPDATE", [storeId]);
  return rows[0] ?? null;
}

/** Invites holding a seat: pending and accepted ones. */
export async function countSeatsUsed(db: Queryable, storeId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM store_team_member_invites WHERE store_id = $1 AND status IN ('PENDING', 'ACCEPTED')",
    [storeId],
  );
  return rows[0]!.n;
}

export async function findLiveInviteByEmail(db: Queryable, storeId: string, email: string): Promise<InviteRow | null> {
  const { rows } = await db.query<InviteRow>(
    `SELECT ${COLUMNS} FROM store_team_member_invites WHERE store_id = $1 AND email = $2 AND status IN ('PENDING', 'ACCEPTED')`,
    [storeId, email],
  );
  return rows[0] ?? null;
}

export async function isMemberByEmail(db: Queryable, storeId: string, email: string): Promise<boolean> {
  const { rows } = await db.query(
    "SELECT 1 FROM store_members m JOIN users u ON u.id = m.user_id WHERE m.store_id = $1 AND u.email = $2",
    [storeId, email],
  );
  return rows.length > 0;
}

export async function insertInvite(
  db: Queryable,
  i: { storeId: string; email: string; role: InviteRow["role"]; tokenHash: string; invitedBy: string },
): Promise<InviteRow> {
  const { rows } = await db.query<InviteRow>(
    `INSERT INTO store_team_member_invites (store_id, email, role, token_hash, invited_by_user_id)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [i.storeId, i.email, i.role, i.tokenHash, i.invitedBy],
  );
  return rows[0]!;
}

export async function listInviteRows(
  db: Queryable,
  storeId: string,
  statuses: InviteStatus[],
  limit: number,
  offset: number,
): Promise<{ list: InviteRow[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    db.query<InviteRow>(
      `SELECT ${COLUMNS} FROM store_team_member_invites WHERE store_id = $1 AND status = ANY($2::text[])
        ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
      [storeId, statuses, limit, offset],
    ),
    db.query<{ n: number }>("SELECT count(*)::int AS n FROM store_team_member_invites WHERE store_id = $1 AND status = ANY($2::text[])", [storeId, statuses]),
  ]);
  return { list: rows, total: count.rows[0]!.n };
}

export async function getInviteRow(db: Queryable, storeId: string, id: string, lock = false): Promise<InviteRow | null> {
  const { rows } = await db.query<InviteRow>(
    `SELECT ${COLUMNS} FROM store_team_member_invites WHERE store_id = $1 AND id = $2${lock ? " FOR UPDATE" : ""}`,
    [storeId, id],
  );
  return rows[0] ?? null;
}

export async function getInviteByTokenHash(db: Queryable, tokenHash: string): Promise<InviteRow | null> {
  const { rows } = await db.query<InviteRow>(`SELECT ${COLUMNS} FROM store_team_member_invites WHERE token_hash = $1 FOR UPDATE`, [tokenHash]);
  return rows[0] ?? null;
}

export async function setInviteRole(db: Queryable, storeId: string, id: string, role: InviteRow["role"]): Promise<InviteRow> {
  const { rows } = await db.query<InviteRow>(
    `UPDATE store_team_member_invites SET role = $3, updated_at = now() WHERE store_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [storeId, id, role],
  );
  return rows[0]!;
}

export async function markInviteAccepted(db: Queryable, id: string, userId: string): Promise<void> {
  await db.query(
    "UPDATE store_team_member_invites SET status = 'ACCEPTED', accepted_user_id = $2, accepted_at = now(), updated_at = now() WHERE id = $1",
    [id, userId],
  );
}

export async function markInviteCanceled(db: Queryable, storeId: string, id: string): Promise<InviteRow> {
  const { rows } = await db.query<InviteRow>(
    `UPDATE store_team_member_invites SET status = 'CANCELED', canceled_at = now(), updated_at = now() WHERE store_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [storeId, id],
  );
  return rows[0]!;
}

/** Changes a team member's role; the owner's membership is never touched here. */
export async function setMemberRole(db: Queryable, storeId: string, userId: string, role: InviteRow["role"]): Promise<void> {
  await db.query("UPDATE store_members SET role = $3 WHERE store_id = $1 AND user_id = $2 AND role <> 'OWNER'", [storeId, userId, role]);
}

export async function removeMember(db: Queryable, storeId: string, userId: string): Promise<void> {
  await db.query("DELETE FROM store_members WHERE store_id = $1 AND user_id = $2 AND role <> 'OWNER'", [storeId, userId]);
}

// Users are the accounts' table; the team's use cases read them from there.
export { getUserById } from "./accounts";
