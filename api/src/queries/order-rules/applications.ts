import type { RuleAction } from "@atelier/contracts/order-rules";
import type { Queryable } from "../../db/pool";

// SQL of what rules did to orders: one row per rule that matched an arriving order.

export type RuleApplicationRow = { ruleId: string | null; ruleName: string; actions: RuleAction[]; tags: string[]; createdAt: Date };

export async function insertApplication(db: Queryable, storeId: string, a: { orderId: string; ruleId: string; ruleName: string; actions: RuleAction[]; tags: string[] }): Promise<void> {
  await db.query(
    `INSERT INTO order_rule_applications (store_id, order_id, rule_id, rule_name, actions, tags) VALUES ($1, $2, $3, $4, $5, $6)`,
    [storeId, a.orderId, a.ruleId, a.ruleName, JSON.stringify(a.actions), a.tags],
  );
}

/** What rules did to one order, oldest first. */
export async function listApplications(db: Queryable, storeId: string, orderId: string): Promise<RuleApplicationRow[]> {
  const { rows } = await db.query(`SELECT * FROM order_rule_applications WHERE store_id = $1 AND order_id = $2 ORDER BY created_at, id`, [storeId, orderId]);
  return rows.map((r: Record<string, unknown>) => ({ ruleId: r.rule_id as string | null, ruleName: r.rule_name as string, actions: r.actions as RuleAction[], tags: r.tags as string[], createdAt: r.created_at as Date }));
}
