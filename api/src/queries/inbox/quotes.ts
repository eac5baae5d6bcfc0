import type { QuoteStatus } from "@atelier/contracts/inbox/contracts";
import type { Queryable } from "../../db/pool";
import type { InboxViewer } from "./conversations";

// SQL of quotes and their audit trail (issue 18). Every read is scoped to the reader's side: a
// store reads its store_id's quotes, a supplier member its supplier_id's; the expiry job alone
// reads across (it acts for nobody's side).

export type QuoteRow = {
  id: string;
  conversationId: string;
  conversationSid: string;
  storeId: string;
  supplierId: string;
  projectId: string | null;
  messageIndex: number;
  title: string;
  status: QuoteStatus;
  unitPriceCents: number;
  quantity: number;
  moq: number;
  leadTimeDays: number;
  samplePriceCents: number | null;
  validUntil: Date;
  note: string;
  offeredBy: "STORE" | "SUPPLIER";
  landedCostCents: number | null;
  landedCostBasis: string;
  decidedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type QuoteTerms = Pick<QuoteRow, "unitPriceCents" | "quantity" | "moq" | "leadTimeDays" | "samplePriceCents" | "validUntil" | "note">;

export type QuoteEventRow = QuoteTerms & { action: QuoteStatus; side: "STORE" | "SUPPLIER" | "SYSTEM"; actorName: string; createdAt: Date };

const COLUMNS = `q.id, q.conversation_id AS "conversationId", c.sid AS "conversationSid", q.store_id AS "storeId", q.supplier_id AS "supplierId",
  q.project_id AS "projectId", q.message_index AS "messageIndex", q.title, q.status, q.unit_price_cents AS "unitPriceCents", q.quantity, q.moq,
  q.lead_time_days AS "leadTimeDays", q.sample_price_cents AS "samplePriceCents", q.valid_until AS "validUntil", q.note, q.offered_by AS "offeredBy",
  q.landed_cost_cents AS "landedCostCents", q.landed_cost_basis AS "landedCostBasis", q.decided_at AS "decidedAt", q.created_at AS "createdAt", q.updated_at AS "updatedAt"`;
const FROM = `FROM quotes q JOIN conversations c ON c.id = q.conversation_id`;

function scope(v: InboxViewer): { column: string; id: string } {
  return v.side === "STORE" ? { column: "q.store_id", id: v.storeId } : { column: "q.supplier_id", id: v.supplierId };
}

/** One of the viewer's quotes (locked for a write when forUpdate). */
export async function findQuote(db: Queryable, v: InboxViewer, id: string, forUpdate = false): Promise<QuoteRow | null> {
  const s = scope(v);
  const { rows } = await db.query<QuoteRow>(`SELECT ${COLUMNS} ${FROM} WHERE q.id = $1 AND ${s.column} = $2${forUpdate ? " FOR UPDATE OF q" : ""}`, [id, s.id]);
  return rows[0] ?? null;
}

/** The quotes behind QUOTE cards of one conversation, by their message index. */
export async function quotesAtIndexes(db: Queryable, conversationId: string, indexes: number[]): Promise<QuoteRow[]> {
  if (indexes.length === 0) return [];
  const { rows } = await db.query<QuoteRow>(`SELECT ${COLUMNS} ${FROM} WHERE q.conversation_id = $1 AND q.message_index = ANY($2::int[])`, [conversationId, indexes]);
  return rows;
}

export type QuoteFilter = { projectId?: string; sid?: string; status?: QuoteStatus; page: number; size: number };

export async function listQuotes(db: Queryable, v: InboxViewer, f: QuoteFilter): Promise<{ rows: QuoteRow[]; total: number }> {
  const s = scope(v);
  const params: unknown[] = [s.id];
  const where = [`${s.column} = $1`];
  if (f.projectId) where.push(`q.project_id = $${params.push(f.projectId)}`);
  if (f.sid) where.push(`c.sid = $${params.push(f.sid)}`);
  if (f.status) where.push(`q.status = $${params.push(f.status)}`);
  const w = where.join(" AND ");
  const [{ rows }, count] = await Promise.all([
    db.query<QuoteRow>(`SELECT ${COLUMNS} ${FROM} WHERE ${w} ORDER BY q.created_at DESC, q.id LIMIT ${f.size} OFFSET ${f.page * f.size}`, params),
    db.query<{ total: number }>(`SELECT count(*)::int AS total ${FROM} WHERE ${w}`, params),
  ]);
  return { rows, total: count.rows[0]?.total ?? 0 };
}

/** The latest quote of each supplier for one of the store's projects. */
export async function latestQuotesOfProject(db: Queryable, storeId: string, projectId: string): Promise<QuoteRow[]> {
  const { rows } = await db.query<QuoteRow>(
    `SELECT DISTINCT ON (q.supplier_id) ${COLUMNS} ${FROM} WHERE q.store_id = $1 AND q.project_id = $2 ORDER BY q.supplier_id, q.created_at DESC, q.id`,
    [storeId, projectId],
  );
  return rows;
}

export type NewQuote = QuoteTerms & { conversationId: string; storeId: string; supplierId: string; projectId: string | null; messageIndex: number; title: string; offeredBy: "STORE" | "SUPPLIER" };

export async function insertQuote(db: Queryable, q: NewQuote): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO quotes (conversation_id, store_id, supplier_id, project_id, message_index, title, unit_price_cents, quantity, moq, lead_time_days, sample_price_cents, valid_until, note, offered_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
    [q.conversationId, q.storeId, q.supplierId, q.projectId, q.messageIndex, q.title, q.unitPriceCents, q.quantity, q.moq, q.leadTimeDays, q.samplePriceCents, q.validUntil, q.note, q.offeredBy],
  );
  return rows[0]!.id;
}

