import type { PlanType, ResponseOf, SubscriptionStatus, stores } from "@atelier/contracts";
import type { Queryable } from "../db/pool";

/** One member's store record as migration 0018's function renders it (timestamps as the API's ISO text). */
export type StoreRecordRow = {
  id: string;
  title: string;
  plan_type: PlanType;
  account_type: string;
  work_style: string;
  is_preview: boolean;
  blueprint_subscription_id: string | null;
  blueprint_subscription_status: SubscriptionStatus | null;
  blueprint_subscription_behavior: ResponseOf<typeof stores.getMyStore>["blueprintSubscriptionBehavior"];
  blueprint_subscription_resumes_at: string | null;
  blueprint_subscription_paused_at: string | null;
  created_at: string;
  user_id: string;
  username: string;
  email: string;
  role: string;
  external_fields: { name: string; value: unknown }[];
};

/**
 * The store as seen by one member, with that member's user and role and the external fields. The
 * row is kept by triggers (migration 0015) and read through a function whose plan the session
 * keeps (0018): the hottest read of the API is one call returning one JSON text column.
 */
export async function getStoreRecord(db: Queryable, storeId: string, userId: string): Promise<StoreRecordRow | null> {
  const { rows } = await db.query<{ record: string | null }>("SELECT store_member_record($1, $2) AS record", [storeId, userId]);
  const record = rows[0]?.record;
  return record ? (JSON.parse(record) as StoreRecordRow) : null;
}

export async function getStorePlan(db: Queryable, storeId: string): Promise<PlanType | null> {
  const { rows } = await db.query<{ plan_type: PlanType }>("SELECT plan_type FROM stores WHERE id = $1", [storeId]);
  return rows[0]?.plan_type ?? null;
}

// --- The store's own settings (sub-paths of /web/stores/me) ------------------------------------

export type StoreProfileRow = {
  title: string;
  description: string | null;
  logo_url: string | null;
  website: string | null;
  contact_email: string | null;
  phone: string | null;
  social_links: Record<string, string> | null;
  support_address: SupportAddressValue | null;
  updated_at: Date | null;
};

export type SupportAddressValue = { line1: string; line2: string | null; city: string; state: string | null; postalCode: string; countryCode: string };

/** The profile columns a patch may set, keyed by the contract's field name. */
export type StoreProfilePatch = Partial<{
  description: string | null;
  logoUrl: string | null;
  website: string | null;
  contactEmail: string | null;
  phone: string | null;
  socialLinks: Record<string, string> | null;
  supportAddress: SupportAddressValue | null;
}>;

export async function getStoreProfile(db: Queryable, storeId: string): Promise<StoreProfileRow | null> {
  const { rows } = await db.query<StoreProfileRow>(
    `SELECT s.title, p.description, p.logo_url, p.website, p.contact_email, p.phone, p.social_links, p.support_address, p.updated_at
       FROM stores s LEFT JOIN store_profiles p ON p.store_id = s.id
      WHERE s.id = $1`,
    [storeId],
  );
  return rows[0] ?? null;
}

export async function updateStoreTitle(db: Queryable, storeId: string, title: string): Promise<void> {
  await db.query("UPDATE stores SET title = $2, updated_at = now() WHERE id = $1", [storeId, title]);
}

/**
 * Applies a profile patch in one statement: a key present in the patch sets its column (JSON null
 * clears it), an absent key keeps the stored value.
 */
export async function patchStoreProfile(db: Queryable, storeId: string, patch: StoreProfilePatch): Promise<void> {
  await db.query(
    `INSERT INTO store_profiles AS p (store_id, description, logo_url, website, contact_email, phone, social_links, support_address)
     VALUES ($1, $2::jsonb->>'description', $2::jsonb->>'logoUrl', $2::jsonb->>'website', $2::jsonb->>'contactEmail', $2::jsonb->>'phone',
             COALESCE(NULLIF($2::jsonb->'socialLinks', 'null'::jsonb), '{}'::jsonb), NULLIF($2::jsonb->'supportAddress', 'null'::jsonb))
     ON CONFLICT (store_id) DO UPDATE SET
       description = CASE WHEN $2::jsonb ? 'description' THEN EXCLUDED.description ELSE p.description END,
       logo_url = CASE WHEN $2::jsonb ? 'logoUrl' THEN EXCLUDED.logo_url ELSE p.logo_url END,
       website = CASE WHEN $2::jsonb ? 'website' THEN EXCLUDED.website ELSE p.website END,
       contact_email = CASE WHEN $2::jsonb ? 'contactEmail' THEN EXCLUDED.contact_email ELSE p.contact_email END,
       phone = CASE WHEN $2::jsonb ? 'phone' THEN EXCLUDED.phone ELSE p.phone END,
       social_links = CASE WHEN $2::jsonb ? 'socialLinks' THEN EXCLUDED.social_links ELSE p.social_links END,
       support_address = CASE WHEN $2::jsonb ? 'supportAddress' THEN EXCLUDED.support_address ELSE p.support_address END,
       updated_at = now()`,
    [storeId, JSON.stringify(patch)],
  );
}

