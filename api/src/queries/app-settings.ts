import type { Queryable } from "../db/pool";

/** A value kept in app_settings (one row per key, JSON text), or null when it was never set. */
export async function getTextSetting(db: Queryable, key: string): Promise<string | null> {
  const { rows } = await db.query<{ value: string }>("SELECT value FROM app_settings WHERE key = $1", [key]);
  return rows[0]?.value ?? null;
}

/** Sets a text value in app_settings. */
export async function setTextSetting(db: Queryable, key: string, value: string): Promise<void> {
  await db.query(
    `INSERT INTO app_settings (key, value) VALUES ($1, to_jsonb($2::text))
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, value],
  );
}
