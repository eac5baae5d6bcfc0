import { afterAll, beforeAll, expect, it } from "vitest";
import { inject } from "vitest";
import { openDatabase, withTransaction, type Database } from "../src/db/pool";

// Through the pool to the embedded database: concurrent callers with different SQL texts,
// parameters and result shapes must each get exactly their own answer (pglite issue 1046).
let db: Database;
beforeAll(async () => {
  db = await openDatabase({ databaseUrl: inject("databaseUrl"), dataDir: null, poolSize: 20 });
  await db.pool.query(`CREATE TABLE IF NOT EXISTS concurrency_probe (id int PRIMARY KEY, label text NOT NULL, amount int NOT NULL)`);
  await db.pool.query(`TRUNCATE concurrency_probe`);
  await db.pool.query(`INSERT INTO concurrency_probe SELECT g, 'row-' || g, g * 3 FROM generate_series(1, 500) g`);
  await db.pool.query(`CREATE TABLE IF NOT EXISTS concurrency_accounts (id int PRIMARY KEY, balance int NOT NULL)`);
  await db.pool.query(`TRUNCATE concurrency_accounts`);
  await db.pool.query(`INSERT INTO concurrency_accounts SELECT g, 1000 FROM generate_series(1, 10) g`);
});
afterAll(() => db.close());

it("answers 1,000 concurrent mixed queries each with its own rows", async () => {
  const checks = Array.from({ length: 1000 }, async (_, i) => {
    switch (i % 5) {
      case 0: {
        const id = (i % 500) + 1;
        const { rows } = await db.pool.query("SELECT id, label FROM concurrency_probe WHERE id = $1", [id]);
        return rows.length === 1 && rows[0].id === id && rows[0].label === `row-${id}`;
      }
      case 1: {
        const limit = (i % 17) + 1;
        const { rows } = await db.pool.query("SELECT count(*)::int AS n, sum(amount)::int AS s FROM concurrency_probe WHERE id <= $1", [limit]);
        return rows[0].n === limit && rows[0].s === (3 * limit * (limit + 1)) / 2;
      }
      case 2: {
        const { rows } = await db.pool.query("SELECT $1::text || ':' || $2::int AS echo, $3::boolean AS flag", [`caller-${i}`, i, i % 2 === 0]);
        return rows[0].echo === `caller-${i}:${i}` && rows[0].flag === (i % 2 === 0);
      }
      case 3: {
        const from = (i % 400) + 1;
        const { rows } = await db.pool.query("SELECT id FROM concurrency_probe WHERE id BETWEEN $1 AND $2 ORDER BY id", [from, from + 4]);
        return rows.map((r) => r.id).join(",") === [0, 1, 2, 3, 4].map((k) => from + k).join(",");
      }
      default: {
        const { rows } = await db.pool.query(`SELECT generate_series(1, ${(i % 7) + 1}) AS g`);
        return rows.length === (i % 7) + 1;
      }
    }
  });
  const results = await Promise.all(checks);
  expect(results.filter((ok) => !ok)).toHaveLength(0);
});

it("keeps 100 concurrent transactions whole", async () => {
  // Each transaction moves 1 between two accounts and checks its own read-your-writes view.
  const results = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      withTransaction(db.pool, async (tx) => {
        const from = (i % 10) + 1;
        const to = ((i + 3) % 10) + 1;
        const before = await tx.query("SELECT balance FROM concurrency_accounts WHERE id = $1", [from]);
        await tx.query("UPDATE concurrency_accounts SET balance = balance - 1 WHERE id = $1", [from]);
        await tx.query("UPDATE concurrency_accounts SET balance = balance + 1 WHERE id = $1", [to]);
        const after = await tx.query("SELECT balance FROM concurrency_accounts WHERE id = $1", [from]);
        return after.rows[0].balance === before.rows[0].balance - 1;
      }),
    ),
  );
  expect(results.every(Boolean)).toBe(true);
  const { rows } = await db.pool.query("SELECT sum(balance)::int AS total, count(*)::int AS n FROM concurrency_accounts");
  expect(rows[0]).toEqual({ total: 10_000, n: 10 });
});

it("rolls back a failed transaction without disturbing others", async () => {
  await expect(
    withTransaction(db.pool, async (tx) => {
      await tx.query("UPDATE concurrency_accounts SET balance = balance - 500 WHERE id = 1");
      throw new Error("abort on purpose");
    }),
  ).rejects.toThrow("abort on purpose");
  const { rows } = await db.pool.query("SELECT sum(balance)::int AS total FROM concurrency_accounts");
  expect(rows[0].total).toBe(10_000);
});

it("keeps large messages whole while other connections query (a Bind split over many packets)", { timeout: 60_000 }, async () => {
  // Its own embedded server, so nothing else shares the session while it runs.
  const small = await openDatabase({ dataDir: null, poolSize: 4 });
  await small.pool.query("CREATE TABLE concurrency_large (id serial PRIMARY KEY, doc jsonb NOT NULL)");
  const big = JSON.stringify({ s: "z".repeat(3_000_000) });
  const results = await Promise.allSettled([
    ...Array.from({ length: 20 }, () => small.pool.query("INSERT INTO concurrency_large (doc) VALUES ($1::jsonb) RETURNING length(doc->>'s') AS n", [big])),
    ...Array.from({ length: 200 }, (_, i) => small.pool.query("SELECT $1::int * 2 AS doubled", [i])),
  ]);
  await small.close();
  const failures = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
  expect(failures).toEqual([]);
  results.slice(0, 20).forEach((r) => expect((r as PromiseFulfilledResult<{ rows: { n: number }[] }>).value.rows[0]!.n).toBe(3_000_000));
  results.slice(20).forEach((r, i) => expect((r as PromiseFulfilledResult<{ rows: { doubled: number }[] }>).value.rows[0]!.doubled).toBe(i * 2));
});
