import type { Queryable } from "../db/pool";

/** An email as the outbox stores it. */
export type OutboxEmail = { storeId: string | null; to: string; subject: string; body: string; kind: string; payload: Record<string, unknown> };

/** Queues an email in the outbox (in the caller's transaction); returns its id. */
export async function insertOutboxEmail(db: Queryable, email: OutboxEmail): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO outbox_messages (store_id, channel, to_address, subject, body, kind, payload)
     VALUES ($1, 'email', $2, $3, $4, $5, $6) RETURNING id`,
    [email.storeId, email.to, email.subject, email.body, email.kind, JSON.stringify(email.payload)],
  );
  return rows[0]!.id;
}

/** How many e-mails of a kind went to an address in the last minutes (so the form can't mail-bomb it). */
export async function recentMailCount(db: Queryable, to: string, kind: string, minutes: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM outbox_messages WHERE to_address = $1 AND kind = $2 AND created_at > now() - make_interval(mins => $3)",
    [to, kind, minutes],
  );
  return rows[0]!.n;
}

/** Queues a text message in the outbox (in the caller's transaction); returns its id. */
export async function insertOutboxSms(db: Queryable, sms: { storeId: string | null; to: string; body: string; kind: string; payload: Record<string, unknown> }): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO outbox_messages (store_id, channel, to_address, body, kind, payload) VALUES ($1, 'sms', $2, $3, $4, $5) RETURNING id`,
    [sms.storeId, sms.to, sms.body, sms.kind, JSON.stringify(sms.payload)],
  );
  return rows[0]!.id;
}
