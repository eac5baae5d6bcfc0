import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, withTransaction, type Database } from "../src/db/pool";
import { queryPrepared } from "../src/db/prepared";

// A text no other statement uses, so what pg_prepared_statements shows is this test's.
const TEXT = "SELECT $1::int + 1 AS n /* prepared.test */";
const preparedHere = "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%prepared.test */'";

describe("queryPrepared on the embedded database", () => {
  let db: Database;
  beforeAll(async () => {
    // Through a URL, as test APIs and child processes reach it: the server, not the URL, tells it is PGlite.
    db = await openDatabase({ databaseUrl: inject("databaseUrl"), dataDir: null, poolSize: 2 });
  });
  afterAll(() => db?.close());

  it("prepares a copy per pool client under a name of its own: one session behind the multiplexer never sees a clash", async () => {
    const clients = [await db.pool.connect(), await db.pool.connect()];
    try {
      // Both clients prepare the same text at once, then run it again.
      for (let round = 0; round < 2; round++) {
        const answers = await Promise.all(clients.map((c, i) => queryPrepared<{ n: number }>(c, TEXT, [i + round])));
        expect(answers.map((a) => a.rows[0]!.n)).toEqual([1 + round, 2 + round]);
      }
    } finally {
      for (const c of clients) c.release();
    }
    expect((await queryPrepared<{ n: number }>(db.pool, TEXT, [41])).rows[0]!.n).toBe(42);
    await withTransaction(db.pool, (client) => queryPrepared(client, TEXT, [1]));
    expect((await db.pool.query<{ n: number }>(preparedHere)).rows[0]!.n).toBe(2);
  });
});

// Set ATELIER_TEST_POSTGRES_URL to a database of your own to run it (as the session cache's test).
const postgresUrl = process.env.ATELIER_TEST_POSTGRES_URL;
describe.skipIf(!postgresUrl)("queryPrepared on real Postgres", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: postgresUrl, dataDir: null, poolSize: 1 });
  });
  afterAll(() => db?.close());

  it("prepares a text once per connection, on the pool and on a transaction's client", async () => {
    for (const n of [1, 2, 3]) expect((await queryPrepared<{ n: number }>(db.pool, TEXT, [n])).rows[0]!.n).toBe(n + 1);
    await withTransaction(db.pool, async (client) => {
      expect((await queryPrepared<{ n: number }>(client, TEXT, [9])).rows[0]!.n).toBe(10);
      expect((await client.query<{ n: number }>(preparedHere)).rows[0]!.n).toBe(1);
    });
  });
});
