import type { PlanType, SubscriptionStatus } from "@atelier/contracts";
import type { Queryable } from "../db/pool";

export type ModuleType = "BEGINNER" | "SCALING" | "PROFESSIONAL";

/** Keeps the store record's plan and blueprint subscription columns equal to the subscription. */
export async function updateStoreSubscription(
  db: Queryable,
  storeId: string,
  s: {
    planType: PlanType;
    subscriptionId: string | null;
    status: SubscriptionStatus | null;
    behavior: string | null;
    resumesAt: Date | null;
    pausedAt: Date | null;
  },
): Promise<void> {
  await db.query(
    `UPDATE stores SET plan_type = $2, blueprint_subscription_id = $3, blueprint_subscription_status = $4,
            blueprint_subscription_behavior = $5, blueprint_subscription_resumes_at = $6, blueprint_subscription_paused_at = $7,
            updated_at = now()
      WHERE id = $1`,
    [storeId, s.planType, s.subscriptionId, s.status, s.behavior, s.resumesAt, s.pausedAt],
  );
}

export async function listModules(db: Queryable, storeId: string): Promise<{ module_type: ModuleType; status: "ACTIVE" | "EXPIRED" }[]> {
  const { rows } = await db.query<{ module_type: ModuleType; status: "ACTIVE" | "EXPIRED" }>(
    "SELECT module_type, status FROM store_modules WHERE store_id = $1",
    [storeId],
  );
  return rows;
}

export async function activateModule(db: Queryable, storeId: string, moduleType: ModuleType): Promise<void> {
  await db.query(
    `INSERT INTO store_modules (store_id, module_type, status) VALUES ($1, $2, 'ACTIVE')
     ON CONFLICT (store_id, module_type) DO UPDATE SET status = 'ACTIVE', activated_at = now(), expired_at = NULL`,
    [storeId, moduleType],
  );
}

/** Expires every active module except the one kept. */
export async function expireModules(db: Queryable, storeId: string, keep: ModuleType | null): Promise<void> {
  await db.query(
    `UPDATE store_modules SET status = 'EXPIRED', expired_at = now()
      WHERE store_id = $1 AND status = 'ACTIVE' AND module_type IS DISTINCT FROM $2`,
    [storeId, keep],
  );
}

export async function insertCancellationSurvey(
  db: Queryable,
  s: {
    storeId: string;
    userId: string;
    subscriptionId: string;
    reason: string;
    rating: string;
    bookCall: boolean;
    samplesNotOrderedReason: string;
    offerAnswer: string;
    suggestions: string;
    outcome: "CANCELED" | "OFFER_APPLIED";
  },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO subscription_cancellation_surveys
       (store_id, user_id, subscription_id, reason, rating_bucket, book_call, samples_not_ordered_reason, offer_answer, suggestions, outcome)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [s.storeId, s.userId, s.subscriptionId, s.reason, s.rating, s.bookCall, s.samplesNotOrderedReason, s.offerAnswer, s.suggestions, s.outcome],
  );
  return rows[0]!.id;
}

export async function getStoreTitle(db: Queryable, storeId: string): Promise<string | null> {
  const { rows } = await db.query<{ title: string }>("SELECT title FROM stores WHERE id = $1", [storeId]);
  return rows[0]?.title ?? null;
}

export async function getCreditBalance(db: Queryable, storeId: string): Promise<number> {
  const { rows } = await db.query<{ balance: number }>("SELECT balance FROM ai_credit_balances WHERE store_id = $1", [storeId]);
  return rows[0]?.balance ?? 0;
}

/** Adds credits and writes the movement in one statement. */
export async function addCreditsRow(db: Queryable, storeId: string, amount: number, reason: string, chargeId: string | null): Promise<number> {
  const { rows } = await db.query<{ balance_after: number }>(
    `WITH bal AS (
       INSERT INTO ai_credit_balances (store_id, balance) VALUES ($1, $2)
       ON CONFLICT (store_id) DO UPDATE SET balance = ai_credit_balances.balance + EXCLUDED.balance, updated_at = now()
       RETURNING balance)
     INSERT INTO ai_credit_movements (store_id, delta, balance_after, reason, charge_id)
     SELECT $1, $2, balance, $3, $4 FROM bal RETURNING balance_after`,
    [storeId, amount, reason, chargeId],
  );
  return rows[0]!.balance_after;
}

/** Takes credits and writes the movement in one statement; null when the balance is too small. */
export async function spendCreditsRow(db: Queryable, storeId: string, amount: number, reason: string): Promise<number | null> {
  const { rows } = await db.query<{ balance_after: number }>(
    `WITH bal AS (
       UPDATE ai_credit_balances SET balance = balance - $2, updated_at = now()
        WHERE store_id = $1 AND balance >= $2 RETURNING balance)
     INSERT INTO ai_credit_movements (store_id, delta, balance_after, reason)
     SELECT $1, -$2::int, balance, $3 FROM bal RETURNING balance_after`,
    [storeId, amount, reason],
  );
  return rows[0]?.balance_after ?? null;
}

export type CreditMovementRow = { id: string; delta: number; balance_after: number; reason: string; charge_id: string | null; created_at: Date };

export async function listCreditMovements(db: Queryable, storeId: string, limit: number, offset: number): Promise<{ list: CreditMovementRow[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    db.query<CreditMovementRow>(
      `SELECT id, delta, balance_after, reason, charge_id, created_at FROM ai_credit_movements WHERE store_id = $1
        ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      [storeId, limit, offset],
    ),
    db.query<{ n: number }>("SELECT count(*)::int AS n FROM ai_credit_movements WHERE store_id = $1", [storeId]),
  ]);
  return { list: rows, total: count.rows[0]!.n };
}
