import type { Queryable } from "../db/pool";
import { insertOutboxEmail, insertOutboxSms } from "../queries/outbox";

export type OutgoingEmail = { storeId?: string | null; to: string; subject: string; body: string; kind: string; payload?: Record<string, unknown> };

/**
 * Email and SMS go through the outbox table, written in the caller's transaction, so a message is
 * sent exactly when the change that causes it commits. The local provider leaves them there for
 * the operator (and tests) to read; a real adapter would deliver PENDING rows and mark them SENT.
 */
export async function queueEmail(db: Queryable, email: OutgoingEmail): Promise<string> {
  return insertOutboxEmail(db, { ...email, storeId: email.storeId ?? null, payload: email.payload ?? {} });
}

export type OutgoingSms = { storeId?: string | null; to: string; body: string; kind: string; payload?: Record<string, unknown> };

/** A text message, through the outbox like e-mail (same transaction rule, same local provider). */
export async function queueSms(db: Queryable, sms: OutgoingSms): Promise<string> {
  return insertOutboxSms(db, { ...sms, storeId: sms.storeId ?? null, payload: sms.payload ?? {} });
}

/** Internal addresses that receive operational notifications (supplier invites and the like). */
export const INTERNAL_NOTIFY_ADDRESSES = (process.env.ATELIER_INTERNAL_EMAILS ?? "sourcing-team@atelier.local").split(",").map((s) => s.trim()).filter(Boolean);
