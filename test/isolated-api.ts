// An API on a database of its own, for tests that assert "nothing was written" over every table:
// on the run's shared database other files write at the same time, so only a private one can
// tell a write of ours from theirs.
import type pg from "pg";
import { createApiClient, type ApiClient } from "@atelier/contracts";
import { openDatabase, type Database } from "../api/src/db/pool";
import { migrate } from "../api/src/db/migrate";
import { startApi, type ApiServer } from "../api/src/server";
import { testConfig } from "../api/test/harness";
import type { Config } from "../api/src/config";

export type IsolatedApi = ApiServer & { client: ApiClient; database: Database };

/** A fresh in-memory embedded Postgres, migrated, with the API on a free port. */
export async function startIsolatedApi(overrides: Partial<Config> = {}, options: { poolSize?: number; databaseUrl?: string } = {}): Promise<IsolatedApi> {
  // A benchmark may point at an empty database on a real Postgres server instead.
  const database = await openDatabase({ dataDir: null, poolSize: options.poolSize ?? 5, ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}) });
  try {
    await migrate(database.pool);
    const api = await startApi({ config: testConfig(overrides), database, migrate: false });
    return {
      ...api,
      database,
      client: createApiClient({ baseUrl: api.url }),
      async close() {
        await api.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** Every table of the public schema with its row count and a hash of its rows, in one statement. */
export async function tableFootprint(pool: pg.Pool): Promise<Map<string, string>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  // The hash catches updates, which keep the count; rows are ordered by their text so it is stable.
  const sql = tables
    .map(({ name }, i) => `SELECT $${i + 1}::text AS name, count(*)::int AS n, md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text), '')) AS h FROM "${name.replaceAll('"', '""')}" r`)
    .join(" UNION ALL ");
  const { rows } = await pool.query<{ name: string; n: number; h: string }>(sql, tables.map((t) => t.name));
  return new Map(rows.map((r) => [r.name, `${r.n} rows, ${r.h}`]));
}

/**
 * The job queue's own bookkeeping: recurring schedules (the quote expiry runs every minute) write
 * there on their own clock, whatever a request did; what a job changes elsewhere still shows.
 */
const QUEUE_TABLES = new Set(["jobs", "job_schedules"]);

/** The tables whose rows differ between two footprints, as "table: before → after". */
export function footprintChanges(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => !QUEUE_TABLES.has(n) && before.get(n) !== after.get(n)).map((n) => `${n}: ${before.get(n) ?? "absent"} → ${after.get(n) ?? "absent"}`);
}
