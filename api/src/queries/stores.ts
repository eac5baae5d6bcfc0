import type { PlanType, SubscriptionStatus } from "@atelier/contracts";
import type { Queryable } from "../db/pool";

export type StoreRecordRow = {
  id: string;
  title: string;
  plan_type: PlanType;
  account_type: string;
  work_style: string;
  is_preview: boolean;
  blueprint_subscription_id: string | null;
  blueprint_subscription_status: SubscriptionStatus | null;
  blueprint_subscription_behavior: "keep_as_draft" | "mark_uncollectible" | "void" | null;
  blueprint_subscription_resumes_at: Date | null;
  blueprint_subscription_paused_at: Date | null;
  created_at: Date;
  user_id: string;
  username: string;
  email: string;
  role: string;
  external_fields: { name: string; value: unknown }[];
};

/** The store as seen by one member, with that member's user and role and the external fields: one query. */
export async function getStoreRecord(db: Queryable, storeId: string, userId: string): Promise<StoreRecordRow | null> {
  const { rows } = await db.query<StoreRecordRow>(
    `SELECT s.id, s.title, s.plan_type, s.account_type, s.work_style, s.is_preview,
            s.blueprint_subscription_id, s.blueprint_subscription_status, s.blueprint_subscription_behavior,
            s.blueprint_subscription_resumes_at, s.blueprint_subscription_paused_at, s.created_at,
            u.id AS user_id, u.username, u.email, m.role,
            COALESCE((SELECT json_agg(json_build_object('name', f.name, 'value', f.value) ORDER BY f.name)
                        FROM store_external_fields f WHERE f.store_id = s.id), '[]') AS external_fields
       FROM stores s
       JOIN store_members m ON m.store_id = s.id AND m.user_id = $2
       JOIN users u ON u.id = m.user_id
      WHERE s.id = $1`,
    [storeId, userId],
  );
  return rows[0] ?? null;
}

export async function getStorePlan(db: Queryable, storeId: string): Promise<PlanType | null> {
  const { rows } = await db.query<{ plan_type: PlanType }>("SELECT plan_type FROM stores WHERE id = $1", [storeId]);
  return rows[0]?.plan_type ?? null;
}
