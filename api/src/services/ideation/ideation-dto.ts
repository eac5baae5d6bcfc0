import { CREDITS_PER_IDEA_ROUND, FREE_IDEA_ROUNDS_PER_DAY, type Ideation, type IdeationSummary } from "@atelier/contracts/ideation";
import type { UserContext } from "../../context";
import type { Queryable } from "../../db/pool";
import { notFound } from "../../errors";
import { getIdea, storeFreeIdeaRoundsToday, type IdeaRow } from "../../queries/ideation/ideas";
import { getCreditBalance } from "../../queries/plans";

export type IdeaRoundCost = Ideation["cost"];

/** What the store's next round costs: nothing while today's free rounds last. */
export async function ideaRoundCost(db: Queryable, storeId: string): Promise<IdeaRoundCost> {
  const [used, balance] = await Promise.all([storeFreeIdeaRoundsToday(db, storeId), getCreditBalance(db, storeId)]);
  const freeRoundsLeft = Math.max(0, FREE_IDEA_ROUNDS_PER_DAY - used);
  return { nextRoundCredits: freeRoundsLeft > 0 ? 0 : CREDITS_PER_IDEA_ROUND, freeRoundsLeft, creditBalance: balance };
}

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

export function toIdeation(row: IdeaRow, cost: IdeaRoundCost): Ideation {
  return {
    id: row.id,
    title: row.title,
    prompt: row.prompt,
    category: row.category,
    maxUnitCost: dollars(row.maxUnitCostCents),
    ideas: row.ideas,
    selectedProductIds: row.selectedProductIds,
    generationCount: row.generationCount,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    isPublic: row.isPublic,
    pitch: row.pitch,
    fundingGoal: dollars(row.fundingGoalCents),
    isArchived: row.isArchived,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    cost,
  };
}

/** The picked ideas, in the order they were picked. */
export function selectedIdeas(row: Pick<IdeaRow, "ideas" | "selectedProductIds">) {
  const byId = new Map(row.ideas.map((i) => [i.uuid, i]));
  return row.selectedProductIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

export function toSummary(row: IdeaRow): IdeationSummary {
  return {
    id: row.id, title: row.title, prompt: row.prompt, category: row.category, ideaCount: row.ideas.length, selectedTitles: selectedIdeas(row).map((i) => i.title),
    submittedAt: row.submittedAt?.toISOString() ?? null, isPublic: row.isPublic, isArchived: row.isArchived, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
  };
}

/** The store's ideation, or 404 (another store's id reads as missing). */
export async function findIdeaOr404(db: Queryable, storeId: string, id: string, forUpdate = false): Promise<IdeaRow> {
  const row = await getIdea(db, storeId, id, forUpdate);
  if (!row) throw notFound("Ideation");
  return row;
}

export async function loadIdeation(ctx: UserContext, id: string): Promise<Ideation> {
  const row = await findIdeaOr404(ctx.pool, ctx.auth.storeId, id);
  return toIdeation(row, await ideaRoundCost(ctx.pool, ctx.auth.storeId));
}
