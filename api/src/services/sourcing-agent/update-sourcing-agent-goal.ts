import type { BodyOf, sourcingAgent } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { notFound } from "../../errors";
import { findGoal, updateGoal } from "../../queries/sourcing-agent/goals";
import { mergeGoal, normaliseGoal, toGoalResponse } from "./goal-view";

/** Updates a conversation's goal field by field. */
export async function updateSourcingAgentGoal(ctx: UserContext, body: BodyOf<typeof sourcingAgent.updateSourcingAgentGoal>) {
  const row = await withTransaction(ctx.pool, async (db) => {
    const current = await findGoal(db, ctx.auth.storeId, body.conversationSid);
    if (!current) throw notFound("A sourcing goal for this conversation");
    const merged = mergeGoal(normaliseGoal(current.goal), body.goal);
    return updateGoal(db, ctx.auth.storeId, body.conversationSid, body.agentType ?? null, merged);
  });
  return toGoalResponse(row!);
}
