import type { Queryable } from "../../db/pool";
import type { InboxViewer } from "./conversations";

// SQL of meeting requests (issue 18). Every read is scoped to the reader's side, as quotes are; the
// calendar invitation alone is found by its unguessable token (a calendar app has no session).

export type MeetingStatus = "REQUESTED" | "ACCEPTED" | "DECLINED";

export type MeetingRow = {
  id: string;
  conversationId: string;
  conversationSid: string;
  storeId: string;
  supplierId: string;
  requestMessageIndex: number;
  meetingMessageIndex: number | null;
  topic: string;
  durationMinutes: number;
  proposedTimes: Date[];
  note: string;
  requestedBy: "STORE" | "SUPPLIER";
  requestedByName: string;
  status: MeetingStatus;
  startsAt: Date | null;
  provider: string | null;
  joinUrl: string | null;
  inviteToken: string | null;
  declineReason: string;
  decidedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const COLUMNS = `m.id, m.conversation_id AS "conversationId", c.sid AS "conversationSid", m.store_id AS "storeId", m.supplier_id AS "supplierId",
  m.request_message_index AS "requestMessageIndex", m.meeting_message_index AS "meetingMessageIndex", m.topic, m.duration_minutes AS "durationMinutes",
  m.proposed_times AS "proposedTimes", m.note, m.requested_by AS "requestedBy", m.requested_by_name AS "requestedByName", m.status, m.starts_at AS "startsAt",
  m.provider, m.join_url AS "joinUrl", m.invite_token AS "inviteToken", m.decline_reason AS "declineReason", m.decided_at AS "decidedAt",
  m.created_at AS "createdAt", m.updated_at AS "updatedAt"`;
const FROM = `FROM meetings m JOIN conversations c ON c.id = m.conversation_id`;

function scope(v: InboxViewer): { column: string; id: string } {
  return v.side === "STORE" ? { column: "m.store_id", id: v.storeId } : { column: "m.supplier_id", id: v.supplierId };
}

/** One of the viewer's meetings (locked for a write when forUpdate). */
export async function findMeeting(db: Queryable, v: InboxViewer, id: string, forUpdate = false): Promise<MeetingRow | null> {
  const s = scope(v);
  const { rows } = await db.query<MeetingRow>(`SELECT ${COLUMNS} ${FROM} WHERE m.id = $1 AND ${s.column} = $2${forUpdate ? " FOR UPDATE OF m" : ""}`, [id, s.id]);
  return rows[0] ?? null;
}

/** An accepted meeting by its invitation's token. */
export async function findMeetingByInvite(db: Queryable, token: string): Promise<MeetingRow | null> {
  const { rows } = await db.query<MeetingRow>(`SELECT ${COLUMNS} ${FROM} WHERE m.invite_token = $1 AND m.status = 'ACCEPTED'`, [token]);
  return rows[0] ?? null;
}

/** The meetings behind a page's meeting cards (request or meeting), by message index. */
export async function meetingsAtIndexes(db: Queryable, conversationId: string, indexes: number[]): Promise<MeetingRow[]> {
  if (indexes.length === 0) return [];
  const { rows } = await db.query<MeetingRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE m.conversation_id = $1 AND (m.request_message_index = ANY($2::int[]) OR m.meeting_message_index = ANY($2::int[]))`,
    [conversationId, indexes],
  );
  return rows;
}

/** Which meetings a list shows: those still to answer, those to come, or all. */
export type MeetingFilter = { sid?: string; when?: "OPEN" | "UPCOMING" | "PAST" | "ALL"; page: number; size: number };

export async function listMeetings(db: Queryable, v: InboxViewer, f: MeetingFilter): Promise<{ rows: MeetingRow[]; total: number }> {
  const s = scope(v);
  const params: unknown[] = [s.id];
  const where = [`${s.column} = $1`];
  if (f.sid) where.push(`c.sid = $${params.push(f.sid)}`);
  // OPEN: a request with a proposed time still ahead; UPCOMING: accepted and not over yet.
  if (f.when === "OPEN") where.push(`m.status = 'REQUESTED' AND EXISTS (SELECT 1 FROM unnest(m.proposed_times) t WHERE t > now())`);
  if (f.when === "UPCOMING") where.push(`m.status = 'ACCEPTED' AND m.starts_at + make_interval(mins => m.duration_minutes) > now()`);
  if (f.when === "PAST") where.push(`m.status = 'ACCEPTED' AND m.starts_at + make_interval(mins => m.duration_minutes) <= now()`);
  const w = where.join(" AND ");
  const order = f.when === "UPCOMING" ? "m.starts_at ASC, m.id" : "m.created_at DESC, m.id";
  const [{ rows }, count] = await Promise.all([
    db.query<MeetingRow>(`SELECT ${COLUMNS} ${FROM} WHERE ${w} ORDER BY ${order} LIMIT ${f.size} OFFSET ${f.page * f.size}`, params),
    db.query<{ total: number }>(`SELECT count(*)::int AS total ${FROM} WHERE ${w}`, params),
  ]);
  return { rows, total: count.rows[0]?.total ?? 0 };
}

export type NewMeeting = {
  conversationId: string;
  storeId: string;
  supplierId: string;
  requestMessageIndex: number;
  topic: string;
  durationMinutes: number;
  proposedTimes: Date[];
  note: string;
  requestedBy: "STORE" | "SUPPLIER";
  requestedByName: string;
};

export async function insertMeeting(db: Queryable, m: NewMeeting): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO meetings (conversation_id, store_id, supplier_id, request_message_index, topic, duration_minutes, proposed_times, note, requested_by, requested_by_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz[], $8, $9, $10) RETURNING id`,
    [m.conversationId, m.storeId, m.supplierId, m.requestMessageIndex, m.topic, m.durationMinutes, m.proposedTimes.map((t) => t.toISOString()), m.note, m.requestedBy, m.requestedByName],
  );
  return rows[0]!.id;
}

export async function acceptMeetingRow(
  db: Queryable,
  id: string,
  a: { startsAt: Date; provider: string; providerMeetingId: string; joinUrl: string; inviteToken: string; meetingMessageIndex: number },
): Promise<void> {
  await db.query(
    `UPDATE meetings SET status = 'ACCEPTED', starts_at = $2, provider = $3, provider_meeting_id = $4, join_url = $5, invite_token = $6, meeting_message_index = $7,
       decided_at = now(), updated_at = now() WHERE id = $1`,
    [id, a.startsAt, a.provider, a.providerMeetingId, a.joinUrl, a.inviteToken, a.meetingMessageIndex],
  );
}

export async function declineMeetingRow(db: Queryable, id: string, reason: string): Promise<void> {
  await db.query(`UPDATE meetings SET status = 'DECLINED', decline_reason = $2, decided_at = now(), updated_at = now() WHERE id = $1`, [id, reason]);
}
