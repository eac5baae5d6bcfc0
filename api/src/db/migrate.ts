import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { withTransaction } from "./pool";

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../migrations");

type Migration = { id: number; name: string; sql: string; checksum: string };

/** Reads the numbered `NNNN_name.sql` files in order. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = fs.readFileSync(path.join(dir, file), "utf8");
      return {
        id: Number(file.slice(0, 4)),
        name: file,
        sql,
        checksum: crypto.createHash("sha256").update(sql).digest("hex"),
      };
    });
}

// Any constant works: it only has to be the same in every process that migrates.
const MIGRATION_LOCK = 74_211_001;

/**
 * Applies the migrations not yet applied, all in one transaction, under an advisory lock
 * so two processes starting together do not race. An applied file whose text changed is refused:
 * migrations are forward-only, so a change belongs in a new file.
 */
export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  const applied: string[] = [];
  await withTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ id: number; name: string; checksum: string }>(
      "SELECT id, name, checksum FROM schema_migrations ORDER BY id",
    );
    const done = new Map(rows.map((r) => [r.id, r]));
    for (const m of migrations) {
      const prior = done.get(m.id);
      if (prior) {
        if (prior.checksum !== m.checksum) {
          throw new Error(
            `Migration ${m.name} was changed after it was applied (checksum ${prior.checksum.slice(0, 12)} ≠ ${m.checksum.slice(0, 12)}). ` +
              `Migrations are forward-only: restore the file and put the change in a new migration.`,
          );
        }
        continue;
      }
      await client.query(m.sql);
      await client.query("INSERT INTO schema_migrations (id, name, checksum) VALUES ($1, $2, $3)", [m.id, m.name, m.checksum]);
      applied.push(m.name);
    }
  });
  return applied;
}
