import type { Queryable } from "../../db/pool";

// SQL of product designs (one per member of a store; migration 0116).

export type DesignRow = {
  step: "PROMPT" | "RESULTS" | "SAVED";
  model: "AMAZON" | "OPENAI";
  description: string;
  sketchKeys: string[];
  generatedImageIds: string[];
  savedImageId: string | null;
  usedCredits: number;
  totalCount: number;
};

type DbRow = { step: DesignRow["step"]; model: DesignRow["model"]; description: string; sketch_keys: string[]; generated_image_ids: string[]; saved_image_id: string | null; used_credits: number; total_count: number };
const toRow = (r: DbRow): DesignRow => ({
  step: r.step, model: r.model, description: r.description, sketchKeys: r.sketch_keys, generatedImageIds: r.generated_image_ids,
  savedImageId: r.saved_image_id, usedCredits: r.used_credits, totalCount: r.total_count,
});
const COLUMNS = "step, model, description, sketch_keys, generated_image_ids, saved_image_id, used_credits, total_count";

/** A member's design as it starts (001 §2: step PROMPT; §9: model OPENAI); nothing is stored until they act. */
export const NEW_DESIGN: DesignRow = { step: "PROMPT", model: "OPENAI", description: "", sketchKeys: [], generatedImageIds: [], savedImageId: null, usedCredits: 0, totalCount: 0 };

/** The member's design, or the new one when they never acted (a read stores nothing). */
export async function findDesign(db: Queryable, storeId: string, userId: string): Promise<DesignRow> {
  const { rows } = await db.query<DbRow>(`SELECT ${COLUMNS} FROM product_designs WHERE store_id = $1 AND user_id = $2`, [storeId, userId]);
  return rows[0] ? toRow(rows[0]) : NEW_DESIGN;
}

/** The member's design, created at step PROMPT with the default model on first use. */
export async function getOrCreateDesign(db: Queryable, storeId: string, userId: string): Promise<DesignRow> {
  const { rows } = await db.query<DbRow>(
    `WITH made AS (INSERT INTO product_designs (store_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING ${COLUMNS})
     SELECT ${COLUMNS} FROM made UNION ALL SELECT ${COLUMNS} FROM product_designs WHERE store_id = $1 AND user_id = $2 LIMIT 1`,
    [storeId, userId],
  );
  return toRow(rows[0]!);
}

export async function updateDesign(
  db: Queryable,
  storeId: string,
  userId: string,
  patch: { step?: DesignRow["step"]; model?: DesignRow["model"]; description?: string; sketchKeys?: string[]; generatedImageIds?: string[]; savedImageId?: string },
): Promise<void> {
  await db.query(
    `UPDATE product_designs SET
       step = coalesce($3, step), model = coalesce($4, model), description = coalesce($5, description),
       sketch_keys = coalesce($6, sketch_keys), generated_image_ids = coalesce($7, generated_image_ids),
       saved_image_id = coalesce($8, saved_image_id), updated_at = now()
     WHERE store_id = $1 AND user_id = $2`,
    [storeId, userId, patch.step ?? null, patch.model ?? null, patch.description ?? null, patch.sketchKeys ?? null, patch.generatedImageIds ?? null, patch.savedImageId ?? null],
  );
}

/** A generated round: the new candidates replace the old ones, and what it cost is added up. */
export async function recordRound(db: Queryable, storeId: string, userId: string, round: { description: string; imageIds: string[]; credits: number; trial: boolean }): Promise<void> {
  await db.query(
    `UPDATE product_designs SET step = 'RESULTS', description = $3, generated_image_ids = $4, used_credits = used_credits + $5,
       total_count = total_count + 1, trial_rounds = trial_rounds + CASE WHEN $6 THEN 1 ELSE 0 END, updated_at = now()
     WHERE store_id = $1 AND user_id = $2`,
    [storeId, userId, round.description, round.imageIds, round.credits, round.trial],
  );
}

/** Trial rounds the whole store has used (the trial is the store's, not each member's). */
export async function storeTrialRounds(db: Queryable, storeId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT coalesce(sum(trial_rounds), 0)::int AS n FROM product_designs WHERE store_id = $1", [storeId]);
  return rows[0]!.n;
}
