import type { BodyOf, ideation } from "@atelier/contracts";
import type { Ideation } from "@atelier/contracts/ideation";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { invalid } from "../../errors";
import { setSubmitted } from "../../queries/ideation/ideas";
import { findIdeaOr404, loadIdeation, selectedIdeas } from "./ideation-dto";

/** Submits an ideation for crowdfunding (/crowdfund-your-idea): it needs at least one picked idea. */
export async function submitAiIdea(ctx: UserContext, id: string, body: BodyOf<typeof ideation.submitAiIdea>): Promise<Ideation> {
  requirePermission(ctx, "marketing.manage");
  const row = await findIdeaOr404(ctx.pool, ctx.auth.storeId, id);
  if (row.isArchived) throw invalid("params.id", "is an archived ideation: restore it before submitting");
  if (selectedIdeas(row).length === 0) throw invalid("params.id", "has no picked product idea: pick at least one idea before submitting");
  await setSubmitted(ctx.pool, ctx.auth.storeId, id, { pitch: body.pitch, fundingGoalCents: Math.round(body.fundingGoal * 100), isPublic: body.isPublic });
  return loadIdeation(ctx, id);
}
