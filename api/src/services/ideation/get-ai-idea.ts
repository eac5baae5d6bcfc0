import type { Ideation } from "@atelier/contracts/ideation";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { loadIdeation } from "./ideation-dto";

export async function getAiIdea(ctx: UserContext, id: string): Promise<Ideation> {
  requirePermission(ctx, "ai.use");
  return loadIdeation(ctx, id);
}
