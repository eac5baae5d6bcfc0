import type { BodyOf, stores } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { upsertBusinessPlan } from "../../queries/stores";
import { toBusinessPlan, type BusinessPlan } from "./get-store-business-plan";

/** Saves the answers (replacing earlier ones) and marks the plan completed. */
export async function completeStoreBusinessPlan(ctx: UserContext, input: BodyOf<typeof stores.completeStoreBusinessPlan>): Promise<BusinessPlan> {
  return toBusinessPlan(await upsertBusinessPlan(ctx.pool, ctx.auth.storeId, input.answers));
}
