import type { Queryable } from "../db/pool";

export type OutgoingEmail = { storeId?: string | null; to: string; subject: string; body: string; kind: string; payload?: Record<string, unknown> };

/**
 * Email and SMS go through the outbox table, written in the caller's transaction, so a message is
 * sent exactly when the change that causes it commits. The local provider leaves them there for
 * the operator (and tests) to read; a real adapter would deliver PENDING rows and mark them SENT.
 */
export async function queueEmail(db: Queryable, email: OutgoingEmail): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO outbox_messages (store_id, channel, to_address, subject, body, kind, payload)
     VALUES ($1, 'email', $2, $3, $4, $5, $6) RETURNING id`,
    [email.storeId ?? null, email.to, email.subject, email.body, email.kind, JSON.stringify(email.payload ?? {})],
  );
  return rows[0]!.id;
}

/** Internal addresses that receive operational notifications (supplier invites and the like). */
export const INTERNAL_NOTIFY_ADDRESSES = (process.env.ATELIER_INTERNAL_EMAILS ?? "sourcing-team@atelier.local").split(",").map((s) => s.trim()).filter(Boolean);
