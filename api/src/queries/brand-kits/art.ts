import type { Queryable } from "../../db/pool";

export async function getArtPng(db: Queryable, key: string): Promise<Buffer | null> {
  const { rows } = await db.query<{ png: Buffer }>("SELECT png FROM brand_kit_art WHERE key = $1", [key]);
  return rows[0]?.png ?? null;
}

export async function insertArt(db: Queryable, key: string, spec: unknown, png: Buffer): Promise<void> {
  await db.query("INSERT INTO brand_kit_art (key, spec, png) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING", [key, JSON.stringify(spec), png]);
}