export type StoreConfigsRow = {
  timezone: string;
  weight_unit: "lb" | "oz" | "kg" | "g";
  notify_email_on_new_order: boolean;
  inbox_sms_notify: boolean;
  analytics_enabled: boolean;
  fulfillment_metrics_enabled: boolean;
  updated_at: Date;
};

export type StoreConfigsValues = Omit<StoreConfigsRow, "updated_at">;

export async function getStoreConfigs(db: Queryable, storeId: string, forUpdate = false): Promise<StoreConfigsRow | null> {
  const { rows } = await db.query<StoreConfigsRow>(
    `SELECT timezone, weight_unit, notify_email_on_new_order, inbox_sms_notify, analytics_enabled, fulfillment_metrics_enabled, updated_at
       FROM store_configs WHERE store_id = $1${forUpdate ? " FOR UPDATE" : ""}`,
    [storeId],
  );
  return rows[0] ?? null;
}

/** Creates the store's settings row with the given values unless it exists (then nothing changes). */
export async function insertStoreConfigsIfMissing(db: Queryable, storeId: string, v: StoreConfigsValues): Promise<void> {
  await db.query(
    `INSERT INTO store_configs (store_id, timezone, weight_unit, notify_email_on_new_order, inbox_sms_notify, analytics_enabled, fulfillment_metrics_enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (store_id) DO NOTHING`,
    [storeId, v.timezone, v.weight_unit, v.notify_email_on_new_order, v.inbox_sms_notify, v.analytics_enabled, v.fulfillment_metrics_enabled],
  );
}

export async function updateStoreConfigs(db: Queryable, storeId: string, v: StoreConfigsValues): Promise<StoreConfigsRow> {
  const { rows } = await db.query<StoreConfigsRow>(
    `UPDATE store_configs
        SET timezone = $2, weight_unit = $3, notify_email_on_new_order = $4, inbox_sms_notify = $5,
            analytics_enabled = $6, fulfillment_metrics_enabled = $7, updated_at = now()
      WHERE store_id = $1
      RETURNING timezone, weight_unit, notify_email_on_new_order, inbox_sms_notify, analytics_enabled, fulfillment_metrics_enabled, updated_at`,
    [storeId, v.timezone, v.weight_unit, v.notify_email_on_new_order, v.inbox_sms_notify, v.analytics_enabled, v.fulfillment_metrics_enabled],
  );
  return rows[0]!;
}

export async function getStorePhone(db: Queryable, storeId: string): Promise<string | null> {
  const { rows } = await db.query<{ phone: string | null }>("SELECT phone FROM store_profiles WHERE store_id = $1", [storeId]);
  return rows[0]?.phone ?? null;
}

export type ExternalField = { name: string; value: unknown };

export async function listExternalFields(db: Queryable, storeId: string): Promise<ExternalField[]> {
  const { rows } = await db.query<ExternalField>("SELECT name, value FROM store_external_fields WHERE store_id = $1 ORDER BY name", [storeId]);
  return rows;
}

