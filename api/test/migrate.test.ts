import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { openDatabase, type Database } from "../src/db/pool";
import { migrate, readMigrations } from "../src/db/migrate";

let db: Database;
let dir: string;
const schema = `migrate_test_${process.pid}`;

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: inject("databaseUrl"), dataDir: null, poolSize: 2 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-migrations-"));
});
afterAll(async () => {
  await db.pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it("has numbered, uniquely numbered migration files", () => {
  const ids = readMigrations().map((m) => m.id);
  expect(ids.length).toBeGreaterThan(0);
  expect(new Set(ids).size).toBe(ids.length);
});

it("applies new files once and refuses an applied file that was edited", async () => {
  // Ids far above the project's own and a private schema keep the shared test database untouched.
  fs.writeFileSync(path.join(dir, "9001_first.sql"), `CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.a (id int);`);
  expect(await migrate(db.pool, dir)).toEqual(["9001_first.sql"]);
  expect(await migrate(db.pool, dir)).toEqual([]);
  fs.writeFileSync(path.join(dir, "9002_second.sql"), `CREATE TABLE ${schema}.b (id int);`);
  expect(await migrate(db.pool, dir)).toEqual(["9002_second.sql"]);
  fs.writeFileSync(path.join(dir, "9001_first.sql"), `CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.a (id int, extra text);`);
  await expect(migrate(db.pool, dir)).rejects.toThrow(/9001_first\.sql was changed after it was applied/);
  await db.pool.query("DELETE FROM schema_migrations WHERE id >= 9000");
});

it("rolls back a failing migration entirely", async () => {
  const bad = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-bad-"));
  fs.writeFileSync(path.join(bad, "9101_ok.sql"), `CREATE TABLE ${schema}_ok (id int);`);
  fs.writeFileSync(path.join(bad, "9102_broken.sql"), `CREATE TABLE nope (;`);
  await expect(migrate(db.pool, bad)).rejects.toThrow();
  const { rows } = await db.pool.query("SELECT to_regclass($1) AS t", [`${schema}_ok`]);
  expect(rows[0].t).toBeNull();
  const applied = await db.pool.query("SELECT count(*)::int AS n FROM schema_migrations WHERE id >= 9100");
  expect(applied.rows[0].n).toBe(0);
  fs.rmSync(bad, { recursive: true, force: true });
});

it("applies a file numbered below ones already applied (a file added later, like 0000_extensions)", async () => {
  const late = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-late-"));
  fs.writeFileSync(path.join(late, "9302_later.sql"), `CREATE TABLE ${schema}_later (id int);`);
  expect(await migrate(db.pool, late)).toEqual(["9302_later.sql"]);
  fs.writeFileSync(path.join(late, "9301_earlier.sql"), `CREATE TABLE IF NOT EXISTS ${schema}_earlier (id int);`);
  expect(await migrate(db.pool, late)).toEqual(["9301_earlier.sql"]);
  expect(await migrate(db.pool, late)).toEqual([]);
  await db.pool.query(`DROP TABLE ${schema}_later, ${schema}_earlier`);
  await db.pool.query("DELETE FROM schema_migrations WHERE id >= 9300");
  fs.rmSync(late, { recursive: true, force: true });
});

describe("a fresh database", () => {
  const EXTENSIONS = ["citext", "pg_trgm", "pgcrypto", "uuid-ossp", "vector"];
  let fresh: Database;
  // Its own embedded server: the embedded worker creates no extensions, like a new real
  // Postgres, so only the migrations can make the schema work. Blank, not the run's migrated template.
  beforeAll(async () => {
    fresh = await openDatabase({ dataDir: null, poolSize: 2, template: null });
  });
  afterAll(() => fresh.close());

  it("migrates from nothing, creating the extensions first", async () => {
    const before = await fresh.pool.query("SELECT extname FROM pg_extension WHERE extname = ANY($1)", [EXTENSIONS]);
    expect(before.rows).toEqual([]);
    const applied = await migrate(fresh.pool);
    expect(applied[0]).toBe("0000_extensions.sql");
    expect(applied).toEqual(readMigrations().map((m) => m.name));
    const { rows } = await fresh.pool.query<{ extname: string }>("SELECT extname FROM pg_extension WHERE extname = ANY($1) ORDER BY extname", [EXTENSIONS]);
    expect(rows.map((r) => r.extname)).toEqual(EXTENSIONS);
  });

  it("applies 0000_extensions harmlessly to a database migrated before it existed", async () => {
    await fresh.pool.query("DELETE FROM schema_migrations WHERE id = 0");
    expect(await migrate(fresh.pool)).toEqual(["0000_extensions.sql"]);
    expect(await migrate(fresh.pool)).toEqual([]);
  });
});
