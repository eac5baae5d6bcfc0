import { randomUUID } from "node:crypto";
import type { BodyOf, ideation } from "@atelier/contracts";
import type { GeneratedIdeation, ProductIdea } from "@atelier/contracts/ideation";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { withTransaction, type Queryable } from "../../db/pool";
import { conflict, invalid } from "../../errors";
import { recordIdeaRound, type IdeaRow } from "../../queries/ideation/ideas";
import { lockStore } from "../../queries/stores";
import { withAiCredits } from "../plans/charge-ai-credits";
import { findIdeaOr404, ideaRoundCost, loadIdeation } from "./ideation-dto";
import { writeIdeasWithModel } from "./model-ideas";
import { titleFromBrief, writeIdeas, type Brief } from "./write-ideas";

/** What a creator reads when the model could not write their round. */
export const MODEL_FELL_BACK = "The AI model could not write these ideas just now, so Atelier's own writer wrote them from the marketplace's listings.";

type Written = { ideas: ProductIdea[]; notice: string | null };

/**
 * The round's ideas, outside any transaction (a model may take seconds): the configured model's,
 * else the offline writer's; a model that fails or answers invalid ideas is logged and the offline
 * writer answers, with a notice saying so.
 */
async function writeRoundIdeas(ctx: UserContext, row: IdeaRow, prompt: string): Promise<Written> {
  const brief: Brief = { ideationId: row.id, round: row.generationCount, prompt, category: row.category, maxUnitCost: row.maxUnitCostCents === null ? null : row.maxUnitCostCents / 100 };
  const writer = ctx.providers.textWriter;
  if (writer.kind === "model") {
    try {
      return { ideas: await writeIdeasWithModel(ctx.pool, writer, brief, new Date()), notice: null };
    } catch (err) {
      ctx.log.warn({ err, model: writer.label }, "the model could not write product ideas; the offline writer answers");
      return { ideas: await writeIdeas(ctx.pool, brief, new Date()), notice: MODEL_FELL_BACK };
    }
  }
  return { ideas: await writeIdeas(ctx.pool, brief, new Date()), notice: null };
}

/**
 * One round of product ideas. The store's first rounds are free (counted under a store lock, so two
 * tabs can't both take the last one); after them the caller must confirm the round's credits (the
 * screen and the copilot's approval show the amount), charged once per Idempotency-Key through the
 * ledger and given back when writing fails. A round costs the same whoever writes it: a model that
 * fails is replaced by the offline writer, and the round is delivered.
 */
export async function generateAiIdeas(ctx: UserContext, id: string, body: BodyOf<typeof ideation.generateAiIdeas>): Promise<GeneratedIdeation> {
  requirePermission(ctx, "ai.use");
  const { storeId } = ctx.auth;
  const row = await findIdeaOr404(ctx.pool, storeId, id);
  if (row.isArchived) throw invalid("params.id", "is an archived ideation: restore it before generating ideas");
  const prompt = body.prompt ?? row.prompt.trim();
  if (prompt.length < 3) throw invalid("body.prompt", "is required: say what you want to make, e.g. eco-friendly dog toys for city apartments");
  const needConfirm = (credits: number) => conflict(`This round costs ${credits} AI credits; confirm ${credits} credits to write new ideas.`);
  const record = async (tx: Queryable, written: Written, free: boolean) => {
    const fresh = await findIdeaOr404(tx, storeId, id, true);
    await recordIdeaRound(tx, storeId, fresh.id, { prompt, title: titleFromBrief(prompt, fresh.category), ideas: written.ideas, free });
  };

  let notice: string | null = null;
  if ((await ideaRoundCost(ctx.pool, storeId)).nextRoundCredits === 0) {
    const written = await writeRoundIdeas(ctx, row, prompt);
    // The free round is taken under the store lock: a tab that wrote meanwhile may have used the last one.
    const tookFree = await withTransaction(ctx.pool, async (tx) => {
      await lockStore(tx, storeId);
      if ((await ideaRoundCost(tx, storeId)).nextRoundCredits > 0) return false;
      await record(tx, written, true);
      return true;
    });
    if (!tookFree) throw needConfirm((await ideaRoundCost(ctx.pool, storeId)).nextRoundCredits);
    notice = written.notice;
  } else {
    const cost = await ideaRoundCost(ctx.pool, storeId);
    if (body.confirmCredits !== cost.nextRoundCredits) throw needConfirm(cost.nextRoundCredits);
    const key = `ideas:${id}:${ctx.idempotencyKey ?? randomUUID()}`;
    notice = await withAiCredits(ctx.pool, storeId, { key, amount: cost.nextRoundCredits, reason: `Product ideas: ${prompt.slice(0, 80)}` }, async (charge) => {
      // A replayed charge (the same key retried after the round was written) writes nothing new.
      if (charge.replayed) return null;
      const written = await writeRoundIdeas(ctx, row, prompt);
      await withTransaction(ctx.pool, (tx) => record(tx, written, false));
      return written.notice;
    });
  }
  return { ...(await loadIdeation(ctx, id)), notice };
}
