import type { RuleAction, RuleCondition } from "@atelier/contracts/order-rules";
import type { Queryable } from "../../db/pool";

// SQL of the store's fulfilment rules. Conditions and actions are stored as the contract's
// validated jsonb; every statement is scoped to one store.

export type OrderRuleRow = {
  id: string;
  name: string;
  position: number;
  enabled: boolean;
  match: "ALL" | "ANY";
  conditions: RuleCondition[];
  actions: RuleAction[];
  appliedCount: number;
  lastAppliedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

type Row = Record<string, unknown>;

const SELECT = `SELECT r.*,
  (SELECT count(*)::int FROM order_rule_applications a WHERE a.rule_id = r.id) AS applied_count,
  (SELECT max(a.created_at) FROM order_rule_applications a WHERE a.rule_id = r.id) AS last_applied_at
  FROM order_rules r`;

function toRule(r: Row): OrderRuleRow {
  return {
    id: r.id as string,
    name: r.name as string,
    position: r.position as number,
    enabled: r.enabled as boolean,
    match: r.match as "ALL" | "ANY",
    conditions: r.conditions as RuleCondition[],
    actions: r.actions as RuleAction[],
    appliedCount: (r.applied_count as number | undefined) ?? 0,
    lastAppliedAt: (r.last_applied_at as Date | null | undefined) ?? null,
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
  };
}

export async function listRules(db: Queryable, storeId: string): Promise<OrderRuleRow[]> {
  const { rows } = await db.query(`${SELECT} WHERE r.store_id = $1 ORDER BY r.position, r.created_at, r.id`, [storeId]);
  return rows.map(toRule);
}

/** The enabled rules in the order they run (without their counts: the hot path of arriving orders). */
export async function listEnabledRules(db: Queryable, storeId: string): Promise<OrderRuleRow[]> {
  const { rows } = await db.query(`SELECT r.* FROM order_rules r WHERE r.store_id = $1 AND r.enabled ORDER BY r.position, r.created_at, r.id`, [storeId]);
  return rows.map(toRule);
}

export async function getRule(db: Queryable, storeId: string, id: string, lock = false): Promise<OrderRuleRow | null> {
  const { rows } = await db.query(lock ? `SELECT r.* FROM order_rules r WHERE r.store_id = $1 AND r.id = $2 FOR UPDATE` : `${SELECT} WHERE r.store_id = $1 AND r.id = $2`, [storeId, id]);
  return rows[0] ? toRule(rows[0]) : null;
}

/** Locks the store's rule list (its first row's store) so concurrent adds and reorders queue. */
export async function lockStoreRules(db: Queryable, storeId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT id FROM order_rules WHERE store_id = $1 FOR UPDATE) r`, [storeId]);
  return rows[0]!.n;
}

export async function insertRule(
  db: Queryable,
  storeId: string,
  r: { name: string; enabled: boolean; match: "ALL" | "ANY"; conditions: RuleCondition[]; actions: RuleAction[]; userId: string | null },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO order_rules (store_id, name, position, enabled, match, conditions, actions, created_by_user_id)
     VALUES ($1, $2, (SELECT coalesce(max(position) + 1, 0) FROM order_rules WHERE store_id = $1), $3, $4, $5, $6, $7) RETURNING id`,
    [storeId, r.name, r.enabled, r.match, JSON.stringify(r.conditions), JSON.stringify(r.actions), r.userId],
  );
  return rows[0]!.id;
}

export async function updateRule(
  db: Queryable,
  storeId: string,
  id: string,
  p: { name?: string; enabled?: boolean; match?: "ALL" | "ANY"; conditions?: RuleCondition[]; actions?: RuleAction[] },
): Promise<void> {
  await db.query(
    `UPDATE order_rules SET name = coalesce($3, name), enabled = coalesce($4, enabled), match = coalesce($5, match),
       conditions = coalesce($6::jsonb, conditions), actions = coalesce($7::jsonb, actions), updated_at = now()
      WHERE store_id = $1 AND id = $2`,
    [storeId, id, p.name ?? null, p.enabled ?? null, p.match ?? null, p.conditions ? JSON.stringify(p.conditions) : null, p.actions ? JSON.stringify(p.actions) : null],
  );
}

export async function deleteRule(db: Queryable, storeId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM order_rules WHERE store_id = $1 AND id = $2`, [storeId, id]);
  return rowCount === 1;
}

/** Rewrites the positions: ids[0] runs first. */
export async function setPositions(db: Queryable, storeId: string, ids: string[]): Promise<void> {
  await db.query(
    `UPDATE order_rules r SET position = o.ord - 1, updated_at = now() FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, ord)
      WHERE r.store_id = $1 AND r.id = o.id`,
    [storeId, ids],
  );
}
