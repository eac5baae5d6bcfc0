import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { deleteGoal } from "../../queries/sourcing-agent/goals";

/** Deletes a conversation's goal. */
export async function deleteSourcingAgentGoal(ctx: UserContext, conversationSid: string) {
  if (!(await deleteGoal(ctx.pool, ctx.auth.storeId, conversationSid))) throw notFound("A sourcing goal for this conversation");
  return { conversationSid, deleted: true as const };
}
