import { randomUUID } from "node:crypto";
import type { BodyOf, ideation } from "@atelier/contracts";
import type { Ideation } from "@atelier/contracts/ideation";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { withTransaction, type Queryable } from "../../db/pool";
import { conflict, invalid } from "../../errors";
import { recordIdeaRound, type IdeaRow } from "../../queries/ideation/ideas";
import { lockStore } from "../../queries/stores";
import { withAiCredits } from "../plans/charge-ai-credits";
import { findIdeaOr404, ideaRoundCost, loadIdeation } from "./ideation-dto";
import { titleFromBrief, writeIdeas } from "./write-ideas";

async function writeRound(db: Queryable, row: IdeaRow, prompt: string, free: boolean): Promise<void> {
  const ideas = await writeIdeas(db, { ideationId: row.id, round: row.generationCount, prompt, category: row.category, maxUnitCost: row.maxUnitCostCents === null ? null : row.maxUnitCostCents / 100 }, new Date());
  await recordIdeaRound(db, row.storeId, row.id, { prompt, title: titleFromBrief(prompt, row.category), ideas, free });
}

/**
 * One round of product ideas. The store's first rounds are free (counted under a store lock, so two
 * tabs can't both take the last one); after them the caller must confirm the round's credits (the
 * screen and the copilot's approval show the amount), charged once per Idempotency-Key through the
 * ledger and given back when writing fails.
 */
export async function generateAiIdeas(ctx: UserContext, id: string, body: BodyOf<typeof ideation.generateAiIdeas>): Promise<Ideation> {
  requirePermission(ctx, "ai.use");
  const { storeId } = ctx.auth;
  const row = await findIdeaOr404(ctx.pool, storeId, id);
  if (row.isArchived) throw invalid("params.id", "is an archived ideation: restore it before generating ideas");
  const prompt = body.prompt ?? row.prompt.trim();
  if (prompt.length < 3) throw invalid("body.prompt", "is required: say what you want to make, e.g. eco-friendly dog toys for city apartments");
  const needConfirm = (credits: number) => conflict(`This round costs ${credits} AI credits; confirm ${credits} credits to write new ideas.`);

  const wroteFree = await withTransaction(ctx.pool, async (tx) => {
    await lockStore(tx, storeId);
    const cost = await ideaRoundCost(tx, storeId);
    if (cost.nextRoundCredits > 0) return false;
    await writeRound(tx, (await findIdeaOr404(tx, storeId, id, true)), prompt, true);
    return true;
  });
  if (!wroteFree) {
    const cost = await ideaRoundCost(ctx.pool, storeId);
    if (body.confirmCredits !== cost.nextRoundCredits) throw needConfirm(cost.nextRoundCredits);
    const key = `ideas:${id}:${ctx.idempotencyKey ?? randomUUID()}`;
    await withAiCredits(ctx.pool, storeId, { key, amount: cost.nextRoundCredits, reason: `Product ideas: ${prompt.slice(0, 80)}` }, (charge) =>
      // A replayed charge (the same key retried after the round was written) writes nothing new.
      charge.replayed ? Promise.resolve() : withTransaction(ctx.pool, async (tx) => writeRound(tx, (await findIdeaOr404(tx, storeId, id, true)), prompt, false)),
    );
  }
  return loadIdeation(ctx, id);
}
