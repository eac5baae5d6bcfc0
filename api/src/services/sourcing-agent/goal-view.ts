import { sourcingAgent, type ResponseOf } from "@atelier/contracts";
import type { GoalRow } from "../../queries/sourcing-agent/goals";
import { validateGoal } from "./validate-goal";

type GoalValues = sourcingAgent.GoalValues;
type GoalInput = { [K in keyof GoalValues]?: GoalValues[K] | null | undefined };

const EMPTY: GoalValues = {
  productDescription: null,
  quantity: null,
  targetUnitPrice: null,
  budget: null,
  targetDate: null,
  destinationCountryCode: null,
  originCountryCode: null,
  materials: [],
  packagingNeeds: null,
  printDetails: null,
  attachments: [],
};

/** A stored or submitted goal with every field present (lists empty, others null). */
export function normaliseGoal(goal: GoalInput | Record<string, unknown>): GoalValues {
  const g = goal as GoalInput;
  const out: GoalValues = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as (keyof GoalValues)[]) {
    const value = g[key];
    if (value === undefined || value === null) continue;
    (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** Applies an update: given fields replace, null clears, omitted fields stay. */
export function mergeGoal(current: GoalValues, update: GoalInput): GoalValues {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined) continue;
    merged[key] = value;
  }
  return normaliseGoal(merged);
}

export function toGoalResponse(row: GoalRow): ResponseOf<typeof sourcingAgent.getSourcingAgentGoal> {
  const goal = normaliseGoal(row.goal);
  return {
    id: row.id,
    conversationSid: row.conversation_sid,
    agentType: row.agent_type,
    eventItemType: sourcingAgent.EVENT_ITEM_TYPE[row.agent_type],
    goal,
    validation: validateGoal(goal, row.agent_type),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
