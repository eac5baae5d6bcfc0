import type { ResponseOf, stores } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { getBusinessPlan, type BusinessPlanRow } from "../../queries/stores";

export type BusinessPlan = ResponseOf<typeof stores.getStoreBusinessPlan>;

/** The store's business plan; empty and not completed until the first save. */
export async function getStoreBusinessPlan(ctx: UserContext): Promise<BusinessPlan> {
  return toBusinessPlan(await getBusinessPlan(ctx.pool, ctx.auth.storeId));
}

export function toBusinessPlan(row: BusinessPlanRow | null): BusinessPlan {
  if (!row) return { completed: false, answers: {}, completedAt: null, updatedAt: null };
  return {
    completed: true,
    answers: row.answers as BusinessPlan["answers"],
    completedAt: row.completed_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
