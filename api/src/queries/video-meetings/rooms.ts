import type { Queryable } from "../../db/pool";

// SQL of the built-in video-meeting provider's rooms and who came into them. Reached only by the
// room's token (the join link), never listed.

export type RoomRow = { token: string; topic: string; startsAt: Date; durationMinutes: number; hostName: string };

export async function insertRoom(db: Queryable, r: { token: string; topic: string; startsAt: Date; durationMinutes: number; hostName: string }): Promise<void> {
  await db.query(`INSERT INTO local_meeting_rooms (token, topic, starts_at, duration_minutes, host_name) VALUES ($1, $2, $3, $4, $5)`, [r.token, r.topic, r.startsAt, r.durationMinutes, r.hostName]);
}

export async function findRoom(db: Queryable, token: string): Promise<RoomRow | null> {
  const { rows } = await db.query<RoomRow>(
    `SELECT token, topic, starts_at AS "startsAt", duration_minutes AS "durationMinutes", host_name AS "hostName" FROM local_meeting_rooms WHERE token = $1`,
    [token],
  );
  return rows[0] ?? null;
}

export async function recordJoin(db: Queryable, token: string, displayName: string): Promise<void> {
  await db.query(`INSERT INTO local_meeting_joins (token, display_name) VALUES ($1, $2)`, [token, displayName]);
}

/** Who came in, first arrival of each name, in order. */
export async function roomJoins(db: Queryable, token: string): Promise<{ displayName: string; joinedAt: Date }[]> {
  const { rows } = await db.query<{ displayName: string; joinedAt: Date }>(
    `SELECT display_name AS "displayName", min(joined_at) AS "joinedAt" FROM local_meeting_joins WHERE token = $1 GROUP BY display_name ORDER BY 2 LIMIT 100`,
    [token],
  );
  return rows;
}
