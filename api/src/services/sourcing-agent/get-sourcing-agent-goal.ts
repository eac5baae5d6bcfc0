import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { findGoal } from "../../queries/sourcing-agent/goals";
import { toGoalResponse } from "./goal-view";

/** The goal of one of the store's agent conversations. */
export async function getSourcingAgentGoal(ctx: UserContext, conversationSid: string) {
  const row = await findGoal(ctx.pool, ctx.auth.storeId, conversationSid);
  if (!row) throw notFound("A sourcing goal for this conversation");
  return toGoalResponse(row);
}
