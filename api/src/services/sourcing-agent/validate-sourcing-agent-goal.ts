import type { BodyOf, sourcingAgent } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { normaliseGoal } from "./goal-view";
import { validateGoal } from "./validate-goal";

/** Validates a goal the agent holds (saved or not). */
export async function validateSourcingAgentGoal(_ctx: UserContext, body: BodyOf<typeof sourcingAgent.validateSourcingAgentGoal>) {
  return validateGoal(normaliseGoal(body.agentGoal), body.agentType);
}