/** Replaces the standing terms (a counter). */
export async function updateQuoteTerms(db: Queryable, id: string, t: QuoteTerms, offeredBy: "STORE" | "SUPPLIER"): Promise<void> {
  await db.query(
    `UPDATE quotes SET status = 'COUNTERED', unit_price_cents = $2, quantity = $3, moq = $4, lead_time_days = $5, sample_price_cents = $6, valid_until = $7, note = $8,
       offered_by = $9, updated_at = now() WHERE id = $1`,
    [id, t.unitPriceCents, t.quantity, t.moq, t.leadTimeDays, t.samplePriceCents, t.validUntil, t.note, offeredBy],
  );
}

/** Settles a quote (accepted, declined or expired), with its landed cost when accepted. */
export async function settleQuote(db: Queryable, id: string, status: "ACCEPTED" | "DECLINED" | "EXPIRED", landed?: { cents: number | null; basis: string }): Promise<void> {
  await db.query(
    `UPDATE quotes SET status = $2, decided_at = now(), updated_at = now(), landed_cost_cents = COALESCE($3, landed_cost_cents), landed_cost_basis = COALESCE($4, landed_cost_basis) WHERE id = $1`,
    [id, status, landed?.cents ?? null, landed?.basis ?? null],
  );
}

/** Appends a step to the audit trail with the terms as they now stand. */
export async function appendQuoteEvent(db: Queryable, quoteId: string, e: { action: QuoteStatus; side: "STORE" | "SUPPLIER" | "SYSTEM"; actorUserId: string | null; actorName: string; note: string }): Promise<void> {
  await db.query(
    `INSERT INTO quote_events (quote_id, action, side, actor_user_id, actor_name, unit_price_cents, quantity, moq, lead_time_days, sample_price_cents, valid_until, note)
     SELECT id, $2, $3, $4, $5, unit_price_cents, quantity, moq, lead_time_days, sample_price_cents, valid_until, $6 FROM quotes WHERE id = $1`,
    [quoteId, e.action, e.side, e.actorUserId, e.actorName, e.note],
  );
}

export async function quoteEvents(db: Queryable, quoteId: string): Promise<QuoteEventRow[]> {
  const { rows } = await db.query<QuoteEventRow>(
    `SELECT action, side, actor_name AS "actorName", unit_price_cents AS "unitPriceCents", quantity, moq, lead_time_days AS "leadTimeDays",
       sample_price_cents AS "samplePriceCents", valid_until AS "validUntil", note, created_at AS "createdAt"
     FROM quote_events WHERE quote_id = $1 ORDER BY id`,
    [quoteId],
  );
  return rows;
}

/** Open quotes past their valid-until time, locked and skipped by concurrent expiry runs (the expiry job; every store's). */
export async function lockLapsedQuotes(db: Queryable, limit: number): Promise<{ id: string; storeId: string; supplierId: string }[]> {
  const { rows } = await db.query<{ id: string; storeId: string; supplierId: string }>(
    `SELECT id, store_id AS "storeId", supplier_id AS "supplierId" FROM quotes
     WHERE status IN ('PROPOSED', 'COUNTERED') AND valid_until <= now() ORDER BY valid_until LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [limit],
  );
  return rows;
}
