import type { BodyOf, ideation } from "@atelier/contracts";
import type { Ideation } from "@atelier/contracts/ideation";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { updateIdeaFields } from "../../queries/ideation/ideas";
import { toCents } from "./create-ai-idea";
import { findIdeaOr404, loadIdeation } from "./ideation-dto";

/** Renames, re-briefs or archives an ideation (archiving takes it off /your-ideations, 001 §4). */
export async function updateAiIdea(ctx: UserContext, id: string, body: BodyOf<typeof ideation.updateAiIdea>): Promise<Ideation> {
  requirePermission(ctx, "ai.use");
  await findIdeaOr404(ctx.pool, ctx.auth.storeId, id);
  await updateIdeaFields(ctx.pool, ctx.auth.storeId, id, { ...body, maxUnitCostCents: toCents(body.maxUnitCost) });
  return loadIdeation(ctx, id);
}
