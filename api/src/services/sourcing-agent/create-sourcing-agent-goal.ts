import type { BodyOf, sourcingAgent } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { conflict } from "../../errors";
import { insertGoal } from "../../queries/sourcing-agent/goals";
import { normaliseGoal, toGoalResponse } from "./goal-view";

/** Saves the goal of a conversation that has none yet. */
export async function createSourcingAgentGoal(ctx: UserContext, body: BodyOf<typeof sourcingAgent.createSourcingAgentGoal>) {
  const row = await insertGoal(ctx.pool, {
    storeId: ctx.auth.storeId,
    userId: ctx.auth.userId,
    conversationSid: body.conversationSid,
    agentType: body.agentType,
    goal: normaliseGoal(body.goal),
  });
  if (!row) throw conflict("This conversation already has a sourcing goal; update it with PUT.");
  return toGoalResponse(row);
}
