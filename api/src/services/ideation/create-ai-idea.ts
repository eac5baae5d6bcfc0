import type { BodyOf, ideation } from "@atelier/contracts";
import type { Ideation } from "@atelier/contracts/ideation";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { insertIdea } from "../../queries/ideation/ideas";
import { ideaRoundCost, toIdeation } from "./ideation-dto";
import { titleFromBrief } from "./write-ideas";

export const toCents = (dollars: number | null | undefined) => (dollars === undefined ? undefined : dollars === null ? null : Math.round(dollars * 100));

export async function createAiIdea(ctx: UserContext, body: BodyOf<typeof ideation.createAiIdea>): Promise<Ideation> {
  requirePermission(ctx, "ai.use");
  const b = body ?? {};
  const title = b.title || (b.prompt || b.category ? titleFromBrief(b.prompt ?? "", b.category ?? "") : "");
  const row = await insertIdea(ctx.pool, ctx.auth.storeId, ctx.auth.userId, { title, prompt: b.prompt, category: b.category, maxUnitCostCents: toCents(b.maxUnitCost) });
  return toIdeation(row, await ideaRoundCost(ctx.pool, ctx.auth.storeId));
}
