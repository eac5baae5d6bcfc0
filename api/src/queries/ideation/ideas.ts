import type { ProductIdea } from "@atelier/contracts/ideation";
import type { Queryable } from "../../db/pool";
import { containsPattern } from "../like-pattern";

// SQL of ideations (ai_ideas, migration 0160). Every statement names the store, so one store's id
// never reaches another's row.

export type IdeaRow = {
  id: string;
  storeId: string;
  title: string;
  prompt: string;
  category: string;
  maxUnitCostCents: number | null;
  ideas: ProductIdea[];
  selectedProductIds: string[];
  generationCount: number;
  pitch: string;
  fundingGoalCents: number | null;
  isPublic: boolean;
  submittedAt: Date | null;
  isArchived: boolean;
  createdAt: Date;
  updatedAt: Date;
};

type DbRow = {
  id: string; store_id: string; title: string; prompt: string; category: string; max_unit_cost_cents: number | null; ideas: ProductIdea[]; selected_product_ids: string[];
  generation_count: number; pitch: string; funding_goal_cents: string | null; is_public: boolean; submitted_at: Date | null; is_archived: boolean; created_at: Date; updated_at: Date;
};
const toRow = (r: DbRow): IdeaRow => ({
  id: r.id, storeId: r.store_id, title: r.title, prompt: r.prompt, category: r.category, maxUnitCostCents: r.max_unit_cost_cents, ideas: r.ideas, selectedProductIds: r.selected_product_ids,
  generationCount: r.generation_count, pitch: r.pitch, fundingGoalCents: r.funding_goal_cents === null ? null : Number(r.funding_goal_cents), isPublic: r.is_public,
  submittedAt: r.submitted_at, isArchived: r.is_archived, createdAt: r.created_at, updatedAt: r.updated_at,
});
const COLUMNS = "id, store_id, title, prompt, category, max_unit_cost_cents, ideas, selected_product_ids, generation_count, pitch, funding_goal_cents, is_public, submitted_at, is_archived, created_at, updated_at";

export type IdeaFields = { title?: string; prompt?: string; category?: string; maxUnitCostCents?: number | null; isArchived?: boolean };