/** Sets each field's value, replacing what was stored under that name. */
export async function upsertExternalFields(db: Queryable, storeId: string, fields: ExternalField[]): Promise<void> {
  await db.query(
    `INSERT INTO store_external_fields (store_id, name, value)
     SELECT $1, f.name, f.value FROM jsonb_to_recordset($2::jsonb) AS f(name text, value jsonb)
     ON CONFLICT (store_id, name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [storeId, JSON.stringify(fields)],
  );
}

export async function listSeenFlags(db: Queryable, storeId: string): Promise<string[]> {
  const { rows } = await db.query<{ flag: string }>("SELECT flag FROM store_seen_flags WHERE store_id = $1", [storeId]);
  return rows.map((r) => r.flag);
}

/** Marks the first list seen and the second unseen, in one statement. */
export async function setSeenFlags(db: Queryable, storeId: string, seen: string[], unseen: string[]): Promise<void> {
  await db.query(
    `WITH cleared AS (DELETE FROM store_seen_flags WHERE store_id = $1 AND flag = ANY($3::text[]))
     INSERT INTO store_seen_flags (store_id, flag) SELECT $1, unnest($2::text[]) ON CONFLICT (store_id, flag) DO NOTHING`,
    [storeId, seen, unseen],
  );
}

export type BusinessPlanRow = { answers: Record<string, unknown>; completed_at: Date; updated_at: Date };

export async function getBusinessPlan(db: Queryable, storeId: string): Promise<BusinessPlanRow | null> {
  const { rows } = await db.query<BusinessPlanRow>("SELECT answers, completed_at, updated_at FROM store_business_plans WHERE store_id = $1", [storeId]);
  return rows[0] ?? null;
}

/** Stores the answers; the first completion time survives later saves. */
export async function upsertBusinessPlan(db: Queryable, storeId: string, answers: Record<string, unknown>): Promise<BusinessPlanRow> {
  const { rows } = await db.query<BusinessPlanRow>(
    `INSERT INTO store_business_plans (store_id, answers) VALUES ($1, $2::jsonb)
     ON CONFLICT (store_id) DO UPDATE SET answers = EXCLUDED.answers, updated_at = now()
     RETURNING answers, completed_at, updated_at`,
    [storeId, JSON.stringify(answers)],
  );
  return rows[0]!;
}

export type BankAccountRow = {
  account_holder_name: string;
  bank_name: string;
  account_type: "CHECKING" | "SAVINGS";
  account_last4: string;
  routing_last4: string;
  country: string;
  updated_at: Date;
};

const BANK_COLUMNS = "account_holder_name, bank_name, account_type, account_last4, routing_last4, country, updated_at";

export async function getBankAccount(db: Queryable, storeId: string): Promise<BankAccountRow | null> {
  const { rows } = await db.query<BankAccountRow>(`SELECT ${BANK_COLUMNS} FROM store_bank_accounts WHERE store_id = $1`, [storeId]);
  return rows[0] ?? null;
}

export async function upsertBankAccount(db: Queryable, storeId: string, v: Omit<BankAccountRow, "country" | "updated_at">): Promise<BankAccountRow> {
  const { rows } = await db.query<BankAccountRow>(
    `INSERT INTO store_bank_accounts (store_id, account_holder_name, bank_name, account_type, account_last4, routing_last4)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (store_id) DO UPDATE SET account_holder_name = EXCLUDED.account_holder_name, bank_name = EXCLUDED.bank_name,
       account_type = EXCLUDED.account_type, account_last4 = EXCLUDED.account_last4, routing_last4 = EXCLUDED.routing_last4, updated_at = now()
     RETURNING ${BANK_COLUMNS}`,
    [storeId, v.account_holder_name, v.bank_name, v.account_type, v.account_last4, v.routing_last4],
  );
  return rows[0]!;
}

/** The store's title, shown as the author of its reviews. */
/** Locks the store row: serialises per store a check-then-insert that has no unique key to lean on. */
export async function lockStore(db: Queryable, storeId: string): Promise<void> {
  await db.query(`SELECT id FROM stores WHERE id = $1 FOR UPDATE`, [storeId]);
}

export async function findStoreTitle(db: Queryable, storeId: string): Promise<string | null> {
  const { rows } = await db.query<{ title: string }>("SELECT title FROM stores WHERE id = $1", [storeId]);
  return rows[0]?.title ?? null;
}

/** The store's title and who owns it (the sender named in its suppliers' e-mails). */
export async function getStoreTitleAndOwner(db: Queryable, storeId: string): Promise<{ title: string; ownerUserId: string } | null> {
  const { rows } = await db.query<{ title: string; owner_user_id: string }>("SELECT title, owner_user_id FROM stores WHERE id = $1", [storeId]);
  return rows[0] ? { title: rows[0].title, ownerUserId: rows[0].owner_user_id } : null;
}
