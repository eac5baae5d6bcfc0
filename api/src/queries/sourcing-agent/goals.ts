import type { Queryable } from "../../db/pool";

// Sourcing goals, one per conversation (thread) and store.

export type GoalRow = {
  id: string;
  conversation_sid: string;
  agent_type: "default" | "tariff" | "packaging";
  goal: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
};

const GOAL_COLUMNS = "id, conversation_sid, agent_type, goal, created_at, updated_at";

export async function findGoal(db: Queryable, storeId: string, conversationSid: string): Promise<GoalRow | null> {
  const { rows } = await db.query<GoalRow>(`SELECT ${GOAL_COLUMNS} FROM sourcing_agent_goals WHERE store_id = $1 AND conversation_sid = $2`, [storeId, conversationSid]);
  return rows[0] ?? null;
}

/** Inserts a goal; null when the conversation already has one in this store. */
export async function insertGoal(db: Queryable, g: { storeId: string; userId: string; conversationSid: string; agentType: string; goal: Record<string, unknown> }): Promise<GoalRow | null> {
  const { rows } = await db.query<GoalRow>(
    `INSERT INTO sourcing_agent_goals (store_id, user_id, conversation_sid, agent_type, goal) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (store_id, conversation_sid) DO NOTHING RETURNING ${GOAL_COLUMNS}`,
    [g.storeId, g.userId, g.conversationSid, g.agentType, JSON.stringify(g.goal)],
  );
  return rows[0] ?? null;
}

export async function updateGoal(db: Queryable, storeId: string, conversationSid: string, agentType: string | null, goal: Record<string, unknown>): Promise<GoalRow | null> {
  const { rows } = await db.query<GoalRow>(
    `UPDATE sourcing_agent_goals SET goal = $3, agent_type = COALESCE($4, agent_type), updated_at = now()
      WHERE store_id = $1 AND conversation_sid = $2 RETURNING ${GOAL_COLUMNS}`,
    [storeId, conversationSid, JSON.stringify(goal), agentType],
  );
  return rows[0] ?? null;
}

export async function deleteGoal(db: Queryable, storeId: string, conversationSid: string): Promise<boolean> {
  const { rowCount } = await db.query("DELETE FROM sourcing_agent_goals WHERE store_id = $1 AND conversation_sid = $2", [storeId, conversationSid]);
  return (rowCount ?? 0) > 0;
}