export async function insertIdea(db: Queryable, storeId: string, userId: string, f: IdeaFields): Promise<IdeaRow> {
  const { rows } = await db.query<DbRow>(
    `INSERT INTO ai_ideas (store_id, created_by, title, prompt, category, max_unit_cost_cents) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [storeId, userId, f.title ?? "", f.prompt ?? "", f.category ?? "", f.maxUnitCostCents ?? null],
  );
  return toRow(rows[0]!);
}

export async function getIdea(db: Queryable, storeId: string, id: string, forUpdate = false): Promise<IdeaRow | null> {
  const { rows } = await db.query<DbRow>(`SELECT ${COLUMNS} FROM ai_ideas WHERE store_id = $1 AND id = $2${forUpdate ? " FOR UPDATE" : ""}`, [storeId, id]);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function latestActiveIdea(db: Queryable, storeId: string): Promise<IdeaRow | null> {
  const { rows } = await db.query<DbRow>(`SELECT ${COLUMNS} FROM ai_ideas WHERE store_id = $1 AND NOT is_archived ORDER BY updated_at DESC, id LIMIT 1`, [storeId]);
  return rows[0] ? toRow(rows[0]) : null;
}

/** Sets the given fields (undefined leaves a field; maxUnitCostCents null clears the limit). */
export async function updateIdeaFields(db: Queryable, storeId: string, id: string, f: IdeaFields): Promise<void> {
  await db.query(
    `UPDATE ai_ideas SET title = coalesce($3, title), prompt = coalesce($4, prompt), category = coalesce($5, category),
       max_unit_cost_cents = CASE WHEN $6 THEN $7 ELSE max_unit_cost_cents END, is_archived = coalesce($8, is_archived), updated_at = now()
     WHERE store_id = $1 AND id = $2`,
    [storeId, id, f.title ?? null, f.prompt ?? null, f.category ?? null, f.maxUnitCostCents !== undefined, f.maxUnitCostCents ?? null, f.isArchived ?? null],
  );
}

/** A written round: its ideas go first, and the round is counted (free or paid). */
export async function recordIdeaRound(db: Queryable, storeId: string, id: string, round: { prompt: string; title: string; ideas: ProductIdea[]; free: boolean }): Promise<void> {
  await db.query(
    `UPDATE ai_ideas SET prompt = $3, title = CASE WHEN title = '' THEN $4 ELSE title END, ideas = $5::jsonb || ideas,
       generation_count = generation_count + 1,
       free_rounds = CASE WHEN NOT $6 THEN free_rounds WHEN free_rounds_day = (now() AT TIME ZONE 'UTC')::date THEN free_rounds + 1 ELSE 1 END,
       free_rounds_day = CASE WHEN $6 THEN (now() AT TIME ZONE 'UTC')::date ELSE free_rounds_day END, updated_at = now()
     WHERE store_id = $1 AND id = $2`,
    [storeId, id, round.prompt, round.title, JSON.stringify(round.ideas), round.free],
  );
}

export async function setSelectedProducts(db: Queryable, storeId: string, id: string, ids: string[]): Promise<void> {
  await db.query("UPDATE ai_ideas SET selected_product_ids = $3, updated_at = now() WHERE store_id = $1 AND id = $2", [storeId, id, ids]);
}

export async function setSubmitted(db: Queryable, storeId: string, id: string, s: { pitch: string; fundingGoalCents: number; isPublic: boolean }): Promise<void> {
  await db.query(
    "UPDATE ai_ideas SET pitch = $3, funding_goal_cents = $4, is_public = $5, submitted_at = coalesce(submitted_at, now()), updated_at = now() WHERE store_id = $1 AND id = $2",
    [storeId, id, s.pitch, s.fundingGoalCents, s.isPublic],
  );
}

/** Free rounds the whole store wrote today, UTC (the allowance is the store's, not each ideation's). */
export async function storeFreeIdeaRoundsToday(db: Queryable, storeId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT coalesce(sum(free_rounds), 0)::int AS n FROM ai_ideas WHERE store_id = $1 AND free_rounds_day = (now() AT TIME ZONE 'UTC')::date",
    [storeId],
  );
  return rows[0]!.n;
}

const like = (s: string | undefined) => (s ? containsPattern(s) : null);
const ORDER: Record<"-updatedAt" | "-createdAt" | "title", string> = { "-updatedAt": "updated_at DESC, id", "-createdAt": "created_at DESC, id", title: "lower(title), id" };

export async function listIdeas(
  db: Queryable,
  storeId: string,
  q: { search?: string; sort: keyof typeof ORDER; includeArchived: boolean; limit: number; offset: number },
): Promise<{ list: IdeaRow[]; total: number }> {
  const where = "store_id = $1 AND ($2 OR NOT is_archived) AND ($3::text IS NULL OR title ILIKE $3 OR prompt ILIKE $3 OR category ILIKE $3)";
  const args = [storeId, q.includeArchived, like(q.search)];
  const [{ rows }, count] = await Promise.all([
    db.query<DbRow>(`SELECT ${COLUMNS} FROM ai_ideas WHERE ${where} ORDER BY ${ORDER[q.sort]} LIMIT $4 OFFSET $5`, [...args, q.limit, q.offset]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ai_ideas WHERE ${where}`, args),
  ]);
  return { list: rows.map(toRow), total: count.rows[0]!.n };
}

/** Submitted ideas their creators made public, across stores (the only cross-store read, by design). */
export async function listPublicIdeas(db: Queryable, q: { search?: string; limit: number; offset: number }): Promise<{ list: IdeaRow[]; total: number }> {
  const where = "is_public AND submitted_at IS NOT NULL AND NOT is_archived AND ($1::text IS NULL OR title ILIKE $1 OR pitch ILIKE $1)";
  const [{ rows }, count] = await Promise.all([
    db.query<DbRow>(`SELECT ${COLUMNS} FROM ai_ideas WHERE ${where} ORDER BY submitted_at DESC, id LIMIT $2 OFFSET $3`, [like(q.search), q.limit, q.offset]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ai_ideas WHERE ${where}`, [like(q.search)]),
  ]);
  return { list: rows.map(toRow), total: count.rows[0]!.n };
}

/** Archives or restores the listed ideations of the store; answers how many there were. */
export async function setArchivedMany(db: Queryable, storeId: string, ids: string[], isArchived: boolean): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>("UPDATE ai_ideas SET is_archived = $3, updated_at = now() WHERE store_id = $1 AND id = ANY($2::uuid[]) RETURNING id", [storeId, ids, isArchived]);
  return rows.map((r) => r.id);
}
